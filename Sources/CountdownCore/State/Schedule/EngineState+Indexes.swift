// The engine's one index of what changes when (rule 10): the ends to come (rule 8), when ends have
// a grid of their own, or per-countdown alignment's wheel (rule 9).

extension EngineState {
  /// An end to come, taken out of ``ends`` for an end pass.
  typealias PendingEnd = TimingWheel<NotedEnd>.Entry

  /// Notes the end to come of the registration in `slot`, at its last value with `timing` (or its
  /// next milestone's instant); none past the clock's last instant (on running time, after a
  /// suspension), where it never comes.
  mutating func scheduleEnd(of timing: CountdownTiming, in slot: SlotReference, at position: Int) {
    let end = timing.countdownNextChange(interval: grid.interval)
    guard let deadline = timing.clockInstant(of: end, suspendedTotal: suspension.total) else { return }
    scheduleEnd(at: deadline, of: slot, at: position)
  }

  /// Notes an end to come at clock instant `deadline` for the registration in `slot`, whose node is
  /// at `position`: its entry replaces the one noted for it before, if any.
  mutating func scheduleEnd(at deadline: Int64, of slot: SlotReference, at position: Int) {
    forgetIndexEntry(of: slot)
    // An empty wheel stands at the latest reading, so entries wait at the levels their distance
    // from now calls for, not from when the wheel was last emptied.
    ends.restartIfEmpty(at: actedOn.latestInstant)
    slot.indexHandle = ends.insert(NotedEnd(newEntryFor: slot, at: position), at: deadline)
  }

  /// Unlinks the entry its slot's handle names for the registration in `slot`, if any (rule 10).
  /// - Complexity: O(1) amortized.
  @inline(__always)
  mutating func forgetIndexEntry(of slot: SlotReference) {
    let handle = slot.indexHandle
    guard handle >= 0 else { return }
    slot.indexHandle = -1
    if usesWheel {
      checkInternally(
        wheel!.contains(handle) && wheel![handle].payload.slot == slot, "a slot's handle names another entry")
      wheel!.remove(handle)
      wheel!.compactIfSparse { registration, handle in registration.slot.indexHandle = handle }
    } else {
      checkInternally(
        ends.contains(handle) && ends[handle].payload.registration.slot == slot, "a slot's handle names another entry")
      ends.remove(handle)
      compactEndsIfSparse()
    }
  }

  /// Gives back the room of the ends' pool once removals left it mostly free.
  @inline(__always)
  private mutating func compactEndsIfSparse() {
    ends.compactIfSparse { noted, handle in noted.registration.slot.indexHandle = handle }
  }

  /// Notes that the entry `handle`, taken out of ``ends``, no longer waits there: its slot forgets it.
  @inline(__always)
  private func forgetHandle(ofTaken entry: PendingEnd) {
    let slot = entry.payload.registration.slot
    if slot.indexHandle == entry.handle { slot.indexHandle = -1 }
  }

  /// Drops the soonest entries while they name no registration at its last value, so the timer is
  /// never armed for an end that will not come.
  mutating func dropStaleEnds() {
    // Most registrations deliver every change: no end is noted, and the wheel is not asked.
    guard !ends.isEmpty else { return }
    while let soonest = ends.soonest() {
      let registration = ends[soonest].payload.registration
      guard table.indexAtLastValue(of: registration.slot) == nil else { return }
      forgetHandle(ofTaken: ends.remove(soonest))
      compactEndsIfSparse()
    }
  }

  /// Takes the entries due by ``InstantsActedOn/endInstant`` for an end pass, which checks each; soonest first, as
  /// they are delivered.
  mutating func takeDueEnds() -> [PendingEnd] {
    var due: [PendingEnd] = []
    ends.takeDue(through: actedOn.endInstant, into: &due)
    for entry in due { forgetHandle(ofTaken: entry) }
    compactEndsIfSparse()
    // In deadline order, ties in registration order (rule 14), across the chunks of the pass.
    due.sort {
      ($0.deadline, $0.payload.registration.slot.order) < ($1.deadline, $1.payload.registration.slot.order)
    }
    return due
  }
}

// Per-countdown alignment's wheel (rule 9): which window each change waits for.

extension EngineState {
  /// Notes a next change a pass found: in the wheel (per-countdown alignment) or, for an end, in
  /// the ends to come.
  mutating func schedule(_ change: ScheduledChange) {
    if usesWheel {
      putInWheel(change.slot, at: change.position, changeAt: change.instant)
    } else {
      scheduleEnd(at: change.instant, of: change.slot, at: change.position)
    }
  }

  /// Puts the entry of the registration in `slot`, whose node is at `position`, in the wheel at the
  /// first window not visited yet that delivers a change at clock instant `change` (rule 9).
  mutating func putInWheel(_ slot: SlotReference, at position: Int, changeAt change: Int64) {
    forgetIndexEntry(of: slot)
    let visited = wheelCursor.visitedWindow
    let number = max(grid.windowNumber(ofChangeAt: change), visited.addingSaturated(1))
    // An empty wheel stands at the last window visited, so entries wait at the levels their
    // distance from it calls for.
    wheel!.restartIfEmpty(at: visited)
    slot.indexHandle = wheel!.insert(IndexedRegistration(slot, at: position), at: number)
  }

  /// Holds, for a window pass, the entries of the windows that passed since the wheel was last
  /// visited, up to the one of grid instant `tick` (``TimingWheel/holdDue(through:)``); `false`
  /// when the wheel must be rebuilt by a walk instead (after a suspension ends).
  mutating func holdWindows(through tick: Int64) -> Bool {
    guard usesWheel, !wheelCursor.needsWalk else { return false }
    wheel!.holdDue(through: lastWindow(visitedAt: tick))
    return true
  }

  /// The number of the last window a pass for grid instant `tick` visits: the one of `tick`; at
  /// the clock's last instant, every window (there is no later wakeup to wait for).
  private func lastWindow(visitedAt tick: Int64) -> Int64 {
    tick == .max ? .max : grid.windowNumber(ofChangeAt: tick)
  }

  /// Empties the wheel for the walk that rebuilds it, each slot forgetting its entry.
  /// - Complexity: O(entries).
  mutating func clearWheel() {
    wheel!.forEachEntry { $0.payload.slot.indexHandle = -1 }
    wheel!.removeAll()
  }

  /// The wheel was visited, or rebuilt, through grid instant `tick`, so that what is noted while
  /// that pass runs waits in later windows.
  mutating func markWheelVisited(through tick: Int64) {
    wheelCursor.markVisited(through: lastWindow(visitedAt: tick))
  }

  /// A lower bound of every registration's next change in the wheel: just after the grid instant
  /// before its soonest entry's window (`Int64.max` for the windows past the last one the grid
  /// represents, which the clock's last instant delivers); `nil` when it is empty.
  mutating func wheelEarliestChange() -> Int64? {
    guard let soonest = wheel?.soonestDeadline() else { return nil }
    return grid.instant(ofWindow: soonest - 1).addingSaturated(1)
  }
}
