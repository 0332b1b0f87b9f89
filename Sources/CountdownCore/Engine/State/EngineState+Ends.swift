// The ends to come (rule 8), when ends have a grid of their own.

extension EngineState {
  /// An end to come, taken out of ``ends`` for an end pass.
  typealias PendingEnd = TimingWheel<NotedEnd>.Entry

  /// Notes the end to come of the registration in `slot`, at its last value with `timing` (or its
  /// next milestone's instant).
  mutating func noteEnd(of timing: CountdownTiming, in slot: SlotReference, at position: Int) {
    let end = timing.nextChange(interval: interval)
    noteEnd(at: timing.clockInstant(of: end, suspendedTotal: suspendedTotal), of: slot, at: position)
  }

  /// Notes an end to come at clock instant `deadline` for the registration in `slot`, whose node is
  /// at `position`: its entry replaces the one noted for it before, if any.
  mutating func noteEnd(at deadline: Int64, of slot: SlotReference, at position: Int) {
    forgetIndexEntry(of: slot)
    // An empty wheel stands at the latest reading, so entries wait at the levels their distance
    // from now calls for, not from when the wheel was last emptied.
    ends.restartIfEmpty(at: latestReading)
    slot.indexHandle = ends.insert(NotedEnd(newEntryFor: slot, at: position), at: deadline)
  }

  /// Unlinks the entry its slot's handle names for the registration in `slot`, if any, from the
  /// engine's one index (the wheel with per-countdown alignment, else the ends to come): when it
  /// is removed, or its change is noted anew.
  /// - Complexity: O(1) amortized.
  @inline(__always)
  mutating func forgetIndexEntry(of slot: SlotReference) {
    let handle = slot.indexHandle
    guard handle >= 0 else { return }
    slot.indexHandle = -1
    if wheel != nil {
      checkInternally(
        wheel!.contains(handle) && wheel![handle].payload.slot == slot, "a slot's handle names another entry")
      wheel!.remove(handle)
      wheel!.compactIfSparse { registration, handle in registration.slot.indexHandle = handle }
    } else {
      checkInternally(ends.contains(handle) && ends[handle].payload.slot == slot, "a slot's handle names another entry")
      ends.remove(handle)
      compactEndsIfSparse()
    }
  }

  /// Gives back the room of the ends' pool once removals left it mostly free, each slot told its
  /// entry's new handle: so memory returns after a burst of one-shots cancelled or ended.
  @inline(__always)
  private mutating func compactEndsIfSparse() {
    ends.compactIfSparse { registration, handle in registration.slot.indexHandle = handle }
  }

  /// Notes that the entry `handle`, taken out of ``ends``, no longer waits there: its slot forgets it.
  @inline(__always)
  private func noteTaken(_ entry: PendingEnd) {
    let slot = entry.payload.slot
    if slot.indexHandle == entry.handle { slot.indexHandle = -1 }
  }

  /// Drops the soonest entries while they name no registration at its last value (one paused, or
  /// given time, since its end was noted), so the timer is never armed for an end that will not
  /// come.
  mutating func dropStaleEnds() {
    while let soonest = ends.soonest() {
      let registration = ends[soonest].payload
      guard table.indexAtLastValue(of: registration.slot) == nil else { return }
      noteTaken(ends.remove(soonest))
      compactEndsIfSparse()
    }
  }

  /// Takes the entries due by ``endInstant`` for an end pass, which checks each; soonest first, as
  /// they are delivered.
  mutating func takeDueEnds() -> [PendingEnd] {
    var due: [PendingEnd] = []
    ends.takeDue(through: endInstant, into: &due)
    for entry in due { noteTaken(entry) }
    compactEndsIfSparse()
    due.sort { $0.deadline < $1.deadline }
    return due
  }
}
