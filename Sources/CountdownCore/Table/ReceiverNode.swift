/// One registration in the ``ReceiverTable``'s pool: what the tick reads, 32 bytes. Its key and
/// its bucket links live in the table's compact side array, at the same position.
package struct ReceiverNode {
  /// The registration's identity and handler.
  package var registration: Registration
  /// The receiver, held `unowned`: never retained (its deinit runs when its owners let go), but
  /// its memory stays reserved while this node exists, so no other object can take its address and
  /// be mistaken for it. Never read (reading a dead receiver would trap); unlike a weak reference,
  /// it needs no side table and leaves the object's reference counting on the fast path.
  private unowned var pin: AnyObject
  /// Anchor, last delivered value, kind and flags.
  package var timing: CountdownTiming

  package init(receiver: AnyObject, registration: Registration, timing: CountdownTiming) {
    pin = receiver
    self.registration = registration
    self.timing = timing
  }
}
