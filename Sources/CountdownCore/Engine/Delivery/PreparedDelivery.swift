extension CountdownEngine {
  /// One callback, prepared under the lock and made after it is released.
  struct PreparedDelivery {
    /// The registration: compared with what was removed while the pass runs. Its slot is not freed
    /// before the pass ends, even if the registration is removed meanwhile (``EngineState/retired``).
    let slot: SlotReference
    /// Its handler, copied from its node (which may move before the call), not retained: alive
    /// until the pass ends (``EngineState/retired``).
    let handler: UnownedHandler
    let value: Int
    /// This is the final 0: the registration ends after the call.
    let ends: Bool
    /// This is a milestone (``CountdownDeliveries/milestones(_:)``) above 0: one a pause skips is
    /// planned again for the resume (``EngineState/restoreSkippedMilestones(_:now:interval:)``).
    let milestone: Bool
  }
}
