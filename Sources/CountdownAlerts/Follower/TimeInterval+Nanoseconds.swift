import Foundation

extension TimeInterval {
  /// These seconds in whole nanoseconds, rounded, and held within `Int64` (a frozen countdown's
  /// time left comes from dates, whose difference a `Double` may round past the last nanosecond a
  /// deadline holds).
  var nanosecondsClamped: Int64 {
    let nanoseconds = (self * 1e9).rounded()
    if nanoseconds.isNaN { return 0 }
    if nanoseconds >= 9.223_372_036_854_775_807e18 { return .max }
    if nanoseconds <= -9.223_372_036_854_775_808e18 { return .min }
    return Int64(nanoseconds)
  }
}
