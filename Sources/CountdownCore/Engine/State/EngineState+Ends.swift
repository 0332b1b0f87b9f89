// The ends to come (rule 8), when ends have a grid of their own.

extension EngineState {
  /// Notes the end to come of the registration in `slot`, at its last value with `timing` (or its
  /// next milestone's instant).
  mutating func noteEnd(of timing: CountdownTiming, in slot: SlotReference, at position: Int) {
    let end = timing.nextChange(interval: interval)
    noteEnd(at: timing.clockInstant(of: end, suspendedTotal: suspendedTotal), of: slot, at: position)
  }

  /// Notes an end to come at clock instant `deadline` for the registration in `slot`, whose node is
  /// at `position`: its newest entry, which makes any older one stale.
  mutating func noteEnd(at deadline: Int64, of slot: SlotReference, at position: Int) {
    ends.insert(.init(deadline: deadline, registration: IndexedRegistration(newEntryFor: slot, at: position)))
    dropStaleIndexEntriesIfNeeded()
  }

  /// Drops the soonest entries while they are stale or name no registration at its last value, so
  /// the timer is never armed for an end that will not come.
  mutating func dropStaleEnds() {
    while let soonest = ends.soonest,
      !soonest.registration.isCurrent || table.indexAtLastValue(of: soonest.slot) == nil
    {
      _ = ends.removeSoonest()
    }
  }

  /// The most entries the ends to come may hold (rule 10), with `tableCount` registrations: twice
  /// the table, and some slack so that a small table is not compacted at every churn.
  static func endsBound(tableCount: Int) -> Int { 2 * tableCount + 64 }

  /// The most entries a wheel of `turn` windows may hold (rule 10), with `tableCount`
  /// registrations: twice the table, and some slack, at least an eighth of its turn (dropping its
  /// stale entries visits every list).
  static func wheelBound(tableCount: Int, turn: Int64) -> Int { 2 * tableCount + max(64, Int(turn / 8)) }

  /// Keeps each index within its bound (rule 10) by dropping its stale entries once it is past it:
  /// at most one entry per registration is current, so what is left is at most the table's size,
  /// and the work is paid for by the inserts and removals that came since the last time. Static
  /// bounds, not computed properties: reading one of `self` here would copy the whole state.
  mutating func dropStaleIndexEntriesIfNeeded() {
    let tableCount = table.count
    if ends.count > Self.endsBound(tableCount: tableCount) {
      ends.removeStale()
    }
    if let turn = wheel?.turn, wheel!.count > Self.wheelBound(tableCount: tableCount, turn: turn) {
      wheel!.removeStale()
    }
  }

  /// Takes the entries due by ``endInstant`` for an end pass, which checks each.
  mutating func takeDueEnds() -> [PendingEnds.Entry] {
    var due: [PendingEnds.Entry] = []
    while let soonest = ends.soonest, soonest.deadline <= endInstant {
      due.append(ends.removeSoonest()!)
    }
    return due
  }
}
