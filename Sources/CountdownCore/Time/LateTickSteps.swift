/// How far a tick that came late moves a running countdown down: by as many values as interval
/// boundaries passed since its next change. A tick is late by whole intervals when the delivery
/// queue was busy, or when a tick's callbacks take longer than an interval (a million countdowns
/// at 100 Hz): the countdowns a tick walks were mostly delivered at the same earlier tick, so they
/// are late by as many intervals. The count is computed with one division for the first of them
/// and reused for every other late by as much, instead of a division per countdown.
package struct LateTickSteps {
  package let interval: Int64
  /// How late (`lower ..< upper`, in nanoseconds) a countdown is for `steps` to apply: empty until
  /// the first late one.
  private var lower: Int64 = 1
  private var upper: Int64 = 0
  private var steps: Int64 = 0

  package init(interval: Int64) {
    self.interval = interval
  }

  /// The values a countdown moves down at the tick, its next change `late` nanoseconds (at least
  /// 0) before the tick's instant: ⌊late ÷ interval⌋ + 1, or `Int64.max` where that overflows.
  /// (The walk asks only once `late` is an interval or more; on time, it is 1.)
  @inline(__always)
  package mutating func steps(late: Int64) -> Int64 {
    if late < interval { return 1 }
    if late >= lower, late < upper { return steps }
    let quotient = late / interval
    lower = quotient &* interval  // at most `late`: no overflow
    let (sum, overflow) = lower.addingReportingOverflow(interval)
    upper = overflow ? .max : sum
    steps = quotient == .max ? .max : quotient + 1
    return steps
  }
}
