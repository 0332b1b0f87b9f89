import CountdownCore

extension PhaseSequence {
  /// A sequence restored from a snapshot: `cursor`, where the snapshot left it.
  convenience init(plan: CountdownPlan, policy: SuspensionPolicy, deliveries: CountdownDeliveries, cursor: PhaseCursor)
  {
    self.init(plan: plan, policy: policy, deliveries: deliveries, startingAt: 0)
    state.withLock { $0.cursor = cursor }
  }
}
