/// What the timer's arming depends on besides the arming itself and the clock's reading, as an
/// arming check read it (``EngineState/neededArming(now:)``): with the same inputs, the same
/// arming and an earliest change still to come, a check gives the same answer.
struct ArmingInputs: Equatable {
  /// ``ChangeBound/earliestChange``.
  var earliestChange: Int64?
  /// The soonest end to come, stale ends dropped (``EngineState/dropStaleEnds()``).
  var soonestEnd: Int64?
  /// ``InstantsActedOn/wakeupInstant``.
  var wakeupInstant: Int64

  /// Whether a check's answer cannot depend on the clock reading `now`: the earliest change, if
  /// any, is after it, so that the wakeup for it is its grid instant and no grid instant has passed
  /// with it due.
  func holdRegardlessOfTime(at now: Int64) -> Bool {
    earliestChange.map { $0 > now } ?? true
  }
}
