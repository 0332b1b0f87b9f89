// What a timing reads without changing: whether its value fits, how much time it has left, where
// its changes fall on the clock, whether it is at its last value or finished. Only the timing's
// package members, kept apart from its word's layout (CountdownTiming.swift).

extension CountdownTiming {
  /// Whether this countdown's value at `now` fits in a timing (see ``maximumValue``); a count-up's
  /// always does (it stops at the maximum).
  package func valueFits(at now: Int64, interval: Int64) -> Bool {
    guard kind == .countdown, !isPaused else { return true }
    let (left, overflow) = deadlineOrStart.subtractingReportingOverflow(now)
    if overflow { return deadlineOrStart < now }
    return left <= 0 || (left - 1) / interval + 1 <= Self.maximumValue
  }

  /// The remaining (or elapsed) nanoseconds at `now`; negative for a countdown in overtime.
  package func nanoseconds(at now: Int64) -> Int64 {
    if isPaused { return deadlineOrStart }
    switch kind {
    case .countdown:
      let left = deadlineOrStart.subtractingSaturated(now)
      return countsOvertime ? left : max(0, left)
    case .countingUp: return max(0, now.subtractingSaturated(deadlineOrStart))
    }
  }

  /// ``nanoseconds(at:)``, but negative for a running countdown whose deadline passed before `now`.
  package func signedNanoseconds(at now: Int64) -> Int64 {
    kind == .countdown && !isPaused ? deadlineOrStart.subtractingSaturated(now) : nanoseconds(at: now)
  }

  /// The clock instant of `change`, an instant on this timing's time: for ``SuspensionPolicy/pauses``
  /// running time, to which the time spent suspended, `suspendedTotal`, is added. `nil` when that
  /// lies past the clock's last instant: such a change never comes on this clock.
  @inline(__always)
  package func clockInstant(of change: Int64, suspendedTotal: Int64) -> Int64? {
    guard policy == .pauses else { return change }
    // The time spent suspended is never negative: only a sum past `Int64.max` overflows.
    let (instant, overflow) = change.addingReportingOverflow(suspendedTotal)
    return overflow ? nil : instant
  }

  /// The clock instant of this timing's next change (``nextChange(interval:)``, then
  /// ``clockInstant(of:suspendedTotal:)``); `nil` when it never changes on this clock. On running
  /// time, it holds only while the time spent suspended stays `suspendedTotal`.
  @inline(__always)
  package func nextClockChange(interval: Int64, suspendedTotal: Int64) -> Int64? {
    guard let change = nextChange(interval: interval) else { return nil }
    return clockInstant(of: change, suspendedTotal: suspendedTotal)
  }

  /// Whether this is a running countdown whose next change comes on the end's grid: its end, or
  /// its next milestone.
  @inline(__always)
  package var isAtItsLastValue: Bool {
    kind == .countdown && !isPaused && (value == 1 || (deliversMilestones && value > 1))
  }

  /// Whether the last delivered value ends the registration.
  package var isFinished: Bool { kind == .countdown && value == 0 && !isPaused && !countsOvertime }
}
