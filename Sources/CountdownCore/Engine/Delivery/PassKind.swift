extension CountdownEngine {
  /// The four kinds of delivery pass, decided when a pass starts.
  enum PassKind {
    /// A wakeup happened: the whole table is walked, every registration brought to this grid
    /// instant (first deliveries included), and the ends due by the wakeup's end instant delivered.
    case tick(Int64)
    /// A wakeup between two grid instants, for ends: the final 0 of each registration these
    /// entries name that is still at its last value and due by the wakeup's end instant. Nothing
    /// else is walked.
    case ends([PendingEnds.Entry])
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
