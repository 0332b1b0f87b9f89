/// The registrations' weak receivers, keys and generations, in fixed pages of slots that never
/// move: a registration's identity.
///
/// Its design: `Documentation/Contributors.docc/EngineTypes.md`.
package final class RegistrationSlots {
  /// 4 096 slots (160 KB) per page.
  private static let pageShift = 12
  private static let pageSize = 1 << pageShift

  // Unchecked: the engine's lock serializes access, which the runtime's per-access check cannot see.
  @exclusivity(unchecked) private var pages: ContiguousArray<UnsafeMutablePointer<RegistrationSlot>> = []
  /// Freed slots, reused last-freed first (emptied when every slot is free: see ``free(_:)``).
  @exclusivity(unchecked) private var freeSlots: ContiguousArray<SlotReference> = []
  /// Slots ever handed out; those from here to the end of the last page were never used.
  @exclusivity(unchecked) private var used = 0
  /// The order the next registration gets (``RegistrationSlot/order``).
  @exclusivity(unchecked) private var nextOrder: UInt64 = 0

  package init() {}

  deinit {
    for page in pages {
      page.deinitialize(count: Self.pageSize)
      page.deallocate()
    }
  }

  /// How many slots hold a registration.
  package var liveCount: Int { used - freeSlots.count }

  /// Takes a free slot for a new registration.
  package func allocate(receiver: AnyObject) -> SlotReference {
    let reference: SlotReference
    if let reused = freeSlots.popLast() {
      reference = reused
    } else {
      if used == pages.count << Self.pageShift {
        let page = UnsafeMutablePointer<RegistrationSlot>.allocate(capacity: Self.pageSize)
        page.initialize(repeating: .free, count: Self.pageSize)
        pages.append(page)
      }
      reference = SlotReference(pointer: pages[used >> Self.pageShift] + (used & (Self.pageSize - 1)))
      used += 1
    }
    let slot = reference.pointer
    slot.pointee.receiver = receiver
    slot.pointee.key = ObjectIdentifier(receiver)
    slot.pointee.order = nextOrder
    nextOrder &+= 1
    return reference
  }

  /// Frees a slot.
  package func free(_ reference: SlotReference) {
    let slot = reference.pointer
    // A slot freed twice would be handed out twice, to two registrations at once.
    checkInternally(slot.pointee.key != nil, "a registration slot was freed twice")
    // Clearing a weak reference runs no user code: at most it frees the reference's side table.
    slot.pointee.receiver = nil
    slot.pointee.key = nil
    // Its milestones or walk go with it, released here, under the lock: the registration's own
    // handler, handed back and released after the lock, holds the same walk in every walk the Kit
    // makes (the Kit's countdown, which its values' handler captures), so that no deinit runs here.
    slot.pointee.attachment = nil
    // No end taken for this registration counts from now on, even once the slot holds the next.
    reference.renewGeneration()
    // Its index entry was unlinked with its removal: a handle left here would name the next
    // registration's entry, or another slot's.
    checkInternally(slot.pointee.indexHandle < 0, "a registration slot was freed with an index entry")
    slot.pointee.indexHandle = -1
    if freeSlots.count + 1 == used {
      // Every slot is free: the next registrations take them from the first again, in order, so
      // that the paths that read slots read them as a stream, not in the order of random cancels.
      freeSlots.removeAll(keepingCapacity: true)
      used = 0
    } else {
      freeSlots.append(reference)
    }
  }
}

/// What a registration keeps apart from its node, 40 bytes: read by lookups, removals and the rare
/// paths, never by a tick's common case.
package struct RegistrationSlot {
  /// The receiver, weakly: never retained, and `nil` once it is gone. Once the receiver is gone,
  /// another object may be allocated at its address and so have the same key; a lookup by receiver
  /// compares this reference with the object it was given, so that object is never taken for the
  /// dead one. A weak reference, not `unowned`: on Apple platforms an `unowned` reference to an
  /// `NSObject` subclass is a weak one in disguise and keeps no memory reserved, so only the
  /// comparison is right everywhere.
  package weak var receiver: AnyObject?
  /// The receiver's key; `nil` while the slot is free.
  package var key: ObjectIdentifier?
  /// Moves on whenever an end noted for this slot (with the generation it had) must no longer count.
  package var generation: UInt32 = 0
  /// The handle of the registration's one entry in its engine's index of what changes when, or -1
  /// for none (rule 10).
  package var indexHandle: Int32 = -1
  /// The registration's place among its engine's registrations, rising with each one made (a
  /// replacement is a new one): ends due at the same instant come in this order.
  package var order: UInt64 = 0
  /// Its milestones or its walk, if it has either.
  package var attachment: SlotAttachment?

  /// A free slot.
  static var free: RegistrationSlot { RegistrationSlot(receiver: nil, key: nil) }
}

extension RegistrationSlots {
  /// The milestones of the registration in `slot`, if it is delivered at milestones (a walk's:
  /// its walk's, ``SegmentWalk/milestones``).
  @inline(__always)
  package func milestones(of slot: SlotReference) -> MilestoneList? {
    switch slot.pointer.pointee.attachment {
    case .milestones(let milestones): milestones
    case .walk(let walk): walk.milestones
    case nil: nil
    }
  }

  /// The walk of the registration in `slot`, if it walks segments.
  @inline(__always)
  package func walk(of slot: SlotReference) -> SegmentWalk? {
    guard case .walk(let walk) = slot.pointer.pointee.attachment else { return nil }
    return walk
  }

  /// Gives the registration in `slot` its milestones or its walk (`nil`: neither).
  @inline(__always)
  func attach(_ attachment: SlotAttachment?, to slot: SlotReference) {
    slot.pointer.pointee.attachment = attachment
  }
}
