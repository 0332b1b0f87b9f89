extension Duration {
  /// This duration in whole nanoseconds, truncated toward zero.
  ///
  /// The one conversion from `Duration` to the engine's 64-bit nanosecond counts: for input that
  /// may be out of range (an interval, a countdown's length, a clock's jitter).
  ///
  /// - Throws: ``CountdownError/outOfRange`` when it does not fit in 64 bits (about ±292 years).
  package func countdownNanoseconds() throws(CountdownError) -> Int64 {
    let (seconds, attoseconds) = components
    let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    guard !overflow else { throw .outOfRange }
    let (total, overflow2) = scaled.addingReportingOverflow(attoseconds / 1_000_000_000)
    guard !overflow2 else { throw .outOfRange }
    return total
  }

  /// This duration in whole nanoseconds, truncated toward zero, clamped to `Int64.min...Int64.max`
  /// where it does not fit: for measured time (a clock reading, a benchmark's run), which never
  /// comes near the limits, so that no caller needs a `try`.
  package var nanosecondsSaturating: Int64 {
    (try? countdownNanoseconds()) ?? (self < .zero ? .min : .max)
  }
}
