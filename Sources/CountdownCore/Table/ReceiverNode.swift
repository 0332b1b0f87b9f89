/// One registration in the ``ReceiverTable``: who it is for, what to call, and its timing.
package struct ReceiverNode {
  /// The receiver's identity: the table's key.
  package let key: ObjectIdentifier
  /// The receiver itself, held weakly: the engine never keeps a receiver alive, and a lookup never
  /// mistakes a new object that reuses a dead receiver's address for it. Read only by lookups,
  /// never by the tick: a weak load costs atomics on the object's side table.
  package weak var receiver: AnyObject?
  /// A number unique to this registration within its engine, so that a delivery prepared for an
  /// earlier registration of the same receiver can be recognized and dropped.
  package var registration: UInt64
  /// What to call on each change, boxed so that a delivery pass can call it without retaining it.
  package var handler: HandlerBox
  /// Deadline, next change and last delivered value.
  package var timing: CountdownTiming

  /// The bucket list's links, maintained by the table alone.
  package internal(set) var next = NodeIndex.none
  package internal(set) var previous = NodeIndex.none

  package init(
    receiver: AnyObject, registration: UInt64, handler: HandlerBox, timing: CountdownTiming
  ) {
    key = ObjectIdentifier(receiver)
    self.receiver = receiver
    self.registration = registration
    self.handler = handler
    self.timing = timing
  }

  /// Whether this node belongs to `receiver`: same address *and* the same live object.
  package func isRegistration(of receiver: AnyObject) -> Bool {
    self.receiver === receiver
  }
}
