/// What a registration counts: down to an end, or up forever.
public enum CountdownTarget: Hashable, Sendable {
  /// Count down for this long from the moment of registration.
  case duration(Duration)
  /// Count down to this instant of the engine's clock.
  case deadline(CountdownInstant)
  /// Count up from zero, one step per interval, until cancelled: a tick listener for count-up
  /// timers and polling.
  case countingUp
}
