// The delivery pass's transitions, under the lock: a pass begins (its kind taken from what is due:
// a tick, a window pass, ends, prompt deliveries; the pass marked as running, its first chunk
// prepared), each further chunk is prepared, and the pass finishes.

extension EngineState {
  /// A pass began on the delivery queue, with the clock reading `now`: prepares its first chunk,
  /// unless there is nothing to deliver or a pass runs further up this thread's stack (a callback
  /// registered, or advanced a manual clock), which then runs this work when it ends.
  mutating func passBegan(_ context: DeliveryContext, at now: Int64, into chunk: inout DeliveryChunk) -> PassStart {
    pendingWork.clearPassQueued()
    // A pass runs only on the delivery queue: one running now is up this thread's stack, and runs
    // what is pending once it ends (``passFinished(tickInstant:_:reading:)``'s `workLeft`).
    guard pass.context == nil else { return PassStart(pass: nil, released: []) }
    guard !pendingWork.isEmpty else { return PassStart(pass: nil, released: []) }
    let (begun, releases) = beginPassWithFirstChunk(context, at: now, into: &chunk)
    return PassStart(pass: begun, released: releases.released)
  }

  /// Takes the pass's kind, marks the pass as running and prepares its first chunk; for
  /// ``passBegan(_:at:into:)``, and for a wakeup on the delivery queue in the lock that notes it.
  mutating func beginPassWithFirstChunk(
    _ context: DeliveryContext, at now: Int64, into chunk: inout DeliveryChunk
  ) -> (BegunPass, ChunkReleases) {
    let (kind, walked) = takePassKind(context, startedAt: now)
    var progress = PassProgress(kind)
    progress.allowance = walked
    let releases = prepareChunk(kind, &progress, into: &chunk, context: context, preparedAt: now)
    return (BegunPass(kind: kind, progress: progress), releases)
  }

  /// The pass's kind, the pass marked as running, and the registrations it may look at beyond
  /// what it delivers and one chunk (rule 11's allowance: ``checkWakeupCost(_:)``).
  private mutating func takePassKind(_ context: DeliveryContext, startedAt: Int64) -> (PassKind, allowance: Int) {
    markPassRunning(context)
    defer { pendingWork.clearTickAndEnds() }
    if pendingWork.tickDue {
      let tick = tickInstant(passStartedAt: startedAt)
      guard walkIsDue(at: tick) else {
        // No value on the grid changes by this grid instant: an end or a milestone woke the
        // engine. Prompt deliveries owed get a pass of their own.
        let due = takeDueEnds()
        return (.ends(due, labels: tick), due.count)
      }
      // Rule 11's allowance for a due walk: the whole walked part.
      let walked = table.walkedCount
      let pending = pendingWork.takeAwaitingPromptDelivery(walkedCount: table.walkedCount)
      if usesWheel {
        // The windows through the tick are this pass's: a change noted while it runs waits in a
        // later one (``putInWheel(_:at:changeAt:)``).
        defer { markWheelVisited(through: tick) }
        if let pending, holdWindows(through: tick) {
          // The entries held are looked at as the pass visits them (``prepareWheel(_:progress:into:)``).
          return (.windows(tick, pending), pending.count)
        }
        // Rebuilt by this walk.
        clearWheel()
        wheelCursor.clearNeedsWalk()
      }
      // The walk delivers prompt deliveries too; the quiet ones' due ends come from the ends to come.
      let due = usesWheel ? [] : takeDueEnds()
      return (.tick(tick, ends: due), walked + due.count)
    }
    if pendingWork.endsDue {
      // Prompt deliveries owed meanwhile get a pass of their own, right after this one.
      let due = takeDueEnds()
      return (.ends(due, labels: tickInstant(passStartedAt: startedAt)), due.count)
    }
    let pending = pendingWork.takeAwaitingPromptDelivery(walkedCount: table.walkedCount)
    // Past an eighth of the walked part, walking it in order costs less than looking each up
    // (cache misses in the buckets and the pool).
    return pending.map { (.promptDeliveries($0), $0.count) } ?? (.promptDeliveriesByWalk, table.walkedCount)
  }

  /// Whether a tick standing for grid instant `tick` walks the table's walked part: with the
  /// wheel (a tick rebuilds it), with ends on the interval's grid, after a suspension ends,
  /// or when a value on the grid changes by `tick`. The earliest change is a lower bound at any
  /// time, a pass running or not (rule 1), and the quiet registrations are never in it (rule 11).
  func walkIsDue(at tick: Int64) -> Bool {
    if usesWheel || !grid.endsHaveOwnGrid || pendingWork.everyValueOwed { return true }
    guard let earliestChange = changeBound.earliestChange else { return false }
    return earliestChange <= tick
  }

  /// Marks a delivery pass as running, with `context`; changes noted from now on are kept apart.
  mutating func markPassRunning(_ context: DeliveryContext) {
    context.forgetMovedEnds()
    pass.begin(context)
    changeBound.beginPass()
  }
}

// Under the lock: each chunk of a pass is prepared, once what the last one ended is removed.

extension EngineState {
  /// Removes the registrations the last chunk ended, then fills `chunk` with the next callbacks,
  /// computed with the clock reading `preparedAt`.
  mutating func prepareChunk(
    _ kind: PassKind, _ progress: inout PassProgress, into chunk: inout DeliveryChunk, context: DeliveryContext,
    preparedAt: Int64
  ) -> ChunkReleases {
    let released = removeEnded(&progress)
    restoreSkippedMilestones(&progress.skippedMilestones, now: preparedAt)
    giveBackSkippedSegmentCalls(&progress.skippedSegmentCalls)
    // Withdrawals so far concern callbacks already made or skipped; the chunk prepared now
    // reflects them.
    context.forgetWithdrawals()
    let instants = ChunkInstants(kind, preparedAt: preparedAt, state: self)
    switch kind {
    case .promptDeliveries(let pending):
      preparePromptDeliveries(pending, instants, progress: &progress, into: &chunk)
    case .ends(let entries, _):
      prepareEnds(entries, instants, progress: &progress, into: &chunk)
    case .windows(_, let pending):
      preparePromptDeliveries(pending, instants, progress: &progress, into: &chunk)
      prepareWheel(instants, progress: &progress, into: &chunk)
    case .tick(_, let ends):
      prepareWalk(instants, progress: &progress, into: &chunk)
      if progress.walkCursor < 0 {
        // The walk is done: the quiet registrations' ends due by the tick follow.
        prepareEnds(ends, instants, progress: &progress, into: &chunk)
      }
    case .promptDeliveriesByWalk:
      prepareWalk(instants, progress: &progress, into: &chunk)
    }
    if !progress.found.scheduled.isEmpty {
      // Emptied only when it holds something, which spares the call in the common case.
      for change in progress.found.scheduled {
        schedule(change)
      }
      progress.found.scheduled.removeAll(keepingCapacity: true)
    }
    if !progress.found.walksToPlace.isEmpty {
      placeWalks(&progress.found.walksToPlace)
    }
    // Ends delivered together: in deadline order, ties in registration order (rule 14). A tick's
    // common case prepares no end, and pays nothing here.
    if progress.found.endsPrepared > 0 || !progress.heldEnds.isEmpty {
      placeEnds(kind, in: &chunk, progress: &progress)
    }
    checkEndsAreInOrderIfEnabled(chunk)
    return ChunkReleases(released: released)
  }

  /// Removes the registrations that ended or set `stop` (or whose paused receiver died), and
  /// counts the callbacks made since the last lock.
  mutating func removeEnded(_ progress: inout PassProgress) -> [CountdownHandler] {
    var released: [CountdownHandler] = []
    if !progress.ended.isEmpty {
      counts.noteChange()
      for end in progress.ended {
        if let handler = remove(end) {
          released.append(handler)
        }
      }
      progress.ended.removeAll(keepingCapacity: true)
    }
    counts.countDeliveries(progress.uncountedCallbacks)
    progress.uncountedCallbacks = 0
    return released
  }
}

// Under the lock: a pass finished. What its last chunk ended is removed, the pass counted, the
// registrations it retired freed, the bound on the next change renewed and the timer re-armed.

extension EngineState {
  /// The pass of `kind` called its last chunk; `reading` is its latest clock reading (a wakeup
  /// armed for an instant that passed meanwhile comes at once, and stands for the instant it
  /// comes at).
  mutating func passFinished(tickInstant: Int64?, _ progress: inout PassProgress, reading: Int64) -> FinishedPass {
    var released = removeEnded(&progress)
    restoreSkippedMilestones(&progress.skippedMilestones, now: actedOn.raiseLatest(to: reading))
    giveBackSkippedSegmentCalls(&progress.skippedSegmentCalls)
    if !pass.retired.isEmpty {
      // Only when something was retired: appending even an empty array allocates a new buffer.
      released += freeRetired()
    }
    counts.countPass(examined: progress.examined, delivered: progress.delivered > 0)
    checkWakeupCost(progress)
    // A wakeup's tick that only probed. Not the tick at the clock's last instant, where every
    // probe due past it comes: the minute is cut short by the clock's end.
    if let wakeup = counts.takeWakeupAwaitingPass(), let tick = tickInstant, tick != .max, progress.delivered == 0,
      progress.probed > 0
    {
      checkProbeWakeup(at: wakeup)
    }
    var earliest = progress.found.earliest
    if let instant = tickInstant {
      actedOn.advanceWakeupInstant(to: instant)
      if usesWheel {
        markWheelVisited(through: instant)
        // What the wheel holds bounds every change: its soonest window.
        earliest = Int64.earlier(earliest, wheelEarliestChange())
      }
    }
    // A tick and a window pass saw everything: what they saw replaces the bound (rule 1).
    endPass(walkedEverything: tickInstant != nil, earliestSeen: earliest)
    // A stop or an end may have emptied the walked part: what the pass saw of those registrations
    // is stale, and would buy a wakeup.
    forgetBoundIfNothingIsWalked()
    // No pass is queued for work left: the caller, on the delivery queue, runs it at once.
    let actions = EngineActions(timer: rearm(now: actedOn.raiseLatest(to: reading)))
    checkRulesIfEnabled()
    return FinishedPass(actions: actions, workLeft: !pendingWork.isEmpty, released: released)
  }

  /// Ends the running pass, which found no change before `earliestSeen`.
  mutating func endPass(walkedEverything: Bool, earliestSeen: Int64?) {
    pass.end()
    changeBound.endPass(walkedEverything: walkedEverything, earliestSeen: earliestSeen)
  }
}

extension EngineState {
  /// Plans again each milestone the running pass skipped because its registration was paused
  /// before the callback began: it had come, so it is delivered once the registration resumes.
  /// Left alone: a registration removed or replaced since, one whose end moved during the pass
  /// (time added planned its milestones afresh), and one already waiting for that milestone or a
  /// higher one.
  mutating func restoreSkippedMilestones(
    _ skipped: inout [SkippedMilestone], now: Int64
  ) {
    guard !skipped.isEmpty else { return }
    for entry in skipped {
      guard pass.context?.endMoved(entry.slot) != true, let index = table.index(of: entry.slot, at: .max),
        table[index].timing.deliversMilestones, table[index].timing.value &- 1 < entry.milestone
      else { continue }
      table[index].timing.planMilestone(entry.milestone)
      if !table[index].timing.isPaused {
        scheduleFirstChange(of: table[index].timing, slot: entry.slot, position: index.position, at: now)
      }
    }
    skipped.removeAll(keepingCapacity: true)
  }

  /// Puts each walk of `slots` in the part of the pool its timing belongs in (rule 11's quiet part
  /// holds the silent ones): a chunk just prepared changed their timings. A node moved out of the
  /// walked part was visited already, as was the walked part's last one that takes its place, so
  /// a walk running downward meets neither again.
  mutating func placeWalks(_ slots: inout [SlotReference]) {
    for slot in slots {
      guard let index = table.index(of: slot, at: .max) else { continue }
      table.setQuiet(belongsInQuietPart(table[index].timing), at: index)
    }
    slots.removeAll(keepingCapacity: true)
    forgetBoundIfNothingIsWalked()
  }

  /// Makes the walk at `index` owe its next delivery as a call: running, it awaits its prompt
  /// delivery (a silent one delivers it as one of every change, and is silent again after it), out
  /// of the quiet part; paused, its resume owes it. Returns where its node is now.
  @discardableResult
  mutating func oweWalkCall(at index: NodeIndex, _ walk: SegmentWalk) -> NodeIndex {
    walk.oweCall()
    guard walk.owesCall, !table[index].timing.isPaused else { return index }
    let wasOwed = table[index].timing.awaitsPromptDelivery
    table[index].timing.unsilence()
    let moved = table.setQuiet(false, at: index)
    if !wasOwed {
      pendingWork.owePromptDelivery(
        .init(key: table.key(at: moved), slot: table[moved].slot), walkedCount: table.walkedCount)
    }
    return moved
  }

  /// Gives the ends of each segment call in `skipped` (withdrawn before it began) back to its
  /// walk, if its registration is still there: its next delivery, a call, carries them. A pause
  /// withdrew it, so its resume tells them; time added or a move, so its prompt delivery does
  /// (rule 15).
  mutating func giveBackSkippedSegmentCalls(_ skipped: inout [SkippedSegmentCall]) {
    guard !skipped.isEmpty else { return }
    for entry in skipped {
      guard let index = table.index(of: entry.slot, at: .max), let walk = slots.walk(of: entry.slot) else { continue }
      walk.giveBack(entry.call)
      oweWalkCall(at: index, walk)
    }
    skipped.removeAll(keepingCapacity: true)
  }
}

// What a pass's start and a chunk's preparation hand back.

/// What a pass's start (``EngineState/passBegan(_:at:into:)``) leaves to do.
struct PassStart {
  /// The pass begun, if any: a `var`, so that the caller moves it out rather than copying it.
  var pass: BegunPass?
  let released: [CountdownHandler]
}

/// The handlers freed by the preparation of a chunk (``EngineState/prepareChunk(_:_:into:context:preparedAt:)``):
/// the chunk itself is the ``DeliveryChunk`` it filled.
struct ChunkReleases {
  let released: [CountdownHandler]
}
