extension Int64 {
  /// `self + other`, clamped to `Int64.min...Int64.max` instead of overflowing: instants near the
  /// ends of the clock's range (a deadline at `.max`, a clock started at `.max`) never wrap or trap.
  @inline(__always)
  func addingSaturated(_ other: Int64) -> Int64 {
    let (sum, overflow) = addingReportingOverflow(other)
    return overflow ? (other > 0 ? .max : .min) : sum
  }

  /// `self - other`, clamped to `Int64.min...Int64.max` instead of overflowing.
  @inline(__always)
  func subtractingSaturated(_ other: Int64) -> Int64 {
    let (difference, overflow) = subtractingReportingOverflow(other)
    return overflow ? (other > 0 ? .min : .max) : difference
  }
}
