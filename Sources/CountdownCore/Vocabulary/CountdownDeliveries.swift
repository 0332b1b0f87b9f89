/// Which values of a countdown reach its handler.
public enum CountdownDeliveries: Hashable, Sendable {
  /// The first value at once, then every change, then the final 0 (labels).
  case everyChange
  /// Only the final 0 (one-shot actions): the engine wakes for it alone, so a ten-minute delay
  /// costs one wakeup and one callback, not one per interval. A deadline already passed delivers
  /// its 0 at once; resuming after a suspension still delivers the current value once.
  case onlyTheEnd
}
