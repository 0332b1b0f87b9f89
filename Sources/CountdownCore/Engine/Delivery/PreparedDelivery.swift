extension CountdownEngine {
  /// One callback, prepared under the lock and made after it is released.
  struct PreparedDelivery {
    /// The registration, and where its handler is: its slot is not freed before the pass ends,
    /// even if the registration is removed meanwhile (``EngineState/retired``).
    let slot: SlotReference
    let value: Int
    /// This is the final 0: the registration ends after the call.
    let ends: Bool
  }
}
