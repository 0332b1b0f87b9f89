extension CountdownEngine {
  /// One callback, prepared under the lock and made after it is released.
  struct PreparedDelivery {
    /// Unretained: the table, or the retired handlers of the running pass, keep the box alive.
    let handler: Unmanaged<HandlerBox>
    let value: Int
    let key: ObjectIdentifier
    let registration: UInt64
    /// This is the final 0: the registration ends after the call.
    let ends: Bool
    /// Cleared when the registration was cancelled or replaced after this was prepared.
    var isValid = true
  }

  /// A paused registration whose receiver's liveness the pass asks about, once the lock is released.
  struct PausedProbe {
    let registration: EngineState.PendingDelivery
    let handler: HandlerBox
  }

  /// What one pass must do, taken from the state when it starts.
  struct PassPlan {
    let number: UInt32
    let now: Int64
    /// Registrations owed their first delivery.
    let fresh: [EngineState.PendingDelivery]
    /// Walk the whole table: a wakeup happened, or so many registrations await their first
    /// delivery that one sequential walk is cheaper than looking each of them up.
    let walk: Bool
    /// Walk only for first deliveries (no wakeup happened): others are not due yet, even if their
    /// boundary passed, so that all values keep flipping together on the grid.
    let freshOnly: Bool
    /// Deliver every registration, changed or not (a resume happened).
    let catchUp: Bool
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
      state.passNumber = state.passNumber == .max ? 1 : state.passNumber + 1
      defer {
        state.fresh = []
        state.tickDue = false
        state.catchUpDue = false
      }
      // Looking a registration up costs cache misses in the buckets and the pool; the walk reads
      // the pool in order. Past an eighth of the table, walking is cheaper.
      let freshWalk = !state.tickDue && state.fresh.count * 8 > state.table.count
      return PassPlan(
        number: state.passNumber, now: clock.now.nanosecondsSinceOrigin,
        fresh: state.tickDue || freshWalk ? [] : state.fresh,
        walk: state.tickDue || freshWalk, freshOnly: freshWalk, catchUp: state.catchUpDue)
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
          if let node = state.remove(key: end.key, registration: end.registration) {
            garbage.append(node)
          }
        }
        ended.removeAll(keepingCapacity: true)
        state.deliveries += delivered
        delivered = 0
        prepareFresh(plan, cursor: &freshCursor, into: &chunk, earliest: &earliest, state: &state)
        prepareWalk(plan, cursor: &walkCursor, into: &chunk, earliest: &earliest, probes: &pausedProbes, state: &state)
      }
      garbage.removeAll()  // handlers released outside the lock
      // Outside the lock: the test loads a weak reference, and releasing what it loaded could run
      // the receiver's deinit. Dead ones are removed under the next chunk's lock.
      for probe in pausedProbes where probe.handler.isAlive?() == false {
        ended.append(probe.registration)
      }
      pausedProbes.removeAll(keepingCapacity: true)
      if chunk.isEmpty && ended.isEmpty && freshCursor >= plan.fresh.count && walkCursor < 0 { break }

      for position in 0..<chunk.count {
        if context.invalidated {
          context.invalidated = false
          revalidate(chunk, from: position)
        }
        let delivery = chunk[position]
        guard delivery.isValid else { continue }
        var stop = false
        delivery.handler._withUnsafeGuaranteedRef { $0.call(delivery.value, &stop) }
        delivered += 1
        passDelivered += 1
        if stop || delivery.ends {
          ended.append(.init(key: delivery.key, registration: delivery.registration))
        }
      }
      chunk.removeAll()
    }

    var retired: [HandlerBox] = []
    let request = state.withLock { state -> EngineState.PassRequest in
      state.delivery = nil
      swap(&retired, &state.retiredHandlers)
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

  /// Prepares first deliveries of new (or resumed) registrations.
  private func prepareFresh(
    _ plan: PassPlan, cursor: inout Int, into chunk: inout DeliveryChunk,
    earliest: inout Int64, state: inout EngineState
  ) {
    while cursor < plan.fresh.count, !chunk.isFull {
      let pending = plan.fresh[cursor]
      cursor += 1
      guard let index = state.table.index(of: pending.key),
        state.table[index].registration == pending.registration,
        state.table[index].timing.nextChange == .min
      else { continue }
      prepare(index, plan, into: &chunk, earliest: &earliest, state: &state)
    }
  }

  /// Walks the pool from its end toward its start, preparing every due registration.
  ///
  /// Walking downward keeps the walk exact while callbacks between chunks add and remove
  /// registrations: an addition lands past the cursor (it gets its own first delivery), and a
  /// removal only ever moves the pool's last node, one already visited, into the gap.
  private func prepareWalk(
    _ plan: PassPlan, cursor: inout Int, into chunk: inout DeliveryChunk,
    earliest: inout Int64, probes: inout [PausedProbe], state: inout EngineState
  ) {
    guard cursor >= 0 else { return }
    cursor = min(cursor, state.table.count - 1)
    let interval = intervalNanoseconds
    state.table.withNodes { nodes, keys in
      var scanned = 0
      while cursor >= 0, !chunk.isFull, scanned < Self.scanLimit {
        let position = cursor
        cursor -= 1
        scanned += 1
        let timing = nodes[position].timing
        if timing.isPaused {
          // Paused registrations get no calls that would notice their receiver die; they are
          // rare, so asking the ones that can tell costs little.
          if nodes[position].handler.isAlive != nil {
            probes.append(
              PausedProbe(
                registration: .init(key: keys[position], registration: nodes[position].registration),
                handler: nodes[position].handler))
          }
        } else if timing.lastPass != plan.number,
          plan.catchUp || (plan.freshOnly ? timing.nextChange == .min : timing.isDue(at: plan.now))
        {
          Self.prepare(at: position, in: nodes, keys: keys, plan, interval: interval, into: &chunk, earliest: &earliest)
        } else {
          earliest = min(earliest, timing.nextChange)
        }
      }
    }
  }

  /// Computes the value of the registration at `index` and adds its callback to the chunk.
  private func prepare(
    _ index: NodeIndex, _ plan: PassPlan, into chunk: inout DeliveryChunk,
    earliest: inout Int64, state: inout EngineState
  ) {
    let interval = intervalNanoseconds
    state.table.withNodes { nodes, keys in
      Self.prepare(at: index.position, in: nodes, keys: keys, plan, interval: interval, into: &chunk, earliest: &earliest)
    }
  }

  /// Brings the node at `position` up to `plan.now` and adds its callback to the chunk.
  ///
  /// Reads the node in place, field by field: a copy of a whole node costs reference counting on
  /// its receiver and handler, which profiling showed to cost more than everything else.
  @inline(__always)
  private static func prepare(
    at position: Int, in nodes: UnsafeMutableBufferPointer<ReceiverNode>,
    keys: UnsafeBufferPointer<ObjectIdentifier>, _ plan: PassPlan,
    interval: Int64, into chunk: inout DeliveryChunk, earliest: inout Int64
  ) {
    let value = nodes[position].timing.advance(to: plan.now, interval: interval)
    nodes[position].timing.lastPass = plan.number
    earliest = min(earliest, nodes[position].timing.nextChange)
    chunk.append(
      PreparedDelivery(
        handler: Unmanaged.passUnretained(nodes[position].handler), value: Int(value),
        key: keys[position], registration: nodes[position].registration,
        ends: nodes[position].timing.isFinished))
  }

  /// Drops prepared callbacks whose registration was cancelled or replaced since they were
  /// prepared (by a callback earlier in the chunk).
  private func revalidate(_ chunk: borrowing DeliveryChunk, from start: Int) {
    state.withLock { state in
      for position in start..<chunk.count where chunk[position].isValid {
        let registration = state.table.index(of: chunk[position].key).map { state.table[$0].registration }
        chunk[position].isValid = registration == chunk[position].registration
      }
    }
  }
}
