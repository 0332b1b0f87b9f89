@_spi(Walks) import CountdownCore

/// A cursor (``CountdownCore/SegmentCursor``) over a plan's phases: where a plan is, what a
/// snapshot, a restore, a window and a push schedule work out without the engine, with the
/// engine's own arithmetic; every time in nanoseconds on the manager's clock.
extension SegmentCursor {
  /// A plan started at `now`: its first phase, running.
  init(startingAt now: Int64, in plan: PlanLayout) {
    self.init(ordinal: 0, timing: .running(deadline: now.addingSaturated(plan.segments.firstSegmentLength)))
  }

  /// Whether the plan has ended: its last phase's end passed.
  func isEnded(in plan: PlanLayout) -> Bool {
    plan.segments.isEnded(ordinal)
  }
}
