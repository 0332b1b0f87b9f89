/// What a registration keeps apart from its timing: its handler, its receiver (weakly) and the
/// receiver's key, and its generation. 40 bytes, in ``RegistrationSlots``' pages.
package struct RegistrationSlot {
  /// What to call on each change; `nil` while the slot is free.
  package var call: CountdownHandler?
  /// The receiver, weakly: never retained, and `nil` once it is gone. Once the receiver is gone,
  /// another object may be allocated at its address and so have the same key; a lookup by receiver
  /// compares this reference with the object it was given, so that object is never taken for the
  /// dead one. A weak reference, not `unowned`: on Apple platforms an `unowned` reference to an
  /// Objective-C object (every `NSObject` subclass: views, cells) is a weak one in disguise and
  /// keeps no memory reserved, so only the comparison is right everywhere. Read by API calls and
  /// by the probe of paused registrations, never by the tick.
  package weak var receiver: AnyObject?
  /// The receiver's key, for removing the registration after its last call.
  package var key: ObjectIdentifier?
  /// Moves on whenever an entry an index made for this slot must no longer count: when the slot's
  /// registration is removed or freed, and when a newer entry is made for it (see
  /// ``IndexedRegistration``). Slots are reused, most recently freed first; this is what tells the
  /// entries of the registration in the slot now from those of one that held it before.
  package var generation: UInt32 = 0

  /// A free slot.
  static var free: RegistrationSlot { RegistrationSlot(call: nil, receiver: nil, key: nil) }

  /// Moves the handler out, leaving `nil`: no reference counting. (`Optional.take()` would wrap
  /// the closure in a reabstraction thunk, a heap allocation, each time: it is generic over the
  /// wrapped type.)
  @inline(__always)
  mutating func takeCall() -> CountdownHandler? {
    let taken = call
    call = nil
    return taken
  }

  /// ``takeCall()`` for a delivery. A registration a pass delivers to keeps its handler until the
  /// pass ends, so a slot without one was freed too early or had its handler taken and not put
  /// back: builds with internal checks trap there, where others skip the call.
  @inline(__always)
  package mutating func takeCallToDeliver() -> CountdownHandler? {
    let taken = takeCall()
    checkInternally(taken != nil, "a delivery found its registration slot without a handler")
    return taken
  }
}
