// The timer: made, installed, armed for the earliest change (repeating on the shared grid), noted when
// it fires, taken away when a wakeup finds nothing to do.

extension EngineState {
  /// Asks for the timer if there is none (nor one being made): the caller makes it outside the
  /// lock and hands it to ``install(_:repeats:now:window:)``. The grid starts at `now`.
  mutating func ensureTimer(now: Int64) -> TimerAction {
    guard !arming.hasTimer, !arming.isMakingTimer else { return .none }
    arming.noteMaking()
    readings.restartGrid(at: now)
    wheelCursor.restart()
    changeBound.reset()
    return .make
  }

  /// Installs the timer made for ``ensureTimer(now:)``, which can repeat if `repeats`, and arms it.
  mutating func install(_ newTimer: any CountdownTimer, repeats: Bool, now: Int64, window: Int64) -> TimerAction {
    arming.install(newTimer, repeats: repeats)
    return rearm(now: now, window: window)
  }

  /// Takes the timer away (a wakeup found nothing to do): the caller cancels and releases it
  /// outside the lock.
  mutating func removeTimer() -> TimerAction {
    guard arming.hasTimer else { return .none }
    // Called when the table is empty: the wheel and the ends to come are empty too, each entry
    // having left with its registration.
    checkInternally(ends.isEmpty && wheel?.isEmpty != false, "an index holds entries of an empty table")
    return arming.remove()
  }

  /// Notes that the timer fired at clock instant `now`: a one-shot is disarmed until re-armed; a
  /// repeating one is due again a window on. Returns where it was armed.
  mutating func noteTimerFired(at now: Int64) -> Int64? {
    counts.noteWakeup()
    return arming.noteFired(at: now, window: window)
  }

  /// The arming the timer should have now, if the arming for `generation` is stale: for a caller
  /// that just armed the timer outside the lock (see ``TimerAction/arm(_:at:repeating:leeway:generation:)``).
  func currentArming(ifNewerThan generation: UInt64) -> TimerAction {
    arming.currentArming(ifNewerThan: generation, window: window)
  }

  /// Arms the timer for the earliest change, if it is not already armed for it (or, as a one-shot,
  /// earlier) with no more leeway than its promises allow now; disarms it when nothing can change.
  /// Repeats while each wakeup is a window after the last one (``timerDecision(now:window:)``).
  mutating func rearm(now: Int64, window: Int64) -> TimerAction {
    guard let decision = timerDecision(now: now, window: window) else { return .none }
    return arm(at: decision.next, repeating: decision.repeating, leeway: decision.leeway)
  }

  /// What ``rearm(now:window:)`` would do: `nil` when the timer is armed as it should be.
  mutating func timerDecision(now: Int64, window: Int64) -> (next: Int64?, repeating: Bool, leeway: Int64)? {
    guard arming.hasTimer, suspendedSince == nil else { return nil }
    guard let wakeup = wantedWakeup(now: now, window: window) else {
      return arming.armedAt == nil ? nil : (nil, false, 0)
    }
    if let armedAt = arming.armedAt,
      armedAt == wakeup || (armedAt < wakeup && !arming.armedRepeating),
      arming.armedLeeway <= leeway(forWakeupAt: armedAt)
    {
      // Armed for it already; or earlier, as a one-shot, whose wakeup re-arms. A repeating timer
      // armed earlier would go on waking for nothing: it is re-armed. So is one armed with more
      // leeway than is allowed now (an end came due just after its wakeup, or a registration
      // changes sooner): the leeway only ever shrinks here, so this costs a call into the timer
      // only when a promise needs it.
      return nil
    }
    // Repeating while the next wakeup is the grid instant after the last one: on the shared grid,
    // where every running countdown changes at every grid instant, and per countdown while every
    // window has a change due (countdowns spread over the interval). A wakeup that then wants a
    // later one re-arms the timer as a one-shot (above).
    let repeating = arming.timerRepeats && wakeupInstant != .min
      && wakeup == wakeupInstant.addingSaturated(window)
    return (wakeup, repeating, leeway(forWakeupAt: wakeup))
  }

  /// The most the timer armed for clock instant `wakeup` may fire late, by the promises in force
  /// now: see ``TimerArming/leeway(forWakeupAt:window:interval:earliestChange:separateEnds:soonestEnd:endWindow:)``.
  /// An end cancelled since it was noted (one ``dropStaleEnds()`` would drop) only makes it smaller.
  mutating func leeway(forWakeupAt wakeup: Int64) -> Int64 {
    TimerArming.leeway(
      forWakeupAt: wakeup, window: window, interval: interval, earliestChange: changeBound.earliestChange,
      separateEnds: separateEnds, soonestEnd: ends.soonestDeadline(), endWindow: endWindow)
  }

  /// The instant the timer should fire next: the grid instant of the earliest change or the next
  /// end's instant; `nil` when nothing can change, or nothing does by the clock's last instant
  /// (`Int64.max` is an instant like any other: a grid instant there is woken for). An empty table
  /// keeps the timer until the next grid wakeup finds it still empty: a registration before then
  /// reuses it instead of building a new one.
  mutating func wantedWakeup(now: Int64, window: Int64) -> Int64? {
    if table.isEmpty {
      guard now < .max else { return nil }
      return Self.gridCeiling(atOrAfter: now + 1, now: now, window: window, origin: gridOrigin)
    }
    var wakeup: Int64?
    // `.max` is the bound's "no change to come" (``CountdownTiming/nextChange(interval:)``).
    let earliestChange = changeBound.earliestChange
    if earliestChange != .max {
      wakeup = Self.gridCeiling(atOrAfter: earliestChange, now: now, window: window, origin: gridOrigin)
      // A grid instant that passed since the last tick (a pass ran past it), with a change due
      // by then: wake at once for it, rather than an interval late.
      let passed = Self.gridFloor(now, window: window, origin: gridOrigin)
      if passed > wakeupInstant, earliestChange <= passed {
        wakeup = passed
      }
    }
    dropStaleEnds()
    if let end = ends.soonestDeadline() {
      // At the end grid instant at or after the deadline, even if that has passed (the timer
      // then fires at once): ends close together share a wakeup. One past the clock's last
      // instant: at that instant, which is after the deadline.
      let endWakeup = Self.gridCeiling(atOrAfter: end, now: end, window: endWindow, origin: gridOrigin) ?? .max
      wakeup = min(wakeup ?? endWakeup, endWakeup)
    }
    return wakeup
  }

  /// Arms the timer (which exists) for `next`, repeating every window if `repeating`, each fire up
  /// to `leeway` nanoseconds late, or disarms it for `nil`, as a new generation.
  mutating func arm(at next: Int64?, repeating: Bool = false, leeway: Int64 = 0) -> TimerAction {
    arming.arm(at: next, repeating: repeating, window: window, leeway: leeway)
  }
}
