/// What a registration counts: down to an end, or up forever.
///
/// An enum, complete by design: a registration counts down for a length, down to an instant, or
/// up; every other way to give an end (a `Date`, seconds, a server date) is turned into one of
/// these by the caller, so no case can come, and a `switch` over it needs no `default`.
public enum CountdownTarget: Hashable, Sendable {
  /// Count down for this long from the moment of registration.
  case duration(Duration)
  /// Count down to this instant of the engine's clock.
  case deadline(CountdownInstant)
  /// Count up from zero, one step per interval, until cancelled: a tick listener for count-up
  /// timers and polling.
  case countingUp
}

/// What a countdown does while its engine is suspended (for example while the app is in the
/// background).
///
/// An enum, complete by design: time spent suspended either counts or it does not, so no case can
/// come, and a `switch` over it needs no `default`.
public enum SuspensionPolicy: Hashable, Sendable {
  /// Its deadline is a real moment: time spent suspended counts (a sale that ends at 18:00).
  case keepsRunning
  /// It stops with the engine and continues from where it was on resume (a quiz clock).
  case pauses
}

/// What the engine calls for a registration: its remaining (or, counting up, elapsed) whole
/// intervals, and a stop flag that ends the registration after this call.
///
/// The engine does not pass the receiver and does not watch it die: a handler that must end with
/// its receiver captures it weakly and sets `stop` once it is gone (CountdownKit's manager does so
/// for every countdown). That keeps weak-reference atomics off the engine's tick.
public typealias CountdownHandler = @Sendable (_ value: Int, _ stop: inout Bool) -> Void
