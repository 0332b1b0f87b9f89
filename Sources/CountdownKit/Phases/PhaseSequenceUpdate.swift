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

  /// The update a call says, its position worked out from `layout`.
  package init(_ call: PhaseCall, in layout: PlanLayout) {
    position = call.cursor.position(at: call.now, in: layout)
    remaining = call.remaining
    ends = call.ends ?? .none
    now = call.now
  }
}
