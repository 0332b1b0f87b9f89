// Saturating arithmetic for ordinals: a plan that runs forever counts its segments past any `Int`
// on a platform whose `Int` has 32 bits, and an ordinal held at `Int.max` is beyond any clock.

extension Int {
  /// `self * other`, held at `Int.max` or `Int.min` where it would overflow.
  @inlinable package func multipliedSaturated(by other: Int) -> Int {
    let (product, overflow) = multipliedReportingOverflow(by: other)
    guard overflow else { return product }
    return (self < 0) == (other < 0) ? .max : .min
  }

  /// `self + other`, held at `Int.max` or `Int.min` where it would overflow.
  @inlinable package func addingSaturated(_ other: Int) -> Int {
    let (sum, overflow) = addingReportingOverflow(other)
    guard overflow else { return sum }
    return other > 0 ? .max : .min
  }
}
