/// What one call of a countdown in phases' handler reads, as little as says it: the cursor as the
/// call found it, the instant of the call, the current phase's value, and the phase ends passed.
/// The position, the next phase and the dates are worked out from these and the plan only when
/// read (``CountdownPhaseUpdate``), so that a call that only carries a new value works nothing
/// out. (That call, the common one, skips this type: ``PhaseSequence/valueReading()``.)
package struct PhaseCall: Sendable {
  /// The cursor after this call moved it: the phase running at ``now``.
  package let cursor: PhaseCursor
  /// The instant of this call on the manager's clock: an end's lateness is `now` minus its instant.
  package let now: Int64
  /// The current phase's time left in whole intervals, rounded up (0 once the plan has ended).
  package let remaining: Int
  /// The phase ends that came since the last call, oldest first; `nil`: none (most calls).
  package let ends: PassedPhaseEnds?
}
