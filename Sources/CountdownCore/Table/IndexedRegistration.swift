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
