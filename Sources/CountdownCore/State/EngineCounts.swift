/// What the engine has done so far (``EngineStatistics``, and what tests of a wakeup's cost read).
/// 64 bits wide on every platform: a 32-bit `Int` would overflow after days of ticking.
struct EngineCounts {
  private(set) var wakeups: Int64 = 0
  private(set) var batches: Int64 = 0
  private(set) var deliveries: Int64 = 0
  /// Registrations passes looked at (walked, or taken from the wheel or the ends): for tests of
  /// what a wakeup costs.
  private(set) var examined: Int64 = 0
  /// Registrations passes looked at over what rule 11 allows them, in all: 0 while it holds.
  private(set) var examinedOverAllowance: Int64 = 0

  mutating func countWakeup() {
    wakeups += 1
  }

  mutating func countDeliveries(_ count: Int) {
    deliveries += Int64(count)
  }

  mutating func countExaminedOverAllowance(_ excess: Int) {
    examinedOverAllowance += Int64(excess)
  }

  /// A pass finished, having looked at `examined` registrations and made at least one callback if
  /// `delivered`: a batch, as ``EngineStatistics/batches`` counts them.
  mutating func countPass(examined: Int, delivered: Bool) {
    self.examined += Int64(examined)
    if delivered {
      batches += 1
    }
  }
}
