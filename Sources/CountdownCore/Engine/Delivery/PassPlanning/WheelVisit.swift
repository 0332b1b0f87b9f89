extension CountdownEngine {
  /// What a window pass delivers (``PassKind/windows(_:_:)``): the wheel's lists of the windows
  /// that passed, in order, and the prompt deliveries owed.
  struct WheelVisit {
    var windows: [(number: Int64, entries: ContiguousArray<ChangeWheel.Entry>)]
    var promptDeliveries: [EngineState.PendingDelivery]
  }
}
