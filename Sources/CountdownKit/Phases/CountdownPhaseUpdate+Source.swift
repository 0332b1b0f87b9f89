import Foundation

extension CountdownPhaseUpdate {
  /// Where an update's values come from: a handler's call, read lazily, or two updates merged.
  enum Source: Sendable {
    /// A call of the handler: what it read, the plan walked (one reference: its copies share
    /// their storage; not the sequence, which holds the manager's engine, so that an update an app
    /// keeps does not keep the engine), and the wall clock's date at the call.
    case call(PhaseCall, plan: CountdownPlan, wallNow: Date)
    /// Two updates merged, their values worked out.
    case merged(MergedPhaseUpdate)
  }
}
