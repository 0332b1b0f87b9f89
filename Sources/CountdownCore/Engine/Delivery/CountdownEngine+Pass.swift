import Dispatch

// A delivery pass from start to end: planned under the lock together with its first chunk (for
// a wakeup, in the very lock that notes it), its callbacks called with the lock released, chunk
// after chunk, and finished under one more lock that also re-arms the timer. The clock is read
// once per pass, and again only before a further chunk: the callbacks in between take time.
extension CountdownEngine {
  /// Delivers everything pending: prompt deliveries of new registrations, and, after a wakeup, every
  /// registration whose value changed. Runs on the delivery queue: a queued pass, or one a clock
  /// advanced by hand settles.
  ///
  /// A tick's values are those at the grid instant its wakeup stands for (see
  /// ``EngineState/noteWakeup(at:armedFor:window:)``), so a wakeup a little early or late never
  /// makes a value skip or repeat, and every label flips in the same batch. Prompt deliveries are
  /// computed when their chunk is prepared. Since at most one pass is queued, a stalled queue never
  /// builds up a backlog of stale batches. The table is walked in chunks: each chunk is prepared
  /// under the lock (bounded work), then its callbacks run with the lock released, so a callback
  /// may call anything on this engine. The clock is read outside the lock.
  func deliverPending() {
    #if DEBUG
      dispatchPrecondition(condition: .onQueue(deliveryQueue))
    #endif
    let context = passScratch.takeContext()
    let now = clock.now.nanosecondsSinceOrigin
    var chunk = passScratch.takeChunk()
    var garbage: [CountdownHandler] = []
    let (begun, queuePass) = state.withLock { state -> ((PassKind, PassProgress)?, Bool) in
      state.passQueued = false
      guard state.delivery == nil else {
        // A pass runs further up this thread's stack (a callback advanced a manual clock): the
        // work is left to a queued pass.
        return (nil, state.requestPass())
      }
      guard state.hasPendingWork else { return (nil, false) }
      return (beginPass(context, at: now, into: &chunk, garbage: &garbage, state: &state), false)
    }
    garbage.removeAll()  // released outside the lock
    perform(EngineActions(queuePass: queuePass))
    if let (kind, progress) = begun {
      runPass(kind, progress, &chunk, context: context, reading: now)
    }
    passScratch.giveBack(chunk, context)
  }

  /// Under the lock: takes the pass's kind from the state, marks the pass as running and prepares
  /// its first chunk, with the clock reading `now` (the handlers of registrations the preparation
  /// removed go to `garbage`). The state has pending work and no pass runs.
  func beginPass(
    _ context: DeliveryContext, at now: Int64, into chunk: inout DeliveryChunk, garbage: inout [CountdownHandler],
    state: inout EngineState
  ) -> (PassKind, PassProgress) {
    state.passQueued = false
    let kind = takePassKind(context, startedAt: now, state: &state)
    var progress = PassProgress(kind)
    prepareChunk(kind, &progress, into: &chunk, context: context, preparedAt: now, garbage: &garbage, state: &state)
    return (kind, progress)
  }

  /// Under the lock: the pass's kind, the pass marked as running.
  private func takePassKind(_ context: DeliveryContext, startedAt: Int64, state: inout EngineState) -> PassKind {
    state.beginPass(context)
    defer {
      state.tickDue = false
      state.endsDue = false
    }
    if state.tickDue {
      let pending = state.takeAwaitingPromptDelivery()
      let tick = state.tickInstant(passStartedAt: startedAt, window: windowNanoseconds)
      if state.wheel != nil {
        // The windows through the tick are this pass's: a change noted while it runs waits in a
        // later one (``EngineState/noteInWheel(_:at:changeAt:)``).
        defer { state.noteWheelVisited(through: tick) }
        if let pending, let windows = state.takeWindows(through: tick) {
          return .windows(tick, WheelVisit(windows: windows, promptDeliveries: pending))
        }
        // Rebuilt by this walk.
        state.wheel!.removeAll()
        state.wheelNeedsWalk = false
      }
      // The walk delivers prompt deliveries and due ends too.
      return .tick(tick)
    }
    if state.endsDue {
      // Prompt deliveries owed meanwhile get a pass of their own, right after this one.
      return .ends(state.takeDueEnds())
    }
    let pending = state.takeAwaitingPromptDelivery()
    // Looking a registration up costs cache misses in the buckets and the pool; the walk reads
    // the pool in order. Past an eighth of the table, walking is cheaper
    // (``EngineState/takeAwaitingPromptDelivery()``).
    return pending.map(PassKind.promptDeliveries) ?? .promptDeliveriesByWalk
  }

  /// Calls the prepared chunk, then prepares and calls chunk after chunk until the pass has
  /// nothing left, and finishes it. `reading` is the clock reading the pass began with.
  func runPass(
    _ kind: PassKind, _ progress: consuming PassProgress, _ chunk: inout DeliveryChunk, context: DeliveryContext,
    reading: Int64
  ) {
    var progress = progress
    var reading = reading
    while true {
      probePausedReceivers(&progress)
      // What the last chunk ended, and the dead receivers found, are removed by the next lock:
      // the next chunk's, or the one that finishes the pass.
      let isLast = progress.preparedAll(kind)
      if !chunk.isEmpty {
        let made = call(chunk, context: context, ended: &progress.ended)
        progress.uncounted += made
        progress.delivered += made
        chunk.removeAll()
      }
      if isLast { break }
      // The callbacks took time: the next chunk's prompt deliveries are computed for now.
      reading = clock.now.nanosecondsSinceOrigin
      var garbage: [CountdownHandler] = []
      state.withLock { state in
        prepareChunk(kind, &progress, into: &chunk, context: context, preparedAt: reading, garbage: &garbage, state: &state)
      }
      garbage.removeAll()  // released outside the lock
    }
    finishPass(kind, progress, reading: reading)
  }

  /// Under the lock: removes the registrations the last chunk ended, then fills `chunk` with the
  /// next callbacks. The handlers of removed registrations go to `garbage`, to release after the
  /// lock.
  private func prepareChunk(
    _ kind: PassKind, _ progress: inout PassProgress, into chunk: inout DeliveryChunk, context: DeliveryContext,
    preparedAt: Int64, garbage: inout [CountdownHandler], state: inout EngineState
  ) {
    removeEnded(&progress, garbage: &garbage, state: &state)
    // Removals so far concern callbacks already made or skipped; the chunk prepared now reflects
    // them.
    _ = context.takeRemovals()
    let instants = ChunkInstants(kind, preparedAt: preparedAt, state: state, window: windowNanoseconds)
    switch kind {
    case .promptDeliveries(let pending):
      preparePromptDeliveries(pending, instants, progress: &progress, into: &chunk, state: &state)
    case .ends(let entries):
      prepareEnds(entries, instants, progress: &progress, into: &chunk, state: &state)
    case .windows(_, let visit):
      preparePromptDeliveries(visit.promptDeliveries, instants, progress: &progress, into: &chunk, state: &state)
      prepareWheel(visit, instants, progress: &progress, into: &chunk, state: &state)
    case .tick, .promptDeliveriesByWalk:
      prepareWalk(kind, instants, progress: &progress, into: &chunk, state: &state)
    }
    if !progress.scheduled.isEmpty {
      // Emptied only when it holds something: keeping the capacity of the shared empty array
      // allocates a buffer.
      for change in progress.scheduled {
        state.schedule(change)
      }
      progress.scheduled.removeAll(keepingCapacity: true)
    }
  }

  /// Under the lock: removes the registrations that ended or set `stop` (or whose paused receiver
  /// died), and counts the callbacks made since the last lock.
  private func removeEnded(_ progress: inout PassProgress, garbage: inout [CountdownHandler], state: inout EngineState) {
    if !progress.ended.isEmpty {
      for end in progress.ended {
        if let handler = state.remove(end) {
          garbage.append(handler)
        }
      }
      progress.ended.removeAll(keepingCapacity: true)
    }
    state.deliveries += Int64(progress.uncounted)
    progress.uncounted = 0
  }

  /// Outside the lock: the check loads a weak reference, and releasing what it loaded could run
  /// the receiver's deinit. Dead ones are removed under the next lock.
  private func probePausedReceivers(_ progress: inout PassProgress) {
    guard !progress.pausedProbes.isEmpty else { return }
    for probe in progress.pausedProbes where !probe.slot.hasLiveReceiver {
      progress.ended.append(.init(key: probe.key, slot: probe.slot))
    }
    progress.pausedProbes.removeAll(keepingCapacity: true)
  }

  /// Under one lock: removes what the last chunk ended, counts the pass, releases the
  /// registrations it retired, and re-arms the timer (with the pass's latest reading: a wakeup
  /// armed for an instant that passed meanwhile comes at once, and stands for the instant it
  /// comes at).
  private func finishPass(_ kind: consuming PassKind, _ progress: consuming PassProgress, reading: Int64) {
    var progress = progress
    var garbage: [CountdownHandler] = []
    // A window pass's lists go back to the wheel as room for the next ones.
    var visited: [ContiguousArray<ChangeWheel.Entry>] = []
    if case .windows(_, let visit) = kind {
      visited = visit.windows.map(\.entries)
    }
    let tickInstant = kind.tickInstant
    _ = consume kind
    let window = windowNanoseconds
    let actions = state.withLock { state -> EngineActions in
      removeEnded(&progress, garbage: &garbage, state: &state)
      if !state.retired.isEmpty {
        // Appending even an empty array allocates a new buffer for `garbage`: not on every wakeup.
        garbage += state.freeRetired()
      }
      state.examined += Int64(progress.examined)
      if progress.delivered > 0 {
        state.batches += 1
      }
      var earliest = progress.earliest
      for index in visited.indices {
        state.wheel?.recycle(&visited[index])
      }
      if let instant = tickInstant {
        state.noteTicked(instant)
        if state.wheel != nil {
          state.noteWheelVisited(through: instant)
          // What the wheel holds bounds every change: its first occupied window.
          earliest = min(earliest, state.wheelEarliestChange())
        }
      }
      // A tick walked everything, and a window pass took what the wheel holds: its earliest change
      // replaces the old bound, but for changes noted while it ran (a registration added past its
      // cursor). Other passes saw only some registrations.
      state.endPass(walkedEverything: tickInstant != nil, earliestSeen: earliest)
      let actions = EngineActions(timer: state.rearm(now: state.monotone(reading), window: window), queuePass: state.requestPass())
      state.checkInvariantsIfEnabled()
      return actions
    }
    garbage.removeAll()  // released outside the lock
    perform(actions)
  }
}
