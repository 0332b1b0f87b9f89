// The engine's nanosecond arithmetic: `Duration` to 64-bit nanoseconds, saturating sums, and the
// earlier of two instants that may be none.

extension Duration {
  /// This duration in whole nanoseconds, truncated toward zero: for input that may be out of range
  /// (an interval, a countdown's length, a clock's jitter).
  ///
  /// - Throws: ``CountdownError/outOfRange`` when it does not fit in 64 bits (about ±292 years).
  package func countdownNanoseconds() throws(CountdownError) -> Int64 {
    if #available(macOS 15, iOS 18, macCatalyst 18, tvOS 18, watchOS 11, visionOS 2, *) {
      return try nanosecondsFromAttoseconds()
    }
    return try nanosecondsFromComponents()
  }

  /// ``countdownNanoseconds()`` by one 128-bit division of the attoseconds: about 40 instructions,
  /// where ``nanosecondsFromComponents()`` takes about 250 (`components` divides by 10^18 and the
  /// clamp builds two durations), at every registration of a duration.
  @available(macOS 15, iOS 18, macCatalyst 18, tvOS 18, watchOS 11, visionOS 2, *)
  package func nanosecondsFromAttoseconds() throws(CountdownError) -> Int64 {
    guard let total = Int64(exactly: attoseconds / 1_000_000_000) else { throw .outOfRange }
    return total
  }

  /// ``countdownNanoseconds()`` from `components`, for systems whose `Duration` has no
  /// `attoseconds`.
  package func nanosecondsFromComponents() throws(CountdownError) -> Int64 {
    let (seconds, attoseconds) = clampedComponents
    let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    guard !overflow else { throw .outOfRange }
    let (total, overflow2) = scaled.addingReportingOverflow(attoseconds / 1_000_000_000)
    guard !overflow2 else { throw .outOfRange }
    return total
  }

  /// `components`, clamped to `Int64`'s seconds: a `Duration` holds more seconds than that (a
  /// sum of two large ones, or `Duration(secondsComponent: .min, attosecondsComponent: -1)`), and
  /// `components` traps on such a one. Compared, not computed: comparison never traps.
  package var clampedComponents: (seconds: Int64, attoseconds: Int64) {
    if self < .seconds(Int64.min) { return (.min, 0) }
    if self > .seconds(Int64.max) { return (.max, 0) }
    return components
  }

  /// This duration in whole nanoseconds, truncated toward zero and clamped: for measured time,
  /// which never comes near the limits, so that no caller needs a `try`.
  package var nanosecondsSaturating: Int64 {
    (try? countdownNanoseconds()) ?? (self < .zero ? .min : .max)
  }
}

extension Int64 {
  /// `self + other`, clamped to `Int64.min...Int64.max` instead of overflowing: instants near the
  /// ends of the clock's range (a deadline at `.max`, a clock started at `.max`) never wrap or trap.
  @inlinable @inline(__always)
  package func addingSaturated(_ other: Int64) -> Int64 {
    let (sum, overflow) = addingReportingOverflow(other)
    return overflow ? (other > 0 ? .max : .min) : sum
  }

  /// The earlier of two instants, either of which may be none: for the engine's bounds on the next
  /// change, where `nil` is "no change to come" and every instant, `Int64.max` included, is one.
  @inline(__always)
  static func earlier(_ a: Int64?, _ b: Int64?) -> Int64? {
    guard let a else { return b }
    guard let b else { return a }
    return Swift.min(a, b)
  }

  /// `self - other`, clamped to `Int64.min...Int64.max` instead of overflowing.
  @inlinable @inline(__always)
  package func subtractingSaturated(_ other: Int64) -> Int64 {
    let (difference, overflow) = subtractingReportingOverflow(other)
    return overflow ? (other > 0 ? .min : .max) : difference
  }
}
