/// Where a registration's ``RegistrationSlot`` is: the registration's identity, which a delivery
/// pass compares with what was withdrawn while it runs.
///
/// Its design: `Documentation/Contributors.docc/EngineTypes.md`.
package struct SlotReference: Hashable {
  package let pointer: UnsafeMutablePointer<RegistrationSlot>

  // Each field is read through the pointer on its own: reading the whole slot would copy it,
  // and copying its weak reference costs atomic operations.

  /// The receiver's key.
  package var key: ObjectIdentifier? { pointer.pointee.key }

  /// The key of a registration the caller holds as live (a freed slot traps).
  package var liveKey: ObjectIdentifier {
    let key = pointer.pointee.key
    checkInternally(key != nil, "a live registration's slot has no key: it was freed")
    return key!
  }

  /// Whether this slot's registration belongs to `object`, which is alive (the caller holds it):
  /// false when its own receiver is gone, even if `object` now lives at the same address.
  ///
  /// Cannot run a deinit: the reference it loads, if any, is `object` itself, which the caller keeps
  /// alive, so releasing it again is never the last release.
  @inline(__always)
  package func isRegistration(of object: AnyObject) -> Bool {
    pointer.pointee.receiver === object
  }

  /// The slot's generation (see ``RegistrationSlot/generation``).
  @inline(__always)
  package var generation: UInt32 { generationPointer.pointee }

  /// Moves the slot's generation on, so that no end noted for it so far counts.
  @inline(__always)
  @discardableResult
  package func renewGeneration() -> UInt32 {
    generationPointer.pointee &+= 1
    return generationPointer.pointee
  }

  /// ``RegistrationSlot/order``.
  @inline(__always)
  package var order: UInt64 { pointer.pointer(to: \.order).unsafelyUnwrapped.pointee }

  /// ``RegistrationSlot/indexHandle``.
  @inline(__always)
  package var indexHandle: Int32 {
    get { indexHandlePointer.pointee }
    nonmutating set { indexHandlePointer.pointee = newValue }
  }

  /// The index handle field alone, as ``generationPointer``.
  @inline(__always)
  private var indexHandlePointer: UnsafeMutablePointer<Int32> {
    pointer.pointer(to: \.indexHandle).unsafelyUnwrapped
  }

  /// The generation field alone: through `pointer.pointee`, the weak reference would be copied.
  @inline(__always)
  private var generationPointer: UnsafeMutablePointer<UInt32> {
    // A stored property of a struct: the key path always has an offset.
    pointer.pointer(to: \.generation).unsafelyUnwrapped
  }

  /// Whether the receiver is still alive. Never under the engine's lock: releasing the reference
  /// it loads may be the last release, which runs the receiver's deinit.
  package var hasLiveReceiver: Bool {
    pointer.pointee.receiver != nil
  }
}
