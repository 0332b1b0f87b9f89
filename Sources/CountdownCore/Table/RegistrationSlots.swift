/// The registrations' weak receivers, keys and generations, in fixed pages of slots that never
/// move: a registration's identity.
///
/// Its design: `Documentation/Contributors.docc/EngineTypes.md`.
package final class RegistrationSlots {
  /// 4 096 slots (96 KB) per page.
  private static let pageShift = 12
  private static let pageSize = 1 << pageShift

  // Unchecked: only the engine's lock serializes access, which the runtime's per-access check
  // (a thread-local lookup on every register and cancel) cannot see anyway.
  @exclusivity(unchecked) private var pages: ContiguousArray<UnsafeMutablePointer<RegistrationSlot>> = []
  /// Freed slots, reused last-freed first (emptied when every slot is free: see ``free(_:)``).
  @exclusivity(unchecked) private var freeSlots: ContiguousArray<SlotReference> = []
  /// Slots ever handed out; those from here to the end of the last page were never used.
  @exclusivity(unchecked) private var used = 0
  /// The milestones of the registrations delivered at them (``CountdownDeliveries/milestones(_:)``),
  /// by slot: apart from the slots, which keep their size for the tick (see
  /// ``milestones(of:)``). Dropped when the slot is freed.
  @exclusivity(unchecked) var milestoneLists: [SlotReference: MilestoneList] = [:]

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
    if !milestoneLists.isEmpty { milestoneLists[reference] = nil }
    // No entry made for this registration counts from now on, even once the slot holds the next
    // one.
    reference.renewGeneration()
    // Its index entry was unlinked with its removal: a handle left here would name the next
    // registration's entry, or another slot's.
    checkInternally(slot.pointee.indexHandle < 0, "a registration slot was freed with an index entry")
    slot.pointee.indexHandle = -1
    if freeSlots.count + 1 == used {
      // The last one: every slot is free, so the next registrations take them from the first
      // again, in order, and the paths that read slots (removals of what a pass ended, lookups)
      // read them as a stream. Reused last-freed first, after cancels in random order they would
      // lie in random order.
      freeSlots.removeAll(keepingCapacity: true)
      used = 0
    } else {
      freeSlots.append(reference)
    }
  }
}

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

extension RegistrationSlots {
  /// The milestones of the registration in `slot`, if it is delivered at milestones. A dictionary
  /// lookup, made once per milestone delivered; the slots themselves stay 24 bytes, so the tick of
  /// every other registration reads no more than before.
  @inline(__always)
  package func milestones(of slot: SlotReference) -> MilestoneList? {
    milestoneLists.isEmpty ? nil : milestoneLists[slot]
  }
}
