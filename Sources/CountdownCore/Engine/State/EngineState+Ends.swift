// The ends to come (rule 8), when ends have a grid of their own.

extension EngineState {
  /// An end to come, taken out of ``ends`` for an end pass.
  typealias PendingEnd = TimingWheel<IndexedRegistration>.Entry

  /// Notes the end to come of the registration in `slot`, at its last value with `timing` (or its
  /// next milestone's instant).
  mutating func noteEnd(of timing: CountdownTiming, in slot: SlotReference, at position: Int) {
    let end = timing.nextChange(interval: interval)
    noteEnd(at: timing.clockInstant(of: end, suspendedTotal: suspendedTotal), of: slot, at: position)
  }

  /// Notes an end to come at clock instant `deadline` for the registration in `slot`, whose node is
  /// at `position`: its entry replaces the one noted for it before, if any.
  mutating func noteEnd(at deadline: Int64, of slot: SlotReference, at position: Int) {
    forgetEnd(of: slot)
    // An empty wheel stands at the latest reading, so entries wait at the levels their distance
    // from now calls for, not from when the wheel was last emptied.
    ends.restartIfEmpty(at: latestReading)
    slot.endHandle = ends.insert(IndexedRegistration(newEntryFor: slot, at: position), at: deadline)
  }

  /// Unlinks the entry noted for the registration in `slot`, if any: when it is removed, or its end
  /// is noted anew.
  @inline(__always)
  mutating func forgetEnd(of slot: SlotReference) {
    let handle = slot.endHandle
    guard handle >= 0 else { return }
    checkInternally(ends.contains(handle) && ends[handle].payload.slot == slot, "a slot's end handle names another entry")
    ends.remove(handle)
    slot.endHandle = -1
    compactEndsIfSparse()
  }

  /// Gives back the room of the ends' pool once removals left it mostly free, each slot told its
  /// entry's new handle: so memory returns after a burst of one-shots cancelled or ended.
  @inline(__always)
  private mutating func compactEndsIfSparse() {
    ends.compactIfSparse { registration, handle in registration.slot.endHandle = handle }
  }

  /// Notes that the entry `handle`, taken out of ``ends``, no longer waits there: its slot forgets it.
  @inline(__always)
  private func noteTaken(_ entry: PendingEnd) {
    let slot = entry.payload.slot
    if slot.endHandle == entry.handle { slot.endHandle = -1 }
  }

  /// Drops the soonest entries while they name no registration at its last value (one paused, or
  /// given time, since its end was noted; or, with the wheel too, one the wheel noted a newer entry
  /// for), so the timer is never armed for an end that will not come.
  mutating func dropStaleEnds() {
    while let soonest = ends.soonest() {
      let registration = ends[soonest].payload
      guard !registration.isCurrent || table.indexAtLastValue(of: registration.slot) == nil else { return }
      noteTaken(ends.remove(soonest))
      compactEndsIfSparse()
    }
  }

  /// The most entries a wheel of `turn` windows may hold (rule 10), with `tableCount`
  /// registrations: twice the table, and some slack, at least an eighth of its turn (dropping its
  /// stale entries visits every list).
  static func wheelBound(tableCount: Int, turn: Int64) -> Int { 2 * tableCount + max(64, Int(turn / 8)) }

  /// Keeps the per-countdown wheel within its bound (rule 10) by dropping its stale entries once
  /// it is past it: at most one entry per registration is current, so what is left is at most the
  /// table's size, and the work is paid for by the inserts and removals that came since the last
  /// time. (The ends to come need no such thing: their entries are unlinked with their
  /// registrations.) A static bound, not a computed property: reading one of `self` here would
  /// copy the whole state.
  mutating func dropStaleIndexEntriesIfNeeded() {
    if let turn = wheel?.turn, wheel!.count > Self.wheelBound(tableCount: table.count, turn: turn) {
      wheel!.removeStale()
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
