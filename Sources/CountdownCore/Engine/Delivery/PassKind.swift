extension CountdownEngine {
  /// The three kinds of delivery pass, decided when a pass starts.
  enum PassKind {
    /// A wakeup happened: the whole table is walked, every registration brought to this grid
    /// instant (first deliveries included).
    case tick(Int64)
    /// First deliveries only, for so many registrations that one walk of the table is cheaper than
    /// looking each up. Others are not due, even if their boundary passed, so that all values
    /// keep flipping together on the grid.
    case firstDeliveriesByWalk
    /// First deliveries only, each looked up.
    case firstDeliveries([EngineState.PendingDelivery])

    /// The grid instant of a tick; `nil` for first deliveries.
    var tickInstant: Int64? {
      if case .tick(let instant) = self { instant } else { nil }
    }
  }
}
