/// One registration in the ``ReceiverTable``'s pool: what the tick reads, 24 bytes, no references
/// (moving a node costs no reference counting). Its key and its bucket links live in the table's
/// compact side array, at the same position; its handler and receiver in its slot.
package struct ReceiverNode {
  /// Anchor, last delivered value, kind and flags.
  package var timing: CountdownTiming
  /// Where the registration's handler and receiver are (``RegistrationSlots``): its identity.
  package var slot: SlotReference

  package init(slot: SlotReference, timing: CountdownTiming) {
    self.slot = slot
    self.timing = timing
  }
}
