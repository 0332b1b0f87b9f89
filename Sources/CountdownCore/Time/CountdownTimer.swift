/// A one-shot, re-armable timer made by a ``CountdownClock``.
public protocol CountdownTimer: Sendable {
  /// Arms the timer to fire once at `deadline` (at once if it has passed), replacing any earlier
  /// deadline; `nil` disarms it.
  func schedule(at deadline: CountdownInstant?)
  /// Stops the timer for good. It never fires after this returns.
  func cancel()
}

/// What a ``CountdownTimer`` reports to its engine.
public enum CountdownTimerEvent: Sendable {
  /// The armed deadline was reached.
  case fired
  /// Time was advanced by hand; deliver whatever is pending now.
  case settle
}
