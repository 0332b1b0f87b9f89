// The timer: made, installed, armed for the earliest change (repeating on the shared grid), noted when
// it fires, disarmed as the table empties (kept for the next registration); its reports (a
// wakeup, a manual clock's settling); and the engine's suspension, which stops it.

extension EngineState {
  /// Asks for the timer if there is none (nor one being made): the caller makes it outside the
  /// lock and hands it to ``install(_:repeats:now:)``. The grid starts at `now`. The timer is kept
  /// once made, disarmed while the table is empty, and so is its grid: a registration after an idle
  /// spell flips with the grid's instants, as every registration after the first does.
  mutating func ensureTimer(now: Int64) -> TimerAction {
    guard !arming.hasTimer, !arming.isMakingTimer else { return .none }
    arming.beginMaking()
    grid.restart(at: now)
    actedOn.restartGrid()
    wheelCursor.restart()
    changeBound.reset()
    return .make
  }

  /// Installs the timer made for ``ensureTimer(now:)``, which can repeat if `repeats`, and arms it.
  mutating func install(_ newTimer: any CountdownTimer, repeats: Bool, now: Int64) -> TimerAction {
    arming.install(newTimer, repeats: repeats)
    defer { checkRulesIfEnabled() }
    return rearm(now: now)
  }

  /// Disarms the timer once the table is empty (a cancel took the last registration), so that no
  /// wakeup follows; `.none` while it is not armed or registrations remain. The timer is kept, for
  /// the next registration to arm.
  mutating func disarmIfEmpty() -> TimerAction {
    guard table.isEmpty, arming.mayFire else { return .none }
    // The wheel and the ends to come are empty too, each entry having left with its registration.
    checkInternally(ends.isEmpty && wheel?.isEmpty != false, "an index holds entries of an empty table")
    return arming.arm(at: nil, repeating: false, leeway: 0)
  }

  /// Notes that the timer fired at clock instant `now`, for the arming of `generation` (the one
  /// its handler saw handed to the timer when it began: ``ArmingStamp``); returns where it was
  /// armed, or `nil` for a fire of an older arming than the one in force: that one is a wakeup at
  /// its reading, and leaves the arming in force to fire.
  mutating func recordTimerFire(at now: Int64, generation: UInt64) -> Int64? {
    counts.countWakeup()
    guard generation == arming.timerGeneration else { return nil }
    return arming.advanceAfterFire(at: now)
  }

  /// Arms the timer for the earliest change, if it is not already armed for it (or, as a one-shot,
  /// earlier) with no more leeway than its promises allow now; disarms it when nothing can change.
  /// Repeats while each wakeup is a window after the last one (``neededArming(now:)``).
  mutating func rearm(now: Int64) -> TimerAction {
    guard let needed = neededArming(now: now) else { return .none }
    return arming.arm(at: needed.next, repeating: needed.repeating, leeway: needed.leeway)
  }

  /// The arming ``rearm(now:)`` applies (`next` `nil`: disarm); `nil` when the timer is armed as
  /// it should be (or there is none, or the engine is suspended).
  mutating func neededArming(now: Int64) -> (next: Int64?, repeating: Bool, leeway: Int64)? {
    guard arming.hasTimer, suspension.since == nil else { return nil }
    var inputs: ArmingInputs?
    if !table.isEmpty, arming.armedAt != nil {
      // Most registrations change nothing the arming depends on (their first change is no earlier
      // than the earliest one): the same inputs as the last check that found the timer armed as
      // it should be give the same answer, without the grid arithmetic below.
      dropStaleEnds()
      let read = ArmingInputs(
        earliestChange: changeBound.earliestChange, soonestEnd: ends.isEmpty ? nil : ends.soonestDeadline(),
        wakeupInstant: actedOn.wakeupInstant)
      if read.holdRegardlessOfTime(at: now) {
        if arming.isSettled(for: read) {
          checkInternally(
            checkArming(now: now, noting: nil) == nil, "the same inputs as a settled check, and another answer")
          return nil
        }
        inputs = read
      }
    }
    return checkArming(now: now, noting: inputs)
  }

  /// ``neededArming(now:)`` worked out from the grid; notes `inputs`, if any, when the timer is
  /// armed as it should be.
  private mutating func checkArming(
    now: Int64, noting inputs: ArmingInputs?
  ) -> (next: Int64?, repeating: Bool, leeway: Int64)? {
    guard let wakeup = wantedWakeup(now: now) else {
      // Disarmed unless it may still fire (armed, or left repeating after a late fire).
      return arming.mayFire ? (nil, false, 0) : nil
    }
    if let armedAt = arming.armedAt,
      armedAt == wakeup || (armedAt < wakeup && !arming.armedRepeating),
      arming.armedLeeway <= leeway(forWakeupAt: armedAt)
    {
      // Armed for it already, or earlier as a one-shot, whose wakeup re-arms; a repeating timer
      // armed earlier, or one with more leeway than is allowed now, is re-armed.
      if let inputs { arming.noteSettled(for: inputs) }
      return nil
    }
    // Repeating while the next wakeup is the grid instant after the last one (on the shared grid,
    // or per countdown while every window has a change due); otherwise a one-shot.
    let repeating =
      arming.timerRepeats && actedOn.wakeupInstant != .min
      && wakeup == actedOn.wakeupInstant.addingSaturated(grid.window)
    return (wakeup, repeating, leeway(forWakeupAt: wakeup))
  }

  /// The most the timer armed for clock instant `wakeup` may fire late, by the promises in force
  /// now (``WakeupGrid/leeway(forWakeupAt:earliestChange:soonestEnd:)``).
  mutating func leeway(forWakeupAt wakeup: Int64) -> Int64 {
    grid.leeway(forWakeupAt: wakeup, earliestChange: changeBound.earliestChange, soonestEnd: ends.soonestDeadline())
  }

  /// The instant the timer should fire next: the grid instant of the earliest change or the next
  /// end's instant; `nil` when nothing changes on this clock (rule 2), an empty table included:
  /// no wakeup follows the last registration's end, stop or cancel.
  mutating func wantedWakeup(now: Int64) -> Int64? {
    if table.isEmpty { return nil }
    var wakeup: Int64?
    if let earliestChange = changeBound.earliestChange {
      wakeup = grid.ceiling(atOrAfter: earliestChange, now: now)
      // A grid instant that passed with a change due: wake at once, not an interval late.
      let passed = grid.floor(now)
      if passed > actedOn.wakeupInstant, earliestChange <= passed {
        wakeup = passed
      }
    }
    dropStaleEnds()
    if let end = ends.soonestDeadline() {
      // At the end grid instant at or after the deadline, even if that has passed: ends close
      // together share a wakeup.
      let endWakeup = grid.endCeiling(atOrAfter: end)
      wakeup = min(wakeup ?? endWakeup, endWakeup)
    }
    return wakeup
  }
}

// The timer's reports: a wakeup (which, on the delivery queue, begins its pass in the same lock)
// and a manual clock's settling after a step.

extension EngineState {
  /// The timer fired, for the arming of `generation`; `now` is the wakeup's one clock reading.
  /// Notes the wakeup and, on the delivery queue with no pass running, begins its pass in this
  /// same lock; elsewhere, queues one.
  mutating func timerFired(
    at now: Int64, generation: UInt64, onDeliveryQueue: Bool, context: DeliveryContext,
    into chunk: inout DeliveryChunk
  ) -> Wakeup {
    let (timer, passHasWork) = handleWakeup(at: now, generation: generation)
    counts.noteWakeup(at: passHasWork ? now : nil)
    var actions = EngineActions(timer: timer)
    guard passHasWork else { return Wakeup(actions: actions, pass: nil, released: []) }
    guard onDeliveryQueue, pass.context == nil else {
      actions.queuePass = pendingWork.markPassQueuedIfNeeded()
      return Wakeup(actions: actions, pass: nil, released: [])
    }
    // This pass runs in the queued one's place, which then finds its work done.
    pendingWork.clearPassQueued()
    let (begun, releases) = beginPassWithFirstChunk(context, at: now, into: &chunk)
    return Wakeup(actions: actions, pass: begun, released: releases.released)
  }

  /// Notes a wakeup at clock instant `now`, for the arming of `generation`; returns what the timer
  /// must do and whether a pass has work to do.
  private mutating func handleWakeup(at now: Int64, generation: UInt64) -> (timer: TimerAction, passHasWork: Bool) {
    let armed = recordTimerFire(at: now, generation: generation)
    // Once per wakeup, not per removal: see `shrinkIfSparse`.
    table.shrinkIfSparse()
    guard suspension.since == nil else { return (.none, false) }
    if table.isEmpty, pendingWork.awaitingPromptDelivery.isEmpty, !pendingWork.promptDeliveriesNeedWalk {
      // Nothing to do (a fire that raced the disarm): the timer stays disarmed, kept.
      return (rearm(now: now), false)
    }
    markDueWork(forWakeupAt: now, armedFor: armed)
    var timer = TimerAction.none
    if pendingWork.isEmpty {
      // Armed for an end that is gone, or woken early for one: arm for what comes next. Not while
      // a pass runs, whose bound may be this very instant (the timer would fire here again and
      // again): the pass re-arms when it ends, whatever way it ends.
      if pass.context == nil {
        timer = rearm(now: now)
      } else {
        pass.leaveArmingToItsEnd()
      }
    }
    checkRulesIfEnabled()
    return (timer, !pendingWork.isEmpty)
  }

  /// A clock advanced by hand settled its timers after a step.
  mutating func timerSettled(onDeliveryQueue: Bool) -> Settling {
    defer { checkRulesIfEnabled() }
    guard !pendingWork.isEmpty else { return Settling(queuePass: false, deliverHere: false) }
    return onDeliveryQueue
      ? Settling(queuePass: false, deliverHere: true)
      : Settling(queuePass: pendingWork.markPassQueuedIfNeeded(), deliverHere: false)
  }
}

// The engine's suspension: the timer stops; its end owes values, as `resumeTicking` says.

extension EngineState {
  /// Stops the timer's wakeups from clock instant `now` on (rule 5 clamps it).
  mutating func suspendTicking(at now: Int64) -> TimerAction {
    let now = actedOn.raiseLatest(to: now)
    guard suspension.begin(at: now) else { return .none }
    counts.noteChange()
    defer { checkRulesIfEnabled() }
    guard arming.mayFire else { return .none }
    return arming.arm(at: nil, repeating: false, leeway: 0)
  }

  /// Ends a suspension at clock instant `now` (rule 5 clamps it): every running registration but
  /// one that skips changes is owed a prompt delivery of its current value, changed or not.
  mutating func resumeTicking(at now: Int64) -> EngineActions {
    let now = actedOn.raiseLatest(to: now)
    guard suspension.end(at: now) else { return .none }
    counts.noteChange()
    actedOn.raiseRegistrationReading(to: now)
    // Only the walked part: a quiet registration skips changes, and is owed nothing.
    let walked = table.walkedCount
    table.withNodes { nodes, _ in
      for position in 0..<walked {
        nodes[position].timing.requestPromptDelivery()
        // A walk frozen while suspended has its segment's end moved on the clock: its call tells it.
        if nodes[position].timing.walksSegments, nodes[position].timing.policy == .pauses,
          !nodes[position].timing.isPaused, let walk = slots.walk(of: nodes[position].slot),
          walk.deliversEveryChange
        {
          walk.oweCall()
        }
      }
    }
    pendingWork.oweEveryValue()
    wheelCursor.requireWalk()
    var actions = EngineActions()
    actions.queuePass = pendingWork.markPassQueuedIfNeeded()
    checkRulesIfEnabled()
    return actions
  }
}

// What a wakeup and a manual clock's settling hand back.

/// What a wakeup (``EngineState/timerFired(at:generation:onDeliveryQueue:context:into:)``) leaves to do.
struct Wakeup {
  /// A `var`, as `pass` is, so that the caller moves it out (``EngineActions/take()``) rather than
  /// copying it.
  var actions: EngineActions
  /// The pass begun in the same lock, on the delivery queue, if any.
  var pass: BegunPass?
  let released: [CountdownHandler]
}

/// What a manual clock's settling (``EngineState/timerSettled(onDeliveryQueue:)``) leaves to do.
struct Settling {
  /// Queue a pass for what is pending.
  let queuePass: Bool
  /// The caller, on the delivery queue, delivers what is pending there itself.
  let deliverHere: Bool
}
