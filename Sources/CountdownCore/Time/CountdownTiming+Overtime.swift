// A countdown counting on past its deadline (``CountdownEnding/countsOvertime``): its value below
// 0, and when that changes. Its flag lives in the timing's flag byte (CountdownTiming.swift).

extension CountdownTiming {
  /// The value of a countdown `late` nanoseconds (at least 0) past its deadline: 0 unless it counts
  /// overtime, else −floor(late ÷ interval), no lower than −``maximumValue``.
  @inline(__always)
  func overtimeValue(late: Int64, interval: Int64) -> Int64 {
    countsOvertime ? -min(late / interval, Self.maximumValue) : 0
  }

  /// When an overtime countdown at `value` (0 or less) moves down next: −floor((t − deadline) ÷ interval)
  /// drops below `value` once t − deadline reaches (1 − value) · interval; `nil` at the lowest
  /// value, or past the clock's last instant.
  func overtimeChange(interval: Int64) -> Int64? {
    guard value > -Self.maximumValue else { return nil }
    let (product, overflow) = (1 &- value).multipliedReportingOverflow(by: interval)
    let (instant, late) = deadlineOrStart.addingReportingOverflow(product)
    return overflow || late ? nil : instant
  }
}
