extension PhaseSequence {
  /// A sequence restored from a snapshot: `cursor`, where the snapshot left it.
  convenience init(plan: CountdownPlan, deliveries: CountdownDeliveries, cursor: PhaseCursor) {
    self.init(plan: plan, deliveries: deliveries, startingAt: 0)
    state.withLock { $0.cursor = cursor }
  }
}
