/// A registration as an index that outlives a delivery pass names it (the ends to come, the
/// per-countdown wheel): its slot, the slot's generation when the entry was made, and where its
/// node was then. 16 bytes.
///
/// Making an entry moves the slot's generation on (``SlotReference/renewGeneration()``), and so do
/// the removal and the freeing of its registration: an entry is current only while it is the
/// latest one made for a registration still in the table. A registration thus has at most one
/// current entry in an index, and every other entry that names its slot (an older one of its own,
/// or one of a registration that held the slot before: slots are reused most recently freed
/// first) is recognised as stale and dropped, never taken for it. The generation wraps after 2³²
/// renewals of one slot; an index drops its stale entries long before (whenever they outnumber the
/// current ones, ``EngineState``'s rule 10).
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
