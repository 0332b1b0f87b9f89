/// A registration as an index that outlives a delivery pass names it (the ends to come, the
/// per-countdown wheel): its slot, and where its node was when the entry was made. 12 bytes, so
/// that a wheel's node with its deadline and links is 32 (``TimingWheelNode``).
///
/// An index holds only the entry its slot's handle names (``RegistrationSlot/indexHandle``),
/// unlinked when the registration is removed or its change is noted anew, so what waits there is
/// always current. What an end pass takes out of the ends to come and holds while its callbacks
/// run with the lock released is told current or not by the generation noted beside it
/// (``NotedEnd``).
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
/// An end pass takes its entries out of the ends to come and holds them while its callbacks run
/// with the lock released; meanwhile its registration may be removed, or its end noted anew.
/// Noting an end moves the slot's generation on (``SlotReference/renewGeneration()``), and so do
/// the removal and the freeing of its registration, so an entry taken is current only while no
/// newer end was noted for its registration and the registration is still in the table. (The slot
/// is not reused before the pass ends: ``RunningPass/retired``.) The generation wraps after 2³²
/// renewals of one slot, far more than one pass sees.
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
