/// What a registration keeps apart from its node: its receiver (weakly), the receiver's key, its
/// generation, and its entry in its engine's index of what changes when. 24 bytes, in
/// ``RegistrationSlots``' pages; read by lookups, removals and the rare paths, never by a tick's
/// common case (its handler is in its node: ``ReceiverNode``).
package struct RegistrationSlot {
  /// The receiver, weakly: never retained, and `nil` once it is gone. Once the receiver is gone,
  /// another object may be allocated at its address and so have the same key; a lookup by receiver
  /// compares this reference with the object it was given, so that object is never taken for the
  /// dead one. A weak reference, not `unowned`: on Apple platforms an `unowned` reference to an
  /// Objective-C object (every `NSObject` subclass: views, cells) is a weak one in disguise and
  /// keeps no memory reserved, so only the comparison is right everywhere. Read by API calls and
  /// by the probe of paused registrations, never by the tick.
  package weak var receiver: AnyObject?
  /// The receiver's key, for removing the registration after its last call; `nil` while the slot
  /// is free.
  package var key: ObjectIdentifier?
  /// Moves on whenever an end an end pass took for this slot must no longer count: when the
  /// slot's registration is removed or freed, and when a newer end is noted for it (see
  /// ``NotedEnd``). Slots are reused, most recently freed first, though never while a pass runs;
  /// this is what tells an end of the registration in the slot now from one noted before.
  package var generation: UInt32 = 0
  /// The handle of the registration's one entry in its engine's index of what changes when (a
  /// ``TimingWheel``: the ends to come on the shared grid, the wheel with per-countdown alignment,
  /// which never has ends of its own), or -1 for none: so that the entry is unlinked when the
  /// registration is removed or its change noted anew, and none is left behind.
  package var indexHandle: Int32 = -1

  /// A free slot.
  static var free: RegistrationSlot { RegistrationSlot(receiver: nil, key: nil) }
}
