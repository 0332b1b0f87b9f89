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
