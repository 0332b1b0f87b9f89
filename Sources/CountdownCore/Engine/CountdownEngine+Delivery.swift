extension CountdownEngine {
  /// One callback, prepared under the lock and made after it is released.
  struct PreparedDelivery {
    /// Unretained: the table, or the retired registrations of the running pass, keep it alive.
    let registration: Unmanaged<Registration>
    let value: Int
    /// The receiver's key, read from the registration just before the calls (see ``call(_:context:ended:)``).
    var key: ObjectIdentifier?
    /// This is the final 0: the registration ends after the call.
    let ends: Bool
  }

  /// A paused registration whose receiver the pass checks, once the lock is released.
  struct PausedProbe {
    let key: ObjectIdentifier
    /// Retained: asking runs outside the lock, where the registration may be removed meanwhile.
    let registration: Registration
  }

  /// What one pass must do, taken from the state when it starts.
  struct PassPlan {
    /// The grid instant the pass's wakeup stands for; `nil` for a pass of first deliveries only.
    let tick: Int64?
    /// Registrations owed their first delivery.
    let fresh: [EngineState.PendingDelivery]
    /// Walk the whole table: a wakeup happened, or so many registrations await their first
    /// delivery that one sequential walk is cheaper than looking each of them up.
    let walk: Bool
    /// Walk only for first deliveries (no wakeup happened): others are not due yet, even if their
    /// boundary passed, so that all values keep flipping together on the grid.
    var freshOnly: Bool { tick == nil }
  }

  /// The instants one chunk's values are computed for, on the clock's time and on the engine's
  /// running time (for ``SuspensionPolicy/pauses``).
  struct ChunkInstants {
    /// The grid instant of the pass's wakeup (for first-delivery passes: unused).
    let tick: Int64
    let tickRunning: Int64
    /// First deliveries: computed when the chunk is prepared (see ``EngineState/freshInstant(preparedAt:tick:window:)``).
    let fresh: Int64
    let freshRunning: Int64
    /// Running time plus this is clock time.
    let runningOffset: Int64

    init(_ plan: PassPlan, preparedAt now: Int64, state: EngineState, window: Int64) {
      tick = plan.tick ?? .min
      tickRunning = state.runningTime(at: tick)
      fresh = state.freshInstant(preparedAt: now, tick: plan.tick, window: window)
      freshRunning = state.runningTime(at: fresh)
      runningOffset = state.suspendedTotal
    }

    /// The instant `timing`'s value is computed for.
    @inline(__always)
    func instant(for timing: CountdownTiming) -> Int64 {
      let isFresh = timing.awaitsPromptDelivery
      if timing.policy == .pauses {
        return isFresh ? freshRunning : tickRunning
      }
      return isFresh ? fresh : tick
    }

    /// The clock instant of `change`, on `timing`'s time.
    @inline(__always)
    func clockInstant(of change: Int64, for timing: CountdownTiming) -> Int64 {
      timing.policy == .pauses ? change.addingSaturated(runningOffset) : change
    }
  }

  /// Delivers everything pending: first deliveries of new registrations, and, after a wakeup, every
  /// registration whose value changed. Runs on the delivery queue.
  ///
  /// A tick's values are those at the grid instant its wakeup stands for (see
  /// ``EngineState/noteWakeup(at:armedFor:window:)``), so a wakeup a little early or late never
  /// makes a value skip or repeat, and every label flips in the same batch. First deliveries are
  /// computed when their chunk is prepared. Since at most one pass is queued, a stalled queue never
  /// builds up a backlog of stale batches. The table is walked in chunks: each chunk is prepared
  /// under the lock (bounded work), then its callbacks run with the lock released, so a callback
  /// may call anything on this engine. The clock is read outside the lock.
  func deliverPending() {
    let context = DeliveryContext()
    let startedAt = clock.now.nanosecondsSinceOrigin
    let window = windowNanoseconds
    let plan = state.withLock { state -> PassPlan? in
      state.passQueued = false
      guard state.delivery == nil, state.hasPendingWork else { return nil }
      state.delivery = context
      defer { state.tickDue = false }
      // Looking a registration up costs cache misses in the buckets and the pool; the walk reads
      // the pool in order. Past an eighth of the table, walking is cheaper.
      let fresh = state.takeFresh()
      let tick = state.tickDue ? state.tickInstant(passStartedAt: startedAt, window: window) : nil
      return PassPlan(tick: tick, fresh: tick == nil ? fresh ?? [] : [], walk: tick != nil || fresh == nil)
    }
    guard let plan else {
      // Nothing to do, or a pass is already running further up this thread's stack (a callback
      // advanced a manual clock): leave the work to a queued pass.
      perform(EngineActions(queuePass: state.withLock { $0.delivery == nil ? false : $0.requestPass() }))
      return
    }

    var chunk = DeliveryChunk(capacity: Self.chunkSize)
    var ended: [EngineState.PendingDelivery] = []
    var pausedProbes: [PausedProbe] = []
    var freshCursor = 0
    var walkCursor = plan.walk ? Int.max : -1
    var earliest = Int64.max
    var delivered = 0
    var passDelivered = 0

    while true {
      var garbage: [ReceiverNode] = []
      let preparedAt = clock.now.nanosecondsSinceOrigin
      state.withLock { state in
        for end in ended {
          if let node = state.remove(end) {
            garbage.append(node)
          }
        }
        ended.removeAll(keepingCapacity: true)
        // Removals so far concern callbacks already made or skipped; the chunk prepared now
        // reflects them.
        _ = context.takeRemovals()
        state.deliveries += Int64(delivered)
        delivered = 0
        let instants = ChunkInstants(plan, preparedAt: preparedAt, state: state, window: window)
        prepareFresh(plan, instants, cursor: &freshCursor, into: &chunk, earliest: &earliest, state: &state)
        prepareWalk(
          plan, instants, cursor: &walkCursor, into: &chunk, earliest: &earliest, probes: &pausedProbes,
          state: &state)
      }
      garbage.removeAll()  // handlers released outside the lock
      // Outside the lock: the check loads a weak reference, and releasing what it loaded could run
      // the receiver's deinit. Dead ones are removed under the next chunk's lock.
      for probe in pausedProbes {
        if !probe.registration.hasLiveReceiver {
          ended.append(.init(key: probe.key, registration: ObjectIdentifier(probe.registration)))
        }
      }
      pausedProbes.removeAll(keepingCapacity: true)
      if chunk.isEmpty && ended.isEmpty && freshCursor >= plan.fresh.count && walkCursor < 0 { break }

      let made = call(chunk, context: context, ended: &ended)
      delivered += made
      passDelivered += made
      chunk.removeAll()
    }

    var retired: [Registration] = []
    let finishedAt = clock.now.nanosecondsSinceOrigin
    let actions = state.withLock { state -> EngineActions in
      state.delivery = nil
      swap(&retired, &state.retired)
      state.deliveries += Int64(delivered)
      if passDelivered > 0 {
        state.batches += 1
      }
      state.earliestChange = plan.walk && !plan.freshOnly ? earliest : min(state.earliestChange, earliest)
      return EngineActions(timer: state.rearm(now: finishedAt, window: window), queuePass: state.requestPass())
    }
    retired.removeAll()  // released outside the lock
    perform(actions)
  }

  /// Makes the chunk's prepared callbacks, with the lock released; returns how many were made.
  /// Registrations that ran out or set `stop` go to `ended`, for removal under the next lock.
  private func call(
    _ chunk: borrowing DeliveryChunk, context: DeliveryContext, ended: inout [EngineState.PendingDelivery]
  ) -> Int {
    // Read every registration's key first, in a loop of independent loads, so that their cache
    // misses overlap; the calls below then find the registrations in cache. (Called one after
    // another, each call would first wait for its own miss: registrations are spread over the heap.)
    for position in 0..<chunk.count {
      chunk[position].key = chunk[position].registration._withUnsafeGuaranteedRef { $0.key }
    }
    var made = 0
    var removed = Set<ObjectIdentifier>()
    for position in 0..<chunk.count {
      let delivery = chunk[position]
      let identity = delivery.registration._withUnsafeGuaranteedRef(ObjectIdentifier.init)
      if context.hasRemovals {
        // A callback removed registrations: skip the ones this chunk still has callbacks for.
        let removals = context.takeRemovals()
        if removals.all { break }
        removed.formUnion(removals.registrations)
      }
      if !removed.isEmpty, removed.contains(identity) { continue }
      var stop = false
      delivery.registration._withUnsafeGuaranteedRef { $0.call(delivery.value, &stop) }
      made += 1
      if stop || delivery.ends {
        ended.append(.init(key: delivery.key!, registration: identity))
      }
    }
    return made
  }

  /// Prepares first deliveries of new (or resumed) registrations.
  private func prepareFresh(
    _ plan: PassPlan, _ instants: ChunkInstants, cursor: inout Int, into chunk: inout DeliveryChunk,
    earliest: inout Int64, state: inout EngineState
  ) {
    let interval = intervalNanoseconds
    while cursor < plan.fresh.count, !chunk.isFull {
      let pending = plan.fresh[cursor]
      cursor += 1
      guard let index = state.table.index(of: pending.key),
        ObjectIdentifier(state.table[index].registration) == pending.registration,
        state.table[index].timing.awaitsPromptDelivery
      else { continue }
      state.table.withNodes { nodes, entries in
        chunk.append(
          Self.prepare(at: index.position, in: nodes, instants, interval: interval, earliest: &earliest))
      }
    }
  }

  /// Walks the pool from its end toward its start, preparing every due registration, until the
  /// chunk is full or ``scanLimit`` nodes were looked at.
  ///
  /// Walking downward keeps the walk exact while callbacks between chunks add and remove
  /// registrations: an addition lands past the cursor (it gets its own first delivery), and a
  /// removal only ever moves the pool's last node, one already visited, into the gap.
  private func prepareWalk(
    _ plan: PassPlan, _ instants: ChunkInstants, cursor: inout Int, into chunk: inout DeliveryChunk,
    earliest: inout Int64, probes: inout [PausedProbe], state: inout EngineState
  ) {
    guard cursor >= 0 else { return }
    // Locals, not the `inout` parameters, in the loop: those would be stored and reloaded for
    // every node, since the chunk's writes could alias them as far as the compiler knows.
    var position = min(cursor, state.table.count - 1)
    let end = max(-1, position - Self.scanLimit)
    var soonest = earliest
    let tick = instants.tick
    let interval = intervalNanoseconds
    let capacity = chunk.capacity
    let stepsOnly = !plan.freshOnly
    state.table.withNodes { nodes, entries in
      chunk.fill { buffer, count in
        while position > end, count < capacity {
          if stepsOnly {
            Self.walkCommonCase(
              nodes: nodes, from: &position, to: end, into: buffer, count: &count,
              capacity: capacity, tick: tick, interval: interval, earliest: &soonest)
            guard position > end, count < capacity else { break }
          }
          // Everything else: first deliveries and those after a resume, late wakeups, counting up,
          // paused and finished registrations.
          let current = position
          position -= 1
          let timing = nodes[current].timing
          let nextChange = timing.nextChange(interval: interval)
          if timing.isPaused {
            // Paused registrations get no calls that would notice their receiver die; they are
            // rare, so checking them at each wakeup costs little. Checked again at the next grid
            // instant: nothing else may tick to notice their end.
            probes.append(PausedProbe(key: entries[current].key, registration: nodes[current].registration))
            soonest = min(soonest, max(instants.tick, instants.fresh).addingSaturated(1))
          } else if plan.freshOnly ? nextChange == .min : instants.instant(for: timing) >= nextChange {
            // Delivered at most once per pass, although a removal between chunks may move a
            // delivered node into the part not walked yet: delivering brings its value up to the
            // pass's instant, after which its next change lies after that instant.
            buffer[count] = Self.prepare(at: current, in: nodes, instants, interval: interval, earliest: &soonest)
            count += 1
          } else {
            soonest = min(soonest, instants.clockInstant(of: nextChange, for: timing))
          }
        }
      }
    }
    cursor = position
    earliest = soonest
  }

  /// The tick's inner loop over the common case: running countdowns on the clock's time showing
  /// more than 1, each either not due yet at the tick's grid instant or due by less than an
  /// interval (it moves down by one, no division).
  ///
  /// Returns when the chunk is full, the walk reached `end`, or the node at `position` needs the
  /// general path (it is left for the caller). Kept apart, with its state in locals, so that the
  /// loop runs in registers.
  @inline(__always)
  private static func walkCommonCase(
    nodes: UnsafeMutableBufferPointer<ReceiverNode>,
    from position: inout Int, to end: Int, into buffer: UnsafeMutablePointer<PreparedDelivery>,
    count: inout Int, capacity: Int, tick: Int64, interval: Int64, earliest: inout Int64
  ) {
    var current = position
    var filled = count
    var soonest = earliest
    defer {
      position = current
      count = filled
      earliest = soonest
    }
    while current > end, filled < capacity {
      let timing = nodes[current].timing
      guard timing.isRunningCountdownAboveOne else { return }
      let next = timing.countdownNextChange(interval: interval)
      if tick < next {
        soonest = min(soonest, next)
        current -= 1
        continue
      }
      guard tick &- next < interval else { return }
      nodes[current].timing.stepDown()
      soonest = min(soonest, next &+ interval)
      buffer[filled] = PreparedDelivery(
        registration: Unmanaged.passUnretained(nodes[current].registration), value: Int(timing.value &- 1), ends: false)
      filled += 1
      current -= 1
    }
  }

  /// Brings the node at `position` up to its instant in `instants` and returns its callback.
  ///
  /// Reads the node in place, field by field: a copy of a whole node costs reference counting on
  /// its registration.
  @inline(__always)
  private static func prepare(
    at position: Int, in nodes: UnsafeMutableBufferPointer<ReceiverNode>,
    _ instants: ChunkInstants, interval: Int64, earliest: inout Int64
  ) -> PreparedDelivery {
    let instant = instants.instant(for: nodes[position].timing)
    let value = nodes[position].timing.advance(to: instant, interval: interval)
    let timing = nodes[position].timing
    earliest = min(earliest, instants.clockInstant(of: timing.nextChange(interval: interval), for: timing))
    return PreparedDelivery(
      registration: Unmanaged.passUnretained(nodes[position].registration), value: Int(value),
      ends: nodes[position].timing.isFinished)
  }
}
