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
  /// Wakeups that only probed paused registrations sooner than rule 13 allows after the last
  /// one, in all: 0 while it holds.
  private(set) var probeWakeupsTooSoon: Int64 = 0
  /// The clock reading of the last wakeup that only probed paused registrations, since which the
  /// registrations did not change; `nil` after a change (rule 13).
  private(set) var lastProbeOnlyWakeup: Int64?
  /// The registrations changed since the last wakeup that only probed: the next such wakeup may
  /// be the one the bound a change leaves buys, off the probe grid, and does not start the minute
  /// (rule 13).
  private(set) var changedSinceProbeOnlyWakeup = false
  /// The clock reading of the latest wakeup that left work for a pass, until a pass finishes it:
  /// so rule 13 counts a wakeup's pass, not a pass a call owed (a resume's, a registration's).
  private(set) var wakeupAwaitingPass: Int64?

  /// A wakeup at clock reading `reading` left work for a pass (`nil`: none).
  @inline(__always)
  mutating func noteWakeup(at reading: Int64?) {
    wakeupAwaitingPass = reading
  }

  /// The reading of the wakeup whose work the pass that finishes now did, if any.
  mutating func takeWakeupAwaitingPass() -> Int64? {
    defer { wakeupAwaitingPass = nil }
    return wakeupAwaitingPass
  }

  /// The registrations changed: a call registered, cancelled, paused, resumed, moved an end,
  /// suspended or resumed the engine, or a pass removed what ended or stopped. It may leave a
  /// bound that buys the next wakeup (a removal never raises the bound), which rule 13 does not
  /// count against the probes.
  @inline(__always)
  mutating func noteChange() {
    lastProbeOnlyWakeup = nil
    changedSinceProbeOnlyWakeup = true
  }

  /// A wakeup at clock reading `reading` only probed paused registrations; returns whether it
  /// came sooner than `minimumGap` after the last one with no change between (rule 13), and counts it.
  mutating func countProbeOnlyWakeup(at reading: Int64, minimumGap: Int64) -> Bool {
    if changedSinceProbeOnlyWakeup {
      // Maybe bought by a change's bound, off the probe grid: the minute starts at the next one.
      changedSinceProbeOnlyWakeup = false
      return false
    }
    defer { lastProbeOnlyWakeup = reading }
    guard let last = lastProbeOnlyWakeup, reading.subtractingSaturated(last) < minimumGap else { return false }
    probeWakeupsTooSoon += 1
    return true
  }

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
