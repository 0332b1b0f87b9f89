import CountdownCore

/// A cursor (``CountdownCore/SegmentCursor``) over a plan's phases: where a plan is, what a
/// snapshot, a restore, a window and a push schedule work out without the engine, with the
/// engine's own arithmetic; every time in nanoseconds on the manager's clock.
extension SegmentCursor {
  /// A plan started at `now`: its first phase, running.
  init(startingAt now: Int64, in plan: PlanLayout) {
    self.init(ordinal: 0, timing: .running(deadline: now.addingSaturated(plan.firstPhaseDuration)))
  }

  /// Whether the plan has ended: its last phase's end passed.
  func isEnded(in plan: PlanLayout) -> Bool {
    plan.isEnded(ordinal)
  }

  /// Brings the cursor up to `now` (``CountdownCore/SegmentCursor/advance(to:in:toClock:)``): the
  /// ends passed, each named for its phase.
  ///
  /// - Complexity: O(*w* log *p*), *w* the most phases of a cycle and *p* the phases written in
  ///   the plan, whatever the time away.
  mutating func advanced(to now: Int64, in plan: PlanLayout) -> PassedPhaseEnds {
    let ends = advance(to: now, in: plan.segments)
    return ends.isEmpty ? .none : PassedPhaseEnds(ends, in: plan)
  }

  /// Where the plan is at `now`, the cursor brought up to it; `nil` once the plan has ended.
  ///
  /// - Complexity: O(log *p*), *p* the phases written in the plan.
  func position(at now: Int64, in plan: PlanLayout) -> PlanPosition? {
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
