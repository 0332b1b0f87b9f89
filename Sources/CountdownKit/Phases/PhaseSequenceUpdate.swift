/// What the handler of a countdown in phases is given at each call: where the plan is, the phase
/// ends that came since the last call (oldest first, in bounded number), and whether the plan
/// ended. Package API for now: the public form is the next step (see ``PhaseSequence``).
package struct PhaseSequenceUpdate: Sendable {
  /// Where the plan is now; `nil` once it has ended.
  package let position: PlanPosition?
  /// The current phase's time left in whole intervals, rounded up (0 once the plan has ended).
  package let remaining: Int
  /// The phase ends that came since the last call, oldest first.
  package let ends: PassedPhaseEnds
  /// The instant of this call on the manager's clock: an end's lateness is `now` minus its
  /// instant.
  package let now: Int64

  /// What `update`, a handler's call's, says (not two updates merged, whose ends are worked out:
  /// they are not made for these), its position worked out from `layout`.
  init(_ update: CountdownPhaseUpdate, in layout: PlanLayout) {
    position = update.reading.cursor.position(at: update.reading.now, in: layout)
    remaining = update.remaining
    ends = update.passedEnds ?? .none
    now = update.reading.now
  }
}
