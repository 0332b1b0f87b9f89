extension CountdownEngine {
  /// A registration's next change, noted by a pass for the state's index of what changes when:
  /// the ends to come (``EngineState/ends``) or, with per-countdown alignment, the wheel
  /// (``EngineState/wheel``). Collected while a chunk is prepared and handed to the state under the same
  /// lock (``EngineState/schedule(_:)``).
  struct ScheduledChange {
    /// On the clock.
    let instant: Int64
    /// The registration's pool position when it was noted.
    let position: Int
    let slot: SlotReference
  }
}
