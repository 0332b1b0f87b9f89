/// The phase ends a running plan passed between two instants, oldest first, in bounded work and
/// memory: the latest ``PlanLayout/window`` of them one by one, and those before them in one
/// summary. A plan that ran forever while the app was away a week is reported as a summary and
/// the ends of its last cycle, whatever the number of phases that passed.
package struct PassedPhaseEnds: Hashable, Sendable {
  /// One phase end: the phase, and when it ended on the manager's clock.
  package struct End: Hashable, Sendable {
    package let step: PlanStep
    package let instant: Int64
    /// The phase that came after it; `nil` after the plan's last.
    package var next: CountdownPhase? = nil
  }

  /// The ends before those reported one by one: their ordinals, and when the first and the last
  /// of them came.
  package struct Summary: Hashable, Sendable {
    package let ordinals: Range<Int>
    package let first: Int64
    package let last: Int64
  }

  /// The ends not reported one by one, all older than ``ends``; `nil`: none.
  package var summary: Summary?
  /// The latest ends, one by one, oldest first.
  package var ends: [End]
  /// Whether the last of them was the plan's last phase: the plan ended.
  package var planEnded: Bool
  /// Whether the last of them was a phase after which the plan pauses: the next phase waits,
  /// paused at its full length.
  package var paused: Bool

  /// No end passed.
  package static let none = PassedPhaseEnds(summary: nil, ends: [], planEnded: false, paused: false)

  /// How many ends passed, the summary's included.
  package var count: Int {
    (summary?.ordinals.count ?? 0) + ends.count
  }
}
