// Saturating arithmetic for the plans' nanoseconds and ordinals.

extension Int64 {
  /// `self + other`, held at `Int64.max` or `Int64.min` where it would overflow.
  func addingSaturated(_ other: Int64) -> Int64 {
    let (sum, overflow) = addingReportingOverflow(other)
    guard overflow else { return sum }
    return other > 0 ? .max : .min
  }
}

extension Int {
  /// `self * other`, held at `Int.max` or `Int.min` where it would overflow (an ordinal of a
  /// forever plan, on a platform whose `Int` has 32 bits).
  func multipliedSaturated(by other: Int) -> Int {
    let (product, overflow) = multipliedReportingOverflow(by: other)
    guard overflow else { return product }
    return (self < 0) == (other < 0) ? .max : .min
  }

  /// `self + other`, held at `Int.max` or `Int.min` where it would overflow.
  func addingSaturated(_ other: Int) -> Int {
    let (sum, overflow) = addingReportingOverflow(other)
    guard overflow else { return sum }
    return other > 0 ? .max : .min
  }
}

extension Int64 {
  /// `self - other`, held at `Int64.max` or `Int64.min` where it would overflow.
  func subtractingSaturated(_ other: Int64) -> Int64 {
    let (difference, overflow) = subtractingReportingOverflow(other)
    guard overflow else { return difference }
    return other < 0 ? .max : .min
  }
}
