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

  /// A paused registration whose receiver's liveness the pass asks about, once the lock is released.
  struct PausedProbe {
    let key: ObjectIdentifier
    /// Retained: asking runs outside the lock, where the registration may be removed meanwhile.
    let registration: Registration
  }

  /// What one pass must do, taken from the state when it starts.
  struct PassPlan {
    let now: Int64
    /// Registrations owed their first delivery.
    let fresh: [EngineState.PendingDelivery]
    /// Walk the whole table: a wakeup happened, or so many registrations await their first
    /// delivery that one sequential walk is cheaper than looking each of them up.
    let walk: Bool
    /// Walk only for first deliveries (no wakeup happened): others are not due yet, even if their
    /// boundary passed, so that all values keep flipping together on the grid.
    let freshOnly: Bool
  }

  /// Delivers everything pending: first deliveries of new registrations, and, after a wakeup, every
  /// registration whose value changed. Runs on the delivery queue.
  ///
  /// Values are computed now, at delivery, so a pass that starts late delivers current values, and
  /// since at most one pass is queued, a stalled queue never builds up a backlog of stale batches.
  /// The table is walked in chunks: each chunk is prepared under the lock (bounded work), then its
  /// callbacks run with the lock released, so a callback may call anything on this engine.
  func deliverPending() {
    let context = DeliveryContext()
    let plan = state.withLock { state -> PassPlan? in
      state.passQueued = false
      guard state.delivery == nil, state.hasPendingWork else { return nil }
      state.delivery = context
      defer { state.tickDue = false }
      // Looking a registration up costs cache misses in the buckets and the pool; the walk reads
      // the pool in order. Past an eighth of the table, walking is cheaper.
      let fresh = state.takeFresh()
      let freshWalk = !state.tickDue && fresh == nil
      return PassPlan(
        now: clock.now.nanosecondsSinceOrigin, fresh: state.tickDue ? [] : fresh ?? [],
        walk: state.tickDue || freshWalk, freshOnly: freshWalk)
    }
    guard let plan else {
      // Nothing to do, or a pass is already running further up this thread's stack (a callback
      // advanced a manual clock): leave the work to a queued pass.
      perform(state.withLock { $0.delivery == nil ? .none : $0.requestPass() })
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
        state.deliveries += delivered
        delivered = 0
        prepareFresh(plan, cursor: &freshCursor, into: &chunk, earliest: &earliest, state: &state)
        prepareWalk(plan, cursor: &walkCursor, into: &chunk, earliest: &earliest, probes: &pausedProbes, state: &state)
      }
      garbage.removeAll()  // handlers released outside the lock
      // Outside the lock: the test loads a weak reference, and releasing what it loaded could run
      // the receiver's deinit. Dead ones are removed under the next chunk's lock.
      for probe in pausedProbes {
        var stop = false
        probe.registration.call(Self.livenessProbe, &stop)
        if stop {
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
    let request = state.withLock { state -> EngineState.PassRequest in
      state.delivery = nil
      swap(&retired, &state.retired)
      state.deliveries += delivered
      if passDelivered > 0 {
        state.batches += 1
      }
      state.earliestChange = plan.walk && !plan.freshOnly ? earliest : min(state.earliestChange, earliest)
      state.rearm(now: clock.now.nanosecondsSinceOrigin, window: windowNanoseconds)
      return state.requestPass()
    }
    retired.removeAll()  // released outside the lock
    perform(request)
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
    _ plan: PassPlan, cursor: inout Int, into chunk: inout DeliveryChunk,
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
          Self.prepare(at: index.position, in: nodes, entries: entries, plan, interval: interval, earliest: &earliest))
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
    _ plan: PassPlan, cursor: inout Int, into chunk: inout DeliveryChunk,
    earliest: inout Int64, probes: inout [PausedProbe], state: inout EngineState
  ) {
    guard cursor >= 0 else { return }
    // Locals, not the `inout` parameters, in the loop: those would be stored and reloaded for
    // every node, since the chunk's writes could alias them as far as the compiler knows.
    var position = min(cursor, state.table.count - 1)
    let end = max(-1, position - Self.scanLimit)
    var soonest = earliest
    let now = plan.now
    let interval = intervalNanoseconds
    let capacity = chunk.capacity
    let stepsOnly = !plan.freshOnly
    state.table.withNodes { nodes, entries in
      chunk.fill { buffer, count in
        while position > end, count < capacity {
          if stepsOnly {
            Self.walkCommonCase(
              nodes: nodes, entries: entries, from: &position, to: end, into: buffer, count: &count,
              capacity: capacity, now: now, interval: interval, earliest: &soonest)
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
            // rare, so asking the ones that can tell costs little.
            if timing.answersLivenessProbe {
              probes.append(PausedProbe(key: entries[current].key, registration: nodes[current].registration))
            }
          } else if plan.freshOnly ? nextChange == .min : now >= nextChange {
            // Delivered at most once per pass, although a removal between chunks may move a
            // delivered node into the part not walked yet: delivering brings its value up to
            // `now`, after which its next change lies after `now`.
            buffer[count] = Self.prepare(
              at: current, in: nodes, entries: entries, plan, interval: interval, earliest: &soonest)
            count += 1
          } else {
            soonest = min(soonest, nextChange)
          }
        }
      }
    }
    cursor = position
    earliest = soonest
  }

  /// The tick's inner loop over the common case: running countdowns showing more than 1, each
  /// either not due yet or due by less than an interval (it moves down by one, no division).
  ///
  /// Returns when the chunk is full, the walk reached `end`, or the node at `position` needs the
  /// general path (it is left for the caller). Kept apart, with its state in locals, so that the
  /// loop runs in registers.
  @inline(__always)
  private static func walkCommonCase(
    nodes: UnsafeMutableBufferPointer<ReceiverNode>, entries: UnsafeBufferPointer<BucketEntry>,
    from position: inout Int, to end: Int, into buffer: UnsafeMutablePointer<PreparedDelivery>,
    count: inout Int, capacity: Int, now: Int64, interval: Int64, earliest: inout Int64
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
      if now < next {
        soonest = min(soonest, next)
        current -= 1
        continue
      }
      guard now &- next < interval else { return }
      nodes[current].timing.stepDown()
      soonest = min(soonest, next &+ interval)
      buffer[filled] = PreparedDelivery(
        registration: Unmanaged.passUnretained(nodes[current].registration), value: Int(timing.value &- 1), ends: false)
      filled += 1
      current -= 1
    }
  }

  /// Brings the node at `position` up to `plan.now` and returns its callback.
  ///
  /// Reads the node in place, field by field: a copy of a whole node costs reference counting on
  /// its registration.
  @inline(__always)
  private static func prepare(
    at position: Int, in nodes: UnsafeMutableBufferPointer<ReceiverNode>,
    entries: UnsafeBufferPointer<BucketEntry>, _ plan: PassPlan, interval: Int64, earliest: inout Int64
  ) -> PreparedDelivery {
    let value = nodes[position].timing.advance(to: plan.now, interval: interval)
    earliest = min(earliest, nodes[position].timing.nextChange(interval: interval))
    return PreparedDelivery(
      registration: Unmanaged.passUnretained(nodes[position].registration), value: Int(value),
      ends: nodes[position].timing.isFinished)
  }
}
