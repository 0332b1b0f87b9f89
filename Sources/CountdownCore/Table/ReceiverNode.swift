/// One registration in the ``ReceiverTable``'s pool: what the tick reads, 24 bytes. Its key and
/// its bucket links live in the table's compact side array, at the same position.
package struct ReceiverNode {
  /// The registration's identity, receiver and handler.
  package var registration: Registration
  /// Anchor, last delivered value, kind and flags.
  package var timing: CountdownTiming

  package init(registration: Registration, timing: CountdownTiming) {
    self.registration = registration
    self.timing = timing
  }
}
