// Per-countdown alignment's wheel (rule 9): which window each change waits for.

extension EngineState {
  /// How many windows an interval spans, when it spans a whole number of them: a change an
  /// interval after one in window `w` then falls in window `w` plus this.
  var windowsPerInterval: Int64? {
    interval % window == 0 ? interval / window : nil
  }

  /// The number of the window whose wakeup delivers a change at clock instant `change`: the
  /// first grid instant at or after it, counted from the grid's origin.
  func windowNumber(ofChangeAt change: Int64) -> Int64 {
    Self.windowNumber(ofChangeAt: change, window: window, origin: gridOrigin)
  }

  /// ``windowNumber(ofChangeAt:)`` from the fields it reads, for callers holding the state `inout`
  /// (see ``runningTime(at:suspendedSince:suspendedTotal:)``).
  static func windowNumber(ofChangeAt change: Int64, window: Int64, origin: Int64) -> Int64 {
    let offset = change.subtractingSaturated(origin)
    return offset > 0 ? (offset - 1) / window + 1 : -((-offset) / window)
  }

  /// The clock instant of window number `number`.
  func instant(ofWindow number: Int64) -> Int64 {
    Self.instant(ofWindow: number, window: window, origin: gridOrigin)
  }

  /// ``instant(ofWindow:)`` from the fields it reads, for callers holding the state `inout`
  /// (see ``runningTime(at:suspendedSince:suspendedTotal:)``).
  static func instant(ofWindow number: Int64, window: Int64, origin: Int64) -> Int64 {
    let (product, overflow) = number.multipliedReportingOverflow(by: window)
    return overflow ? (number > 0 ? .max : .min) : origin.addingSaturated(product)
  }

  /// Notes a next change a pass found: in the wheel (per-countdown alignment) or, for an end, in
  /// the ends to come.
  mutating func schedule(_ change: CountdownEngine.ScheduledChange) {
    if wheel != nil {
      noteInWheel(change.slot, at: change.position, changeAt: change.instant)
    } else {
      noteEnd(at: change.instant, of: change.slot, at: change.position)
    }
  }

  /// Puts the entry of the registration in `slot`, whose node is at `position`, in the wheel at the
  /// number of the window that delivers a change at clock instant `change`: the first window
  /// at or after it that is not visited yet. A change in a window already visited (a one-shot
  /// resumed at its deadline from a callback of the pass visiting it) goes to the next one. The
  /// entry replaces the one noted for the registration before, if any.
  mutating func noteInWheel(_ slot: SlotReference, at position: Int, changeAt change: Int64) {
    forgetIndexEntry(of: slot)
    let visited = wheelCursor.visitedWindow
    let number = max(windowNumber(ofChangeAt: change), visited.addingSaturated(1))
    // An empty wheel stands at the last window visited, so entries wait at the levels their
    // distance from it calls for.
    wheel!.restartIfEmpty(at: visited)
    slot.indexHandle = wheel!.insert(IndexedRegistration(slot, at: position), at: number)
  }

  /// Holds, for a window pass, the entries of the windows that passed since the wheel was last
  /// visited, up to the one of grid instant `tick` (``TimingWheel/holdDue(through:)``); `false`
  /// when the wheel must be rebuilt by a walk instead (after a resume of the engine).
  mutating func holdWindows(through tick: Int64) -> Bool {
    guard wheel != nil, !wheelCursor.needsWalk else { return false }
    wheel!.holdDue(through: windowNumber(ofChangeAt: tick))
    return true
  }

  /// Empties the wheel for the walk that rebuilds it, each slot forgetting its entry.
  /// - Complexity: O(entries).
  mutating func clearWheel() {
    for entry in wheel!.entries {
      entry.payload.slot.indexHandle = -1
    }
    wheel!.removeAll()
  }

  /// The wheel was visited, or rebuilt, through grid instant `tick`: noted when a pass takes the
  /// windows (or starts the walk that rebuilds it), so that what is noted while that pass runs
  /// waits in later windows.
  mutating func noteWheelVisited(through tick: Int64) {
    wheelCursor.noteVisited(through: windowNumber(ofChangeAt: tick))
  }

  /// A lower bound of every registration's next change in the wheel: just after the grid instant
  /// before its soonest entry's window.
  mutating func wheelEarliestChange() -> Int64 {
    guard let soonest = wheel?.soonestDeadline() else { return .max }
    return instant(ofWindow: soonest - 1).addingSaturated(1)
  }
}
