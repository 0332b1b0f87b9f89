extension PhaseCursor {
  /// Brings the cursor up to `now`: every phase whose end is at or before `now` has ended, and
  /// those ends are returned, oldest first, in bounded work.
  ///
  /// The phase ends after the current one follow the plan from the current phase's deadline: the
  /// plan's time at that deadline is where the current phase ends in the plan, so the phase
  /// running at `now` is one look-up in the plan (``PlanLayout/ordinal(at:)``), never a walk over
  /// the phases between. The walk stops at the first phase after which the plan pauses: the next
  /// phase then waits, paused, at its full length, and time after that end does not count.
  ///
  /// Bounded: at most ``PlanLayout/window`` ends are returned one by one (the latest ones), the
  /// ones before them in one summary of their ordinals and first and last instants. So the work
  /// is O(*w* log *p*), *w* the window and *p* the phases written in the plan, whatever the time
  /// away.
  package mutating func advanced(to now: Int64, in plan: PlanLayout) -> PassedPhaseEnds {
    guard !isEnded(in: plan), case .running(let deadline) = timing, now >= deadline else { return .none }
    let first = ordinal
    // The plan's time at the current phase's deadline, and at `now`.
    let planTimeAtDeadline = plan.end(ofOrdinal: first)
    let planTimeNow = planTimeAtDeadline.addingSaturated(now.subtractingSaturated(deadline))
    // The phase running at `now`: those before it, from the current one, ended.
    // At least the current phase ends at its deadline, even where the plan's time saturates (a
    // plan past 292 years), which the look-up would put before it.
    var last = max(first, plan.ordinal(at: planTimeNow) - 1)
    var paused = false
    if let pausing = plan.firstPausing(from: first), pausing <= last {
      (last, paused) = (pausing, true)
    }
    // The instant on the clock of a plan time, from the deadline's.
    func instant(_ planTime: Int64) -> Int64 {
      deadline.addingSaturated(planTime - planTimeAtDeadline)
    }
    let next = last.addingSaturated(1)
    ordinal = next
    if plan.isEnded(next) {
      timing = .running(deadline: instant(plan.start(ofOrdinal: next)))
    } else if paused {
      timing = .paused(left: plan.duration(ofOrdinal: next))
    } else {
      timing = .running(deadline: instant(plan.end(ofOrdinal: next)))
    }
    let count = last - first + 1
    let reported = min(count, plan.window)
    var summary: PassedPhaseEnds.Summary?
    if count > reported {
      let lastSummarized = last - reported
      summary = PassedPhaseEnds.Summary(
        ordinals: first..<(lastSummarized + 1), first: deadline, last: instant(plan.end(ofOrdinal: lastSummarized)))
    }
    let ends = (last - reported + 1...last).map { ordinal in
      let next = ordinal.addingSaturated(1)
      return PassedPhaseEnds.End(
        step: plan.phase(atOrdinal: ordinal), instant: instant(plan.end(ofOrdinal: ordinal)),
        next: plan.isEnded(next) ? nil : plan.phase(atOrdinal: next).phase)
    }
    return PassedPhaseEnds(summary: summary, ends: ends, planEnded: plan.isEnded(next), paused: paused)
  }

  /// Where the plan is at `now`, the cursor brought up to it; `nil` once the plan has ended.
  ///
  /// - Complexity: O(log *p*), *p* the phases written in the plan.
  package func position(at now: Int64, in plan: PlanLayout) -> PlanPosition? {
    guard !isEnded(in: plan) else { return nil }
    let step = plan.phase(atOrdinal: ordinal)
    let nextOrdinal = ordinal.addingSaturated(1)
    let next = plan.isEnded(nextOrdinal) ? nil : plan.phase(atOrdinal: nextOrdinal)
    let left: Int64
    let phaseEnd: Int64?
    switch timing {
    case .running(let deadline): (left, phaseEnd) = (max(0, deadline.subtractingSaturated(now)), deadline)
    case .paused(let frozen): (left, phaseEnd) = (frozen, nil)
    }
    // What the plan has after the current phase.
    let after = plan.length.map { $0 - plan.end(ofOrdinal: ordinal) }
    return PlanPosition(
      step: step, next: next, timeLeftInPhase: left, timeLeftInPlan: after.map { left.addingSaturated($0) },
      phaseEnd: phaseEnd, planEnd: after.flatMap { after in phaseEnd.map { $0.addingSaturated(after) } })
  }
}
