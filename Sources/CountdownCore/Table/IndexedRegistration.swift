/// A registration as an index that outlives a delivery pass names it (the ends to come, the
/// per-countdown wheel): its slot, the slot's generation when the entry was made, and where its
/// node was then. 16 bytes.
///
/// An index holds only the entry its slot's handle names (``RegistrationSlot/indexHandle``),
/// unlinked when the registration is removed or its change is noted anew, so what waits there is
/// always current. The generation is for what an end pass takes out of the ends to come and holds
/// while its callbacks run with the lock released: making an entry moves the slot's generation on
/// (``SlotReference/renewGeneration()``), and so do the removal and the freeing of its
/// registration, so an entry taken is current only while no newer one was made for its
/// registration and the registration is still in the table. (The slot is not reused before the
/// pass ends: ``RunningPass/retired``.) The generation wraps after 2³² renewals of one slot, far
/// more than one pass sees.
struct IndexedRegistration {
  let slot: SlotReference
  /// The pool position as 32 bits, to keep an entry at 16 bytes: a hint only (a node moves when
  /// another is removed), so a truncated one is merely looked up by key.
  private let storedPosition: UInt32
  let generation: UInt32

  /// An entry for the registration in `slot`, whose node is at `position`: the newest one, which
  /// makes every older entry for that slot stale.
  init(newEntryFor slot: SlotReference, at position: Int) {
    self.slot = slot
    storedPosition = UInt32(truncatingIfNeeded: position)
    generation = slot.renewGeneration()
  }

  /// Where the registration's node was when the entry was made (a hint: see ``ReceiverTable/index(of:at:)``).
  @inline(__always)
  var position: Int { Int(storedPosition) }

  /// Whether this is still the latest entry made for its slot's registration, and that registration
  /// was not removed since. (A current entry's registration may still have been paused since, or
  /// have moved on to another value: whoever takes it checks its timing.)
  @inline(__always)
  var isCurrent: Bool { slot.generation == generation }
}
