/// A registration as an index that outlives a delivery pass names it (the ends to come, the
/// per-countdown wheel): its slot, and where its node was when the entry was made. 12 bytes, so
/// that a wheel's node with its deadline and links is 32 (``TimingWheelNode``).
///
/// Its design: `Documentation/Contributors.docc/EngineTypes.md`.
struct IndexedRegistration {
  let slot: SlotReference
  /// The pool position as 32 bits, to keep an entry at 12 bytes: a hint only (a node moves when
  /// another is removed), so a truncated one is merely looked up by key.
  private let storedPosition: UInt32

  /// An entry for the registration in `slot`, whose node is at `position`.
  init(_ slot: SlotReference, at position: Int) {
    self.slot = slot
    storedPosition = UInt32(truncatingIfNeeded: position)
  }

  /// Where the registration's node was when the entry was made (a hint: see ``ReceiverTable/index(of:at:)``).
  @inline(__always)
  var position: Int { Int(storedPosition) }
}

/// An end to come as ``EngineState/ends`` holds it: the registration, and its slot's generation
/// when the end was noted.
///
/// Its design: `Documentation/Contributors.docc/EngineTypes.md`.
struct NotedEnd {
  let registration: IndexedRegistration
  let generation: UInt32

  /// The end of the registration in `slot`, whose node is at `position`: the newest one, which
  /// makes every end taken for that slot before stale.
  init(newEntryFor slot: SlotReference, at position: Int) {
    registration = IndexedRegistration(slot, at: position)
    generation = slot.renewGeneration()
  }

  /// Whether this is still the latest end noted for its slot's registration, and that registration
  /// was not removed since. (A current one's registration may still have been paused since, or
  /// given time: whoever takes it checks its timing.)
  @inline(__always)
  var isCurrent: Bool { registration.slot.generation == generation }
}
