/// The id a receiver's countdown in phases runs under in the manager's id map: the receiver's
/// identity, with a weak reference to it.
///
/// Equal by identity alone, so that a start or an operation finds the receiver's sequence in O(1);
/// the weak reference tells a live receiver from a dead one whose address a new object took: the
/// map keeps the key of the start that made the entry, and
/// ``CountdownManager/receiverPhaseKey(of:)`` takes it for `receiver` only while it still refers
/// to `receiver`.
struct ReceiverPhaseKey: Hashable, Sendable {
  let identifier: ObjectIdentifier
  let receiver: WeakReference<AnyObject>

  init(_ receiver: AnyObject) {
    identifier = ObjectIdentifier(receiver)
    self.receiver = WeakReference(receiver)
  }

  /// Whether the key's receiver is `object`, alive.
  func refers(to object: AnyObject) -> Bool {
    receiver.object === object
  }

  /// Whether the key's receiver is gone.
  var isReleased: Bool {
    receiver.object == nil
  }

  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.identifier == rhs.identifier
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(identifier)
  }
}
