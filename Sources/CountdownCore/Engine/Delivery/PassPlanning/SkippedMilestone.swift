extension CountdownEngine {
  /// A milestone callback a pass prepared and then skipped, because its registration was removed,
  /// replaced or paused before it began: handed to the next lock, which plans it again for a
  /// registration that was only paused (``EngineState/restoreSkippedMilestones(_:now:interval:)``).
  struct SkippedMilestone {
    let slot: SlotReference
    /// The milestone, in whole intervals left.
    let milestone: Int64
  }
}
