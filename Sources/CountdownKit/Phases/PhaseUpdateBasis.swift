/// What a ``CountdownPhaseUpdate``'s values are worked out from beside its reading, in one
/// reference: the plan's storage alone (a value's call, the common one: nothing made for it), or
/// an object made when the update carries more (``PhaseUpdateDetails``). The plan, not the
/// sequence, which holds the manager's engine: an update an app keeps does not keep the engine.
enum PhaseUpdateBasis: Sendable {
  /// A value's call: the plan walked.
  case plan(CountdownPlan.Storage)
  /// A call with phase ends, or updates merged.
  case details(PhaseUpdateDetails)

  /// The plan walked; `nil` for updates merged from worked-out values alone.
  var plan: CountdownPlan.Storage? {
    switch self {
    case .plan(let storage): storage
    case .details(let details): details.plan
    }
  }

  /// What the update carries beyond a value; `nil` for a value's call.
  var details: PhaseUpdateDetails? {
    if case .details(let details) = self { return details }
    return nil
  }
}
