extension CountdownEngine {
  /// A paused registration whose receiver the pass checks, once the lock is released (its slot
  /// is not freed before the pass ends).
  struct PausedProbe {
    let key: ObjectIdentifier
    let slot: SlotReference
  }
}
