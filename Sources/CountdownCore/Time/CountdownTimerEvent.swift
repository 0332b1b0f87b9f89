/// What a ``CountdownTimer`` reports to its engine.
public enum CountdownTimerEvent: Sendable {
  /// The armed deadline was reached.
  case fired
  /// Time was advanced by hand; deliver whatever is pending now.
  case settle
}
