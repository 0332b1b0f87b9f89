// What a timing reads without changing: whether its value fits, how much time it has left, where
// its changes fall on the clock, whether it is at its last value or finished. Only the timing's
// package members, so they live apart from its word's layout (`CountdownTiming.swift`).

extension CountdownTiming {
  /// Whether this countdown's value at `now` fits in a timing (see ``maximumValue``); a count-up's
  /// always does (it stops at the maximum).
  package func valueFits(at now: Int64, interval: Int64) -> Bool {
    guard kind == .countdown, !isPaused else { return true }
    let (left, overflow) = anchor.subtractingReportingOverflow(now)
    if overflow { return anchor < now }
    return left <= 0 || (left - 1) / interval + 1 <= Self.maximumValue
  }

  /// The remaining (countdown) or elapsed (counting up) nanoseconds at `now`; negative for a
  /// countdown in overtime.
  package func nanoseconds(at now: Int64) -> Int64 {
    if isPaused { return anchor }
    switch kind {
    case .countdown:
      let left = anchor.subtractingSaturated(now)
      return countsOvertime ? left : max(0, left)
    case .countingUp: return max(0, now.subtractingSaturated(anchor))
    }
  }

  /// ``nanoseconds(at:)``, but negative for a running countdown whose deadline passed before `now`.
  package func signedNanoseconds(at now: Int64) -> Int64 {
    kind == .countdown && !isPaused ? anchor.subtractingSaturated(now) : nanoseconds(at: now)
  }

  /// The clock instant of `change`, an instant on this timing's time: for ``SuspensionPolicy/pauses``
  /// running time, to which the time spent suspended, `suspendedTotal`, is added.
  @inline(__always)
  package func clockInstant(of change: Int64, suspendedTotal: Int64) -> Int64 {
    policy == .pauses ? change.addingSaturated(suspendedTotal) : change
  }

  /// Whether this is a running countdown whose next change comes on the end's grid: its end (it
  /// shows 1, or delivers only its end and has not yet: it stands at 1 until then), or its next
  /// milestone (``deliversMilestones``).
  @inline(__always)
  package var isAtItsLastValue: Bool {
    kind == .countdown && !isPaused && (value == 1 || (deliversMilestones && value > 1))
  }

  /// Whether the last delivered value ends the registration.
  package var isFinished: Bool { kind == .countdown && value == 0 && !isPaused && !countsOvertime }
}
