/// A registration's next change, noted by a pass for the state's index of what changes when, and
/// handed to it under the same lock (``EngineState/schedule(_:)``).
struct ScheduledChange {
  /// On the clock.
  let instant: Int64
  /// The registration's pool position when it was noted.
  let position: Int
  let slot: SlotReference
}
