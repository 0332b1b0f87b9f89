// A walk's transitions: a registration that walks segments, a move to another segment, and where
// a walk stands, each under the one lock every other transition takes.

extension EngineState {
  /// A registration of `receiver` walking `walk` (its layout, from its segment) with `left`
  /// nanoseconds to go in its segment (checked before the lock), asked for with the clock reading
  /// `reading` (clamped: rule 5); `paused`: frozen at once, its first call told paused (with
  /// nothing left, its segment ends there, and the next waits paused); without `callsFirst`, its
  /// first delivery is a value where the caller knows where it starts (not paused, nothing past,
  /// the engine not suspended).
  /// As ``accept(_:_:_:reading:deliveringHereWith:)`` for the rest.
  mutating func acceptWalk(
    _ receiver: AnyObject, _ handler: @escaping CountdownHandler, walk: SegmentWalk, left: Int64,
    policy: SuspensionPolicy, paused: Bool, callsFirst: Bool = true, reading: Int64,
    deliveringHereWith context: DeliveryContext?
  ) throws(CountdownError) -> Registration {
    let (layout, ordinal) = (walk.layout, walk.ordinal)
    // Its segment's end from the caller's reading, at which it worked `left` out (as a countdown to
    // a deadline is), not from an instant the engine acted on since.
    var timing = try SegmentWalk.timing(at: ordinal, left: left, in: layout, now: reading, policy: policy)
    let now = actedOn.raiseLatest(to: reading)
    guard timing.valueFits(at: now, interval: grid.interval) else { throw .outOfRange }
    walk.noteStart(left: left)
    // A start the caller knows (its segment and its end, from its own reading) needs no call to
    // tell it: its first value is a value's delivery. Paused, past its end or while suspended (its
    // end on running time), the call tells what the caller could not know.
    if !callsFirst, !paused, left > 0, !layout.isEnded(ordinal), !suspension.isSuspended {
      walk.owesNoFirstCall()
    }
    if paused, !layout.isEnded(ordinal) {
      timing.beginSegment(pausedWith: max(0, left))
      let toClock = policy == .pauses ? now.subtractingSaturated(suspension.runningTime(at: now)) : 0
      walk.endPausedSegment(&timing, at: policy == .pauses ? suspension.runningTime(at: now) : now, toClock: toClock)
      // Paused, it is told at its resume, as a single countdown restored paused is: unless a
      // segment ended there, with nothing left, which is told at once.
      if !walk.hasUnheardEnds { timing.settlePaused(interval: grid.interval) }
    }
    // A silent walk has no first call: silent until its first milestone or its first end. Its
    // milestones count from the reading its segment's end counts from: one after that reading is
    // owed (late, if an instant acted on since passed it), never skipped as one passed before the
    // registration. A segment's end due by `now` is delivered at once, as `silence` says.
    let milestonesFrom = timing.deadlineOrStart > now ? reading : now
    walk.silence(&timing, at: milestonesFrom, interval: grid.interval)
    let registration = place(
      receiver, handler, timing, now: now, milestones: walk.milestones, walk: walk,
      deliveringHereWith: timing.isPaused && !timing.awaitsPromptDelivery ? nil : context)
    return registration
  }

  /// Makes `move` on `receiver`'s walk at clock instant `now` (clamped: rule 5): the walk is
  /// brought up to `now`, then moved; its next delivery, owed at once (paused too), is a call that
  /// tells the move. A callback the running pass prepared is withdrawn (rule 6).
  ///
  /// A move past the plan's last segment ends the registration there without a call, as a cancel
  /// does (its plan's end is the app's own doing, told by the move's return).
  ///
  /// - Returns: `nil` without a registration walking segments; one whose plan has ended already
  ///   (its final 0 on its way) is found and left as it is.
  mutating func move(_ receiver: AnyObject, _ move: SegmentMove, now: Int64) -> SegmentMoving? {
    guard let found = liveIndex(of: receiver), table[found].timing.walksSegments,
      let walk = slots.walk(of: table[found].slot)
    else { return nil }
    // The move is made at the caller's reading, "now" to the app, which may lie a little before
    // an instant the engine acted on since (an end taken early within its tolerance): its segment
    // starts then. The reading is raised for what the engine acts on next (rule 5).
    let reading = now
    let now = actedOn.raiseLatest(to: now)
    var timing = table[found].timing
    let instant = suspension.instant(for: timing, at: reading)
    let toClock = reading.subtractingSaturated(instant)
    guard walk.make(move, &timing, at: instant, interval: grid.interval, toClock: toClock) else {
      // Its plan has ended: no walk to move, its final 0 on its way (told at once, if its ends
      // just passed).
      var moving = SegmentMoving(actions: .none)
      if walk.owesCall, !timing.isPaused { moving = oweMovedWalk(at: found, timing, now: now) }
      moving.planHadEnded = true
      return moving
    }
    counts.noteChange()
    if walk.isEnded, !walk.hasUnheardEnds {
      let cancellation = cancel(receiver)
      return SegmentMoving(
        actions: EngineActions(timer: cancellation.timer), endedPlan: true, released: cancellation.released)
    }
    return oweMovedWalk(at: found, timing, now: now)
  }

  /// Writes `timing`, moved, to the walk at `index`, owed its call at once (paused too), and
  /// notes its next change; what to do after the lock.
  mutating func oweMovedWalk(at found: NodeIndex, _ timing: CountdownTiming, now: Int64) -> SegmentMoving {
    var timing = timing
    let walk = slots.walk(of: table[found].slot)
    let owesCall = walk?.owesCall ?? true
    if owesCall {
      // Told by a call at once: a silent walk delivers it as one of every change.
      timing.unsilence()
      if timing.isPaused { timing.beginSegment(pausedWith: timing.deadlineOrStart) }
    } else if timing.isPaused {
      timing.settlePaused(interval: grid.interval)
    } else if let walk {
      // A silent walk is told nothing of a move: silent until its next milestone or its end. Its
      // segment counts from the move's reading: should its end have come by `now` (an instant acted
      // on since that reading), that end is owed at once, a call, as a registration's is.
      let instant = suspension.instant(for: timing, at: now)
      walk.silence(&timing, at: instant, interval: grid.interval)
      if timing.deadlineOrStart <= instant { timing.unsilence() }
    }
    table[found].timing = timing
    let index = table.setQuiet(belongsInQuietPart(timing), at: found)
    forgetBoundIfNothingIsWalked()
    let slot = table[index].slot
    pass.context?.withdrawPreparedCallback(of: slot)
    actedOn.raiseRegistrationReading(to: now)
    if timing.awaitsPromptDelivery {
      pendingWork.owePromptDelivery(.init(key: table.key(at: index), slot: slot), walkedCount: table.walkedCount)
    }
    if timing.isPaused {
      notePausedProbe(of: index, now: now)
    } else {
      scheduleFirstChange(of: timing, slot: slot, position: index.position, at: now)
    }
    var actions = EngineActions()
    actions.timer = rearm(now: now)
    actions.queuePass = pendingWork.markPassQueuedIfNeeded()
    checkRulesIfEnabled()
    return SegmentMoving(actions: actions, owesPromptDelivery: timing.awaitsPromptDelivery)
  }

  /// The timing of the registration at `index` as a read at `now` (clamped) sees it: for a walk,
  /// with its segment ends due by then passed, as a walk's status passes them,
  /// so that a read between an end and the pass that tells it (a suspension, a late wakeup) gives
  /// the time left in the segment the walk is in, not 0 at an end already past.
  ///
  /// - Complexity: O(1), plus O(log *s*) for a walk of a plan of *s* segments written.
  func timingPassingSegmentEnds(at index: NodeIndex, now: Int64) -> CountdownTiming {
    var timing = table[index].timing
    guard timing.walksSegments, let walk = slots.walk(of: table[index].slot) else { return timing }
    var ordinal = walk.ordinal
    let instant = suspension.instant(for: timing, at: now)
    _ = SegmentWalk.advance(&ordinal, &timing, in: walk.layout, to: instant, toClock: now.subtractingSaturated(instant))
    return timing
  }

  /// Where `receiver`'s walk stands at clock instant `now`, worked out on copies; `passingEnds`: a
  /// segment whose end passed and was not delivered yet (during a suspension, say) is passed here
  /// too, else it is the current one, its time left below 0. `nil` without a registration
  /// walking segments.
  func walkStatus(of receiver: AnyObject, now: Int64, passingEnds: Bool = true) -> SegmentStatus? {
    guard let index = table.index(of: ObjectIdentifier(receiver)), isRegistration(at: index, of: receiver),
      table[index].timing.walksSegments, let walk = slots.walk(of: table[index].slot)
    else { return nil }
    var timing = table[index].timing
    var ordinal = walk.ordinal
    let now = clampedToLatestInstant(now)
    let instant = suspension.instant(for: timing, at: now)
    let toClock = now.subtractingSaturated(instant)
    if passingEnds { _ = SegmentWalk.advance(&ordinal, &timing, in: walk.layout, to: instant, toClock: toClock) }
    let ended = walk.layout.isEnded(ordinal)
    return SegmentStatus(
      walk: walk, ordinal: ordinal, isPaused: timing.isPaused,
      timeLeft: ended ? 0 : passingEnds ? timing.nanoseconds(at: instant) : timing.signedNanoseconds(at: instant),
      end: timing.isPaused || ended ? nil : timing.deadlineOrStart.addingSaturated(toClock),
      span: ordinal == walk.ordinal ? walk.span : ended ? 0 : walk.layout.length(ofOrdinal: ordinal)
    )
  }
}

/// What a move (``EngineState/move(_:_:now:)``) leaves to do after the lock.
struct SegmentMoving {
  var actions: EngineActions
  /// It owes a prompt delivery (the call telling the move), as ``Registration/owesPromptDelivery``.
  var owesPromptDelivery = false
  /// It moved past the plan's last segment, which ended the registration without a call.
  var endedPlan = false
  /// Its plan had ended before the move: nothing moved (``SegmentMoveResult/planHadEnded``).
  var planHadEnded = false
  /// The handler of the registration it ended, released after the lock.
  var released: CountdownHandler? = nil
}
