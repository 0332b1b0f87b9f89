/// A one-shot, re-armable timer made by a ``CountdownClock``; it may also repeat.
public protocol CountdownTimer: Sendable {
  /// Arms the timer to fire once at `deadline` (at once if it has passed), replacing any earlier
  /// deadline or repeating schedule; `nil` disarms it.
  func schedule(at deadline: CountdownInstant?)
  /// Whether ``schedule(at:repeating:)`` makes this timer fire again and again. Read once, when
  /// the engine gets the timer; `false` unless the timer says otherwise.
  var supportsRepeating: Bool { get }
  /// Arms the timer to fire at `deadline` (at once if it has passed) and then every `interval`
  /// after it, skipping the fires it could not make on time rather than catching up, until it is
  /// re-armed, disarmed or cancelled. A timer that cannot repeat fires once, at `deadline`.
  func schedule(at deadline: CountdownInstant, repeating interval: Duration)
  /// Stops the timer for good. It never fires after this returns.
  func cancel()
}

extension CountdownTimer {
  /// A timer repeats only when it says so.
  public var supportsRepeating: Bool { false }

  /// One fire at `deadline`: what a timer that cannot repeat does.
  public func schedule(at deadline: CountdownInstant, repeating interval: Duration) {
    schedule(at: deadline)
  }
}

/// What a ``CountdownTimer`` reports to its engine.
public enum CountdownTimerEvent: Sendable {
  /// The armed deadline was reached.
  case fired
  /// Time was advanced by hand; deliver whatever is pending now.
  case settle
}
