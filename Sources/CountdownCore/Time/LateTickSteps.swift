/// How far a tick that came late moves a running countdown down: by as many values as interval
/// boundaries passed. The countdowns a late tick walks are mostly late by as much, so the count is
/// computed with one division for the first and reused for the others.
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
