/// The registrations' weak receivers, keys and generations, in fixed pages of slots that never
/// move: a registration's identity.
///
/// Why not in the pool's nodes: a delivery pass checks removals with the engine's lock released,
/// while other threads may add and remove registrations, which moves nodes and reallocates the
/// pool. A slot stays where it is, so its reference names one registration for a whole pass (a
/// slot freed while a pass runs is reused only after that pass: ``RunningPass/retired``), and the
/// indexes that outlive a pass name a registration by its slot. Its handler is in its
/// node, which a tick reads anyway (``ReceiverNode``): the tick's common case never reads a slot.
///
/// Pages are kept once made (a table that held a million registrations keeps their 24 MB of slots
/// for the next burst) and freed with the engine.
///
/// Not thread-safe: the engine keeps it inside its lock. A class only so that its pages are freed
/// in `deinit`; never shared.
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
