/// What a ``CountdownPhaseUpdate`` carries beyond a value within its phase, with the plan: the
/// phase ends its call passed, or the values of updates merged. Made at a phase end, a plan's end
/// or a merge, never at a value's call.
final class PhaseUpdateDetails: Sendable {
  /// The plan walked; `nil` for updates merged from worked-out values alone.
  let plan: CountdownPlan.Storage?
  /// The phase ends the call passed, as the sequence found them (their dates and lateness are
  /// worked out from the update's reading when read); `nil` for updates merged.
  let passed: PassedPhaseEnds?
  /// The values of two updates merged, worked out; `nil` for a call's update.
  let merged: MergedPhaseUpdate?

  /// What a call that passed `ends` carries.
  init(plan: CountdownPlan.Storage, passed ends: PassedPhaseEnds) {
    self.plan = plan
    passed = ends
    merged = nil
  }

  /// What updates merged carry, `plan` the newer's.
  init(plan: CountdownPlan.Storage?, merged: MergedPhaseUpdate) {
    self.plan = plan
    passed = nil
    self.merged = merged
  }
}
