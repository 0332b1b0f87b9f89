// Per-countdown alignment's wheel (rule 9): which window each change waits in.

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

  /// Puts a new entry for the registration in `slot`, whose node is at `position`, in the wheel's
  /// list of the window that delivers a change at clock instant `change`: the first window at or
  /// after it that is not visited yet. A change in a window already visited (a one-shot resumed at
  /// its deadline from a callback of the pass visiting it) goes to the next one; in its own, it
  /// would be looked at only a turn later. A change beyond the lists' turn waits apart until it
  /// comes within one. The new entry makes any older one for the registration stale.
  mutating func noteInWheel(_ slot: SlotReference, at position: Int, changeAt change: Int64) {
    let entry = IndexedRegistration(newEntryFor: slot, at: position)
    let number = max(windowNumber(ofChangeAt: change), wheelCursor.visitedWindow.addingSaturated(1))
    if number.subtractingSaturated(wheelCursor.visitedWindow) > wheel!.turn {
      wheel!.insertFar(entry, change: change)
    } else {
      wheel!.insert(entry, window: number)
    }
    dropStaleIndexEntriesIfNeeded()
  }

  /// Takes the lists of the windows that passed since the wheel was last visited, up to the one
  /// of grid instant `tick`, for a window pass; `nil` when the wheel must be rebuilt by a walk
  /// (it was marked so, or a whole turn passed).
  mutating func takeWindows(through tick: Int64) -> [(number: Int64, entries: ContiguousArray<ChangeWheel.Entry>)]? {
    guard let turn = wheel?.turn, !wheelCursor.needsWalk else { return nil }
    let current = windowNumber(ofChangeAt: tick)
    guard current.subtractingSaturated(wheelCursor.visitedWindow) < turn else { return nil }
    var taken: [(number: Int64, entries: ContiguousArray<ChangeWheel.Entry>)] = []
    var number = wheelCursor.visitedWindow
    while number < current {
      number += 1
      taken.append((number, wheel!.take(window: number)))
    }
    // The windows from the next one on are those of a turn from here: what was kept apart for
    // them joins their lists. (None of it is due yet: it was kept apart for windows more than a
    // turn past the last visit, and less than a turn has passed.)
    let (window, origin) = (self.window, gridOrigin)
    let limit = Self.instant(ofWindow: current.addingSaturated(turn), window: window, origin: origin)
    wheel!.moveNear(through: limit) { change in
      max(Self.windowNumber(ofChangeAt: change, window: window, origin: origin), current.addingSaturated(1))
    }
    return taken
  }

  /// The wheel was visited, or rebuilt, through grid instant `tick`: noted when a pass takes the
  /// windows (or starts the walk that rebuilds it), so that what is noted while that pass runs
  /// waits in later windows.
  mutating func noteWheelVisited(through tick: Int64) {
    wheelCursor.noteVisited(through: windowNumber(ofChangeAt: tick))
  }

  /// A lower bound of every registration's next change in the wheel: the start of its first
  /// occupied window after the one visited last, or the soonest change kept apart.
  mutating func wheelEarliestChange() -> Int64 {
    let far = wheel?.soonestFarChange() ?? .max
    guard let number = wheel?.firstOccupied(after: wheelCursor.visitedWindow) else { return far }
    return min(far, instant(ofWindow: number - 1).addingSaturated(1))
  }
}
