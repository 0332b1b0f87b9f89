/// What a ``CountdownPhaseUpdate`` carries beyond a value within its phase, with the plan: the
/// phase ends its call passed, or the values of updates merged. Made at a phase end, a plan's end
/// or a merge, never at a value's call.
final class PhaseUpdateDetails: Sendable {
  enum Kind: Sendable {
    /// The phase ends the call passed, as the sequence found them; their dates and lateness are
    /// worked out from the update's reading when read.
    case passed(PassedPhaseEnds)
    /// The values of two updates merged, worked out.
    case merged(MergedPhaseUpdate)
  }

  /// The plan walked; `nil` for updates merged from worked-out values alone.
  let plan: CountdownPlan.Storage?
  let kind: Kind

  init(plan: CountdownPlan.Storage?, _ kind: Kind) {
    self.plan = plan
    self.kind = kind
  }
}
