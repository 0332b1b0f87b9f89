/// One registration in the ``ReceiverTable``: what to call, and its timing. Its key and its
/// bucket links live in the table's compact side arrays, at the same position.
package struct ReceiverNode {
  /// The receiver, held `unowned`: never retained (its deinit runs when its owners let go), but
  /// its memory stays reserved while this node exists, so no other object can take its address and
  /// be mistaken for it. Never read (reading a dead receiver would trap); unlike a weak reference,
  /// it needs no side table and leaves the object's reference counting on the fast path.
  private unowned let pin: AnyObject
  /// A number unique to this registration within its engine, so that a delivery prepared for an
  /// earlier registration of the same receiver can be recognized and dropped.
  package var registration: UInt64
  /// What to call on each change, boxed so that a delivery pass can call it without retaining it.
  package var handler: HandlerBox
  /// Deadline, next change and last delivered value.
  package var timing: CountdownTiming

  package init(
    receiver: AnyObject, registration: UInt64, handler: HandlerBox, timing: CountdownTiming
  ) {
    pin = receiver
    self.registration = registration
    self.handler = handler
    self.timing = timing
  }
}
