// One registration's transitions: registering, pausing, resuming, and time added or taken.

extension EngineState {
  /// A registration of `receiver` for `request` (checked before the lock), asked for with the clock
  /// reading `reading`, clamped here (rule 5). Throws, changing nothing, when the target does not
  /// fit. The first of the request's milestones, if any, is planned here.
  ///
  /// With `context` (the caller runs on the delivery queue), a first value that is all there is to
  /// deliver is prepared here, in this lock, as a pass of that one callback begun with `context`
  /// (``Registration/delivery``): ``beginPromptDeliveryHere(_:at:near:)`` without owing it first.
  mutating func accept(
    _ receiver: AnyObject, _ handler: @escaping CountdownHandler, _ request: RegistrationRequest, reading: Int64,
    deliveringHereWith context: DeliveryContext? = nil
  ) throws(CountdownError) -> Registration {
    let now = actedOn.raiseLatest(to: reading)
    var timing = try request.timing(at: now, interval: grid.interval)
    let planned = timing.planFirstMilestone(of: request.milestones, at: now, interval: grid.interval)
    return place(receiver, handler, timing, now: now, milestones: planned, deliveringHereWith: context)
  }

  /// A registration of `receiver` counting up from clock instant `start` (one after the clamped
  /// `reading` counts from the reading): a listener carried over from another process.
  mutating func acceptCarriedOver(
    _ receiver: AnyObject, _ handler: @escaping CountdownHandler, countingUpFrom start: Int64,
    policy: SuspensionPolicy, reading: Int64
  ) -> Registration {
    let now = actedOn.raiseLatest(to: reading)
    let timing = CountdownTiming(countingUpFrom: min(start, now), policy: policy)
    return place(receiver, handler, timing, now: now)
  }

  /// Adds a registration of `receiver` calling `handler`, with `timing` made at the clamped clock
  /// instant `now`, or replaces the one of the same key; with `context`, prepares its first value
  /// as ``accept(_:_:_:reading:deliveringHereWith:)`` says.
  mutating func place(
    _ receiver: AnyObject, _ handler: @escaping CountdownHandler, _ timing: CountdownTiming,
    now: Int64, milestones: MilestoneList? = nil, walk: SegmentWalk? = nil,
    deliveringHereWith context: DeliveryContext? = nil
  ) -> Registration {
    let skipsChanges = timing.skipsChanges
    counts.noteChange()
    actedOn.raiseRegistrationReading(to: now)
    var timing = timing
    if timing.policy == .pauses {
      // Counted on the engine's running time, which stands still while it is suspended.
      timing.rebase(by: now.subtractingSaturated(suspension.runningTime(at: now)))
    }
    let key = ObjectIdentifier(receiver)
    let slot = slots.allocate(receiver: receiver)
    if let walk {
      slots.attach(.walk(walk), to: slot)
    } else if let milestones {
      slots.attach(.milestones(milestones), to: slot)
    }
    let node = ReceiverNode(slot: slot, handler: handler, timing: timing)
    let quiet = belongsInQuietPart(timing)
    var replaced: CountdownHandler?
    let index: NodeIndex
    if let found = table.index(of: key) {
      // Its own registration, or one of a dead object at its address: replaced without a callback.
      let old = table[found]
      table[found] = node
      pass.context?.withdrawPreparedCallback(of: old.slot)
      replaced = freeOrKeepForPass(old.slot, handler: old.handler.closure)
      index = table.setQuiet(quiet, at: found)
      forgetBoundIfNothingIsWalked()
    } else {
      index = table.insert(node, for: key, quiet: quiet)
    }
    // Its first value is all there is to deliver, and the caller makes it before returning: it is
    // prepared below, never owed (nor a pass queued for it).
    let deliversHere = !skipsChanges && context != nil && pass.context == nil && pendingWork.isEmpty
    if !skipsChanges, !deliversHere {
      pendingWork.owePromptDelivery(.init(key: key, slot: slot), walkedCount: table.walkedCount)
    }
    let madeTimer = ensureTimer(now: now)
    var delivery: PromptDeliveryHere?
    if deliversHere {
      // Its next change is noted as its value is prepared, before the timer is armed below: the
      // pass's end need not check the arming again. (`deliversHere` says `context` is there;
      // unwrapped in place, it is not retained for a binding.)
      delivery = beginPromptDeliveryHere(context.unsafelyUnwrapped, at: index, now: now, armedAfter: true)
    } else {
      // Armed now, not after its first delivery: a slow delivery queue does not delay the wakeup.
      scheduleFirstChange(of: timing, slot: slot, position: index.position, at: now)
    }
    // Placed paused (a walk restored paused): probed as a pause's registration is (rule 13).
    if timing.isPaused { notePausedProbe(of: index, now: now) }
    // The timer is armed once it is installed, if it is being made.
    let timer: TimerAction
    if case .none = madeTimer { timer = rearm(now: now) } else { timer = madeTimer }
    let actions = EngineActions(timer: timer, queuePass: pendingWork.markPassQueuedIfNeeded())
    checkRulesIfEnabled()
    return Registration(
      actions: actions, replaced: replaced, owesPromptDelivery: !skipsChanges, position: index.position,
      delivery: delivery)
  }

  /// Notes when `timing`, just registered, resumed or given time at clock instant `now` in `slot`
  /// (its node at `position`), changes first.
  mutating func scheduleFirstChange(of timing: CountdownTiming, slot: SlotReference, position: Int, at now: Int64) {
    let interval = grid.interval
    var next = timing
    if !timing.skipsChanges {
      _ = next.advance(to: suspension.instant(for: timing, at: now), interval: interval)
    }
    if grid.endsHaveOwnGrid, next.isAtItsLastValue {
      scheduleEnd(of: next, in: slot, at: position)
    } else {
      let change = next.nextClockChange(interval: interval, suspendedTotal: suspension.total)
      lowerEarliestChange(to: change)
      // One that skips changes (only its end, or milestones) gets no first delivery to put it in
      // the wheel.
      if timing.skipsChanges, let change, usesWheel {
        putInWheel(slot, at: position, changeAt: change)
      }
    }
  }
}

/// What a registration (``EngineState/accept(_:_:_:reading:deliveringHereWith:)``, or one carried
/// over, counting up) leaves to do after the lock.
struct Registration {
  var actions: EngineActions
  let replaced: CountdownHandler?
  /// It owes a prompt delivery (its first value): on the delivery queue, the caller makes it
  /// before returning (``CountdownEngine/deliverHere(_:owesPromptDelivery:reading:)``).
  var owesPromptDelivery = false
  /// Where its node was left in the table's pool, for the prompt delivery made in the same lock
  /// (``EngineState/beginPromptDeliveryHere(_:at:near:)``).
  var position = Int.max
  /// Its first value, prepared in the registration's lock as a pass of that one callback, for the
  /// caller on the delivery queue to make before returning
  /// (``EngineState/accept(_:_:_:reading:deliveringHereWith:)``).
  var delivery: PromptDeliveryHere?
}

// MARK: - Pausing one registration

extension EngineState {
  /// Freezes `receiver`'s registration at clock instant `now` (clamped: rule 5, so that it never
  /// freezes a time before one a tick has already shown); the running pass skips a callback it
  /// prepared for it.
  mutating func pause(_ receiver: AnyObject, now: Int64) -> Pausing {
    guard let index = liveIndex(of: receiver) else { return Pausing(found: false, timer: .none) }
    // A walk paused already is left as it is: its pause answers whether it was running.
    if table[index].timing.walksSegments, table[index].timing.isPaused { return Pausing(found: false, timer: .none) }
    // A walk whose plan has ended, its final call on its way, has nothing running to pause: that
    // call comes as it would have (as a move finds, ``SegmentMoveResult/planHadEnded``).
    if table[index].timing.walksSegments, let walk = slots.walk(of: table[index].slot), walk.isEnded {
      return Pausing(found: false, timer: .none)
    }
    counts.noteChange()
    // A walk is paused at the caller's reading, as it is moved (``move(_:_:now:)``), but never
    // before a later reading another call or wakeup acted on before this lock (a move, a segment's
    // end): the time frozen would count from before the segment began, more than its length.
    let now = actedOn.raiseLatest(to: now)
    let reading = actedOn.latestReading
    let pauseAt = table[index].timing.walksSegments ? reading : now
    // A walk's pause acts on the segment running now: the ends due before it pass first, and the
    // call that tells them comes at once (paused too), as after time added or a move.
    let broughtUp = bringUpWalk(at: index, now: reading)
    if broughtUp, let walk = slots.walk(of: table[index].slot), walk.isEnded || table[index].timing.isPaused {
      // Its plan ended, or the walk paused itself after a segment that pauses, before the pause:
      // nothing runs to pause.
      let moving = oweMovedWalk(at: index, table[index].timing, now: now)
      return Pausing(
        found: false, timer: moving.actions.timer, queuePass: moving.actions.queuePass,
        owesPromptDelivery: moving.owesPromptDelivery)
    }
    notePausedProbe(of: index, now: now)
    var pausedAt = suspension.instant(for: table[index].timing, at: pauseAt)
    if table[index].timing.walksSegments, let walk = slots.walk(of: table[index].slot) {
      // Never before its segment began: a wakeup that ran early started it at the grid instant it
      // stood for, after every reading so far, and frozen earlier it would have more than its span.
      pausedAt = max(pausedAt, table[index].timing.deadlineOrStart.subtractingSaturated(walk.span))
    }
    // One that owes only its end pauses as what it was: its resume owes that end again, if due.
    table[index].timing.silenceAgain()
    table[index].timing.pause(at: pausedAt)
    // A walk's delivery owed waits for its resume, which owes one again.
    table[index].timing.settlePaused(interval: grid.interval)
    pass.context?.withdrawPreparedCallback(of: table[index].slot)
    if table[index].timing.walksSegments, table[index].timing.deadlineOrStart <= 0,
      let walk = slots.walk(of: table[index].slot)
    {
      // A walk whose segment's end was due and not delivered yet: that segment ends, paused with
      // nothing left, and the next waits paused, told at once (as time taken down to nothing).
      var timing = table[index].timing
      walk.endPausedSegment(&timing, at: pausedAt, toClock: pauseAt.subtractingSaturated(pausedAt))
      let moving = oweMovedWalk(at: index, timing, now: now)
      return Pausing(
        found: true, timer: moving.actions.timer, queuePass: moving.actions.queuePass,
        owesPromptDelivery: moving.owesPromptDelivery)
    }
    if broughtUp {
      // The ends that passed before the pause are told at once, the walk paused.
      let moving = oweMovedWalk(at: index, table[index].timing, now: now)
      return Pausing(
        found: true, timer: moving.actions.timer, queuePass: moving.actions.queuePass,
        owesPromptDelivery: moving.owesPromptDelivery)
    }
    // Paused, it is probed at each walk (a quiet one moves to the walked part).
    table.setQuiet(false, at: index)
    let action = rearm(now: now)
    checkRulesIfEnabled()
    return Pausing(found: true, timer: action)
  }

  /// Brings the walk at `index`, if it is one, up to clock instant `now` (clamped): every segment
  /// whose end is due by then passes, and the next call tells those ends
  /// (``SegmentWalk/bringUp(_:to:interval:toClock:)``), so that an operation acts on the segment
  /// running now. Returns whether any passed; nothing else changes (what the caller changes next
  /// notes the registration's next change anew).
  @discardableResult
  mutating func bringUpWalk(at index: NodeIndex, now: Int64) -> Bool {
    guard table[index].timing.walksSegments, !table[index].timing.isPaused,
      let walk = slots.walk(of: table[index].slot)
    else { return false }
    let instant = suspension.instant(for: table[index].timing, at: now)
    guard table[index].timing.deadlineOrStart <= instant else { return false }
    return walk.bringUp(
      &table[index].timing, to: instant, interval: grid.interval, toClock: now.subtractingSaturated(instant))
  }

  /// Notes the probe of the registration at `index`, paused at clock instant `now` (clamped).
  ///
  /// Paused, it gets no calls that would notice its receiver die: it is probed at the next
  /// instant of the probe grid, within a probe period, with every other paused one (in the
  /// wheel, whether or not it had an entry there; on the shared grid by the walk that bound
  /// buys, which nothing else may buy when only ends and milestones wake the engine), or sooner
  /// by a walk the engine makes anyway.
  mutating func notePausedProbe(of index: NodeIndex, now: Int64) {
    let probe = grid.nextProbe(after: now)
    if usesWheel {
      putInWheel(table[index].slot, at: index.position, changeAt: probe)
      lowerEarliestChange(to: probe)
    } else if probe != .max || (actedOn.wakeupInstant != .max && pass.context == nil) {
      // A probe at the clock's last instant is the tick there: none once that tick has come, or
      // while a pass runs that may be it (its bound would be waited for at that instant for good).
      lowerEarliestChange(to: probe)
    }
  }

  /// Continues `receiver`'s paused registration at clock instant `now` (clamped: rule 5; a walk's
  /// segment runs again from `now` as read): its current value is owed promptly, unless it skips
  /// changes (only its end, or milestones).
  mutating func resume(_ receiver: AnyObject, now: Int64) -> Resumption {
    guard let found = liveIndex(of: receiver) else { return Resumption(found: false, actions: .none) }
    // A walk's resume answers whether it was paused.
    guard table[found].timing.isPaused else {
      return Resumption(found: !table[found].timing.walksSegments, actions: .none)
    }
    counts.noteChange()
    // A walk is resumed at the caller's reading, as it is paused and moved (``move(_:_:now:)``):
    // its segment runs again from "now" to the app, which may lie a little before an instant the
    // engine acted on since (an end taken early within its tolerance).
    let reading = now
    let now = actedOn.raiseLatest(to: now)
    actedOn.raiseRegistrationReading(to: now)
    let resumedAt = suspension.instant(for: table[found].timing, at: table[found].timing.walksSegments ? reading : now)
    table[found].timing.resume(at: resumedAt, lastInstant: suspension.lastInstant(for: table[found].timing))
    // A walk's resume is told by a call: its segment, running again.
    if table[found].timing.walksSegments, let walk = slots.walk(of: table[found].slot) {
      walk.oweCall()
      if walk.owesCall {
        table[found].timing.unsilence()
      } else {
        // A silent walk is told nothing of its resume (one restored paused was never silent yet).
        walk.silence(&table[found].timing, at: resumedAt, interval: grid.interval)
      }
    }
    // An end due by the instant the engine acts on is owed at once.
    let ended = owePromptEndIfDue(at: found, instant: suspension.instant(for: table[found].timing, at: now))
    let timing = table[ended].timing
    // One that delivers only its end or at milestones is quiet again: it leaves the walked part.
    let index = table.setQuiet(belongsInQuietPart(timing), at: ended)
    forgetBoundIfNothingIsWalked()
    if timing.awaitsPromptDelivery {
      pendingWork.owePromptDelivery(
        .init(key: table.key(at: index), slot: table[index].slot), walkedCount: table.walkedCount)
    }
    scheduleFirstChange(of: timing, slot: table[index].slot, position: index.position, at: now)
    var actions = EngineActions()
    actions.timer = rearm(now: now)
    actions.queuePass = pendingWork.markPassQueuedIfNeeded()
    checkRulesIfEnabled()
    return Resumption(found: true, actions: actions, owesPromptDelivery: timing.awaitsPromptDelivery)
  }
}

extension EngineState {
  /// Moves the end of `receiver`'s countdown `change` nanoseconds later (earlier, when negative) at
  /// clock instant `now`, keeping its registration: the same slot, handler and key, no entry made
  /// or freed in the table.
  ///
  /// A running countdown's deadline moves, never before `now` (nor, for one overdue whose 0 is
  /// still to come, later than it was): shortened past its end, it ends at once, an overdue one
  /// too (its deadline stays, and its 0 is owed now rather than at its wakeup). A paused one's
  /// frozen time left moves, never below zero. One counting overtime moves by the whole change: it
  /// has no end to stop at. A callback a running pass prepared with the old value is skipped, as
  /// for a pause; the new value, or the next milestone or end, is noted as at registration. The
  /// wheel's entry of one now awaiting its prompt delivery stays until that delivery, or a window
  /// pass that finds it awaiting and removes it.
  ///
  /// - Returns: The change made, in nanoseconds (less than `change` where it was clamped; zero
  ///   changes nothing, but a walk's segment ends due pass and are told at once, as by any
  ///   operation on a walk), and what to do after the lock; `nil` without a running or paused
  ///   registration. Fails, changing nothing, with ``CountdownError/invalidCombination`` for a
  ///   count-up (it has no end to move) and ``CountdownError/outOfRange`` for an end beyond the
  ///   clock's last instant or a value beyond ``CountdownTiming/maximumValue``.
  mutating func addTime(_ change: Int64, to receiver: AnyObject, now: Int64) -> Result<AddedTime?, CountdownError> {
    guard let found = liveIndex(of: receiver) else { return .success(nil) }
    guard table[found].timing.kind == .countdown else { return .failure(.invalidCombination) }
    // A walk's time is added at the caller's reading, as it is moved (``move(_:_:now:)``).
    let reading = now
    let now = actedOn.raiseLatest(to: now)
    // A change the walk brought up to now rejects leaves it untouched: checked on copies first.
    if table[found].timing.walksSegments, let walk = slots.walk(of: table[found].slot) {
      var (ordinal, timing) = (walk.ordinal, table[found].timing)
      let instant = suspension.instant(for: timing, at: reading)
      _ = SegmentWalk.advance(
        &ordinal, &timing, in: walk.layout, to: instant, toClock: reading.subtractingSaturated(instant))
      if !walk.layout.isEnded(ordinal),
        case .failure(let error) = movedEnd(of: timing, by: change, at: instant, now: now)
      {
        return .failure(error)
      }
    }
    // A walk's time goes to the segment running now: the ends due before it pass first.
    let broughtUp = bringUpWalk(at: found, now: reading)
    if broughtUp, let walk = slots.walk(of: table[found].slot), walk.isEnded {
      // Its plan ended before the change: nothing to add to, and its end is told at once.
      let moving = oweMovedWalk(at: found, table[found].timing, now: now)
      return .success(AddedTime(applied: 0, actions: moving.actions, owesPromptDelivery: moving.owesPromptDelivery))
    }
    let timing = table[found].timing
    let instant = suspension.instant(for: timing, at: timing.walksSegments ? reading : now)
    let newEnd: Int64
    switch movedEnd(of: timing, by: change, at: instant, now: now) {
    case .success(let moved): newEnd = moved
    case .failure(let error): return .failure(error)
    }
    let applied = newEnd - timing.deadlineOrStart
    // Time taken from a running countdown at or past its deadline, whose 0 has not come yet (its
    // wakeup is due, within its leeway), takes nothing more but ends it now, as it would earlier.
    let endsNow =
      change < 0 && !timing.isPaused && !timing.countsOvertime && timing.deadlineOrStart <= instant
    guard applied != 0 || endsNow else {
      guard broughtUp else { return .success(AddedTime(applied: 0, actions: .none)) }
      // Nothing added (a change of zero), but the walk passed the ends due and owes the call that
      // tells them: noted as its prompt delivery, as after a pause, or no pass would make it.
      counts.noteChange()
      let moving = oweMovedWalk(at: found, table[found].timing, now: now)
      return .success(AddedTime(applied: 0, actions: moving.actions, owesPromptDelivery: moving.owesPromptDelivery))
    }
    counts.noteChange()
    // One that owes only its end, its end moved before it was delivered, is silent again (back in
    // the quiet part if it moves off); shortened to its end, one that delivers only its end or
    // milestones ends now, as one that delivers every change does.
    let silenced = table[found].timing.silenceAgain()
    table[found].timing.moveEnd(to: newEnd)
    var index = owePromptEndIfDue(at: found, instant: instant)
    if silenced { index = table.setQuiet(belongsInQuietPart(table[index].timing), at: index) }
    replanMilestone(at: index, instant: instant)
    pass.context?.recordEndMoved(table[index].slot)
    var added = AddedTime(applied: applied, actions: EngineActions())
    if table[index].timing.walksSegments, let walk = slots.walk(of: table[index].slot) {
      walk.noteAdded(applied)
      var moved = table[index].timing
      if timing.isPaused, moved.deadlineOrStart <= 0 {
        // Time taken down to nothing ends a paused segment: the next waits paused, told at once.
        walk.endPausedSegment(&moved, at: instant, toClock: now.subtractingSaturated(instant))
      } else if !timing.isPaused, walk.deliversEveryChange {
        // A walk of every change is told its segment's new end by a call (a silent one, by its next).
        walk.oweCall()
      }
      // Paused with no end untold, the call it owes waits for its resume, as a paused
      // countdown's change does.
      if walk.owesCall, !timing.isPaused || walk.hasUnheardEnds {
        // The call, with the ends passed before the change if any, at once (paused too).
        let moving = oweMovedWalk(at: index, moved, now: now)
        (added.actions, added.owesPromptDelivery) = (moving.actions, moving.owesPromptDelivery)
        return .success(added)
      }
    }
    if !timing.isPaused {
      added.actions = scheduleMovedEnd(at: index, now: now)
      added.owesPromptDelivery = table[index].timing.awaitsPromptDelivery
    }
    checkRulesIfEnabled()
    return .success(added)
  }

  /// The ``CountdownTiming/deadlineOrStart`` `timing` has once `change` is added at `instant` (on
  /// its own time), clock instant `now`, with the clamps ``addTime(_:to:now:)`` describes: pure
  /// arithmetic, checked before anything changes. The end must lie on the clock, reckoned on the
  /// clock: a countdown on running time lags the clock by every suspension.
  private func movedEnd(
    of timing: CountdownTiming, by change: Int64, at instant: Int64, now: Int64
  ) -> Result<Int64, CountdownError> {
    let interval = grid.interval
    let (moved, overflow) = timing.deadlineOrStart.addingReportingOverflow(change)
    guard !overflow else { return .failure(.outOfRange) }
    let deadlineOrStart =
      timing.countsOvertime ? moved : max(moved, min(timing.deadlineOrStart, timing.isPaused ? 0 : instant))
    // Left at `instant`: what a paused one has once it resumes now, which must end on the clock.
    let left = timing.isPaused ? deadlineOrStart : deadlineOrStart.subtractingSaturated(instant)
    guard left <= 0 || !now.addingReportingOverflow(left).overflow else { return .failure(.outOfRange) }
    guard left <= 0 || (left - 1) / interval + 1 <= CountdownTiming.maximumValue else { return .failure(.outOfRange) }
    // Past the deadline (overtime), the value's magnitude is bounded as a value left is.
    guard left >= 0 || left.magnitude / UInt64(interval) <= UInt64(CountdownTiming.maximumValue) else {
      return .failure(.outOfRange)
    }
    return .success(deadlineOrStart)
  }

  /// Notes the new end of the running registration at `index`, just moved at clock instant `now`:
  /// its prompt delivery, or for one that skips changes, where its end or next milestone waits.
  private mutating func scheduleMovedEnd(at index: NodeIndex, now: Int64) -> EngineActions {
    let slot = table[index].slot
    let timing = table[index].timing
    // A callback the running pass prepared with the old value must not begin after this returns:
    // a label's old value, an end's 0 or a milestone the new end has moved.
    pass.context?.withdrawPreparedCallback(of: slot)
    if timing.awaitsPromptDelivery {
      // The new value is computed no earlier than this reading (shortened to now, it is the 0).
      actedOn.raiseRegistrationReading(to: now)
      pendingWork.owePromptDelivery(.init(key: table.key(at: index), slot: slot), walkedCount: table.walkedCount)
    }
    scheduleFirstChange(of: timing, slot: slot, position: index.position, at: now)
    var actions = EngineActions()
    actions.timer = rearm(now: now)
    actions.queuePass = pendingWork.markPassQueuedIfNeeded()
    return actions
  }
}

extension EngineState {
  /// Plans afresh the next milestone of the registration at `index`, whose end just moved, at
  /// `instant` on its own time: the highest milestone below its new value, so one moved back ahead
  /// comes again and one jumped over is not delivered (as at registration). Nothing for a
  /// registration without milestones.
  mutating func replanMilestone(at index: NodeIndex, instant: Int64) {
    if table[index].timing.walksSegments {
      // A silent walk's milestones are its walk's, for every segment; its end is its segment's.
      guard table[index].timing.skipsChanges, !table[index].timing.isPaused,
        let milestones = slots.walk(of: table[index].slot)?.milestones
      else { return }
      let value = table[index].timing.value(at: instant, interval: grid.interval)
      table[index].timing.planSegmentMilestone(milestones.next(below: value))
      return
    }
    guard table[index].timing.deliversMilestones, let milestones = slots.milestones(of: table[index].slot) else {
      return
    }
    let value = table[index].timing.value(at: instant, interval: grid.interval)
    table[index].timing.planMilestone(milestones.next(below: value))
  }
}

extension EngineState {
  /// Makes the running registration at `index`, if it delivers only its end or milestones and its
  /// end has come at `instant` (on its own time), owe its 0 promptly, as a start past its deadline
  /// does: a caller on the delivery queue gets it before returning, rather than at the next wakeup.
  /// It leaves the quiet part and drops its milestones. Returns where its node is now.
  mutating func owePromptEndIfDue(at index: NodeIndex, instant: Int64) -> NodeIndex {
    let timing = table[index].timing
    guard timing.skipsChanges, !timing.isPaused, timing.deadlineOrStart <= instant else { return index }
    table[index].timing.oweItsEndPromptly()
    let slot = table[index].slot
    // A walk keeps its milestones for its next segments.
    if !timing.walksSegments, slots.milestones(of: slot) != nil { slots.attach(nil, to: slot) }
    return table.setQuiet(false, at: index)
  }
}

// What the pause, the resume and time added hand back.

/// What a pause (``EngineState/pause(_:now:)``) found and leaves to do.
struct Pausing {
  let found: Bool
  /// A wakeup for the paused registration's probe, if none comes sooner.
  let timer: TimerAction
  /// A pass to queue, and a call owed at once: a walk whose segment's end was due ended there.
  var queuePass = false
  var owesPromptDelivery = false
}

/// What a resume (``EngineState/resume(_:now:)``) found and leaves to do.
struct Resumption {
  let found: Bool
  var actions: EngineActions
  /// It owes a prompt delivery (its current value), as ``Registration/owesPromptDelivery``.
  var owesPromptDelivery = false
}

/// What time added (``EngineState/addTime(_:to:now:)``) changed and leaves to do.
struct AddedTime {
  /// The change made to the end, in nanoseconds: less than asked for where it was clamped, zero
  /// for no change.
  let applied: Int64
  var actions: EngineActions
  /// It owes a prompt delivery (the new value), as ``Registration/owesPromptDelivery``.
  var owesPromptDelivery = false
}
