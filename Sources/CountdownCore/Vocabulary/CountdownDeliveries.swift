/// Which values of a countdown reach its handler.
public enum CountdownDeliveries: Hashable, Sendable {
  /// Every value: the first one as a prompt delivery (at once, not at the next tick), then every
  /// change, then the final 0 (labels). Resuming the countdown or the engine's ticking delivers its
  /// current value promptly again.
  case everyChange
  /// Only the final 0 (one-shot actions): the engine wakes for it alone, so a ten-minute delay
  /// costs one wakeup and one callback, not one per interval. A deadline already passed delivers
  /// its 0 at once. There are no prompt deliveries: registering, resuming the countdown and
  /// resuming the engine's ticking deliver nothing; a countdown that ran out meanwhile still gets
  /// its 0.
  case onlyTheEnd
}
