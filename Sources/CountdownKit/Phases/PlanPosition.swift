/// Where a running plan is at one instant: its phase and the next, and the time left in both the
/// phase and the plan, in nanoseconds on the manager's clock.
package struct PlanPosition: Hashable, Sendable {
  /// The current phase at its place in the plan.
  package let step: PlanStep
  /// The phase after it; `nil` at the plan's last phase.
  package let next: PlanStep?
  /// The time the current phase has left (frozen, while paused).
  package let timeLeftInPhase: Int64
  /// The time the plan has left, the current phase's included; `nil` for a plan that runs forever.
  package let timeLeftInPlan: Int64?
  /// When the current phase ends; `nil` while paused.
  package let phaseEnd: Int64?
  /// When the plan ends; `nil` while paused, or for a plan that runs forever.
  package let planEnd: Int64?
}
