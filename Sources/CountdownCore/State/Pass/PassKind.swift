/// The five kinds of delivery pass, decided when a pass starts.
enum PassKind {
  /// A wakeup at a grid instant by which a value on the grid changes (or a suspension's end):
  /// the table's walked part is brought to this grid instant, then the due `ends` are delivered as
  /// an end pass delivers them. With per-countdown alignment, the walk also rebuilds the wheel.
  case tick(Int64, ends: [EngineState.PendingEnd])
  /// A wakeup with per-countdown alignment: the registrations whose wheel entries it holds (those
  /// of the windows that passed: ``EngineState/holdWindows(through:)``), and the prompt
  /// deliveries owed, are brought to this grid instant; nothing else is looked at.
  case windows(Int64, [EngineState.RegistrationIdentity])
  /// A wakeup for ends, by which no value on the grid changes: the final 0 (or milestone) of each
  /// registration these entries name that is still at its last value. `labels` is the last grid
  /// instant by the pass's start, for an overtime countdown whose end is found late.
  case ends([EngineState.PendingEnd], labels: Int64)
  /// Prompt deliveries only, for so many registrations that one walk of the table's walked part is
  /// cheaper than looking each up. Others are not due, even if their boundary passed, so that all
  /// values keep flipping together on the grid.
  case promptDeliveriesByWalk
  /// Prompt deliveries only, each looked up.
  case promptDeliveries([EngineState.RegistrationIdentity])

  /// The grid instant of a tick or a window pass; `nil` for prompt deliveries and ends.
  var tickInstant: Int64? {
    switch self {
    case .tick(let instant, _), .windows(let instant, _): instant
    case .ends, .promptDeliveriesByWalk, .promptDeliveries: nil
    }
  }

  /// The grid instant the labels stand for in this pass: a tick's or a window pass's, or the
  /// last one by an ends pass's start; `nil` for prompt deliveries.
  var labelsInstant: Int64? {
    if case .ends(_, let labels) = self { return labels }
    return tickInstant
  }
}
