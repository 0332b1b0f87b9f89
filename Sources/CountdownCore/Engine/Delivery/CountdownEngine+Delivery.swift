import Dispatch

extension CountdownEngine {
  /// One callback, prepared under the lock and made after it is released.
  struct PreparedDelivery {
    /// The registration, and where its handler is: its slot is not freed before the pass ends,
    /// even if the registration is removed meanwhile (``EngineState/retired``).
    let slot: SlotReference
    let value: Int
    /// This is the final 0: the registration ends after the call.
    let ends: Bool
  }

  /// A paused registration whose receiver the pass checks, once the lock is released (its slot
  /// is not freed before the pass ends).
  struct PausedProbe {
    let key: ObjectIdentifier
    let slot: SlotReference
  }

  /// Makes the chunk's prepared callbacks, with the lock released; returns how many were made.
  /// Registrations that ran out or set `stop` go to `ended`, for removal under the next lock.
  func call(
    _ chunk: borrowing DeliveryChunk, context: DeliveryContext, ended: inout [EngineState.PendingDelivery]
  ) -> Int {
    var made = 0
    var removed = Set<SlotReference>()
    for position in 0..<chunk.count {
      let delivery = chunk[position]
      if context.hasNewRemovals {
        // A callback or another thread removed or paused registrations: skip the ones this chunk
        // still has callbacks for. Checked before each callback, so that once such a call has
        // returned, on any thread, no callback it removed begins.
        let removals = state.withLock { _ in context.takeRemovals() }
        if removals.all { break }
        removed.formUnion(removals.slots)
      }
      if !removed.isEmpty, removed.contains(delivery.slot) { continue }
      #if COUNTDOWN_CHECK_INVARIANTS
        // Removal is final: the registration is still there and running, or its removal came after
        // the check above (the signal moved since).
        state.withUncountedLock { state in
          if !state.isLive(delivery.slot), !context.hasNewRemovals {
            BrokenRuleRecorder.report(["a callback begins for a registration removed or paused before it"], "engine rules")
          }
        }
      #endif
      var stop = false
      // The handler is moved out of its slot for the call and back after it. Called in place, it
      // would be retained and released around the call (the callee could, as far as the compiler
      // knows, overwrite the slot): two atomic operations per callback. Nothing else reads or
      // writes a slot's handler while a pass may call it: a registration removed meanwhile keeps
      // its slot, handler included, until the pass ends.
      let slot = delivery.slot.pointer
      if let handler = slot.pointee.takeCallToDeliver() {
        handler(delivery.value, &stop)
        slot.pointee.call = handler
      }
      made += 1
      if stop || delivery.ends {
        ended.append(.init(key: delivery.slot.liveKey, slot: delivery.slot))
      }
    }
    return made
  }

  /// Prepares prompt deliveries of new (or resumed) registrations, looked up one by one.
  func preparePromptDeliveries(
    _ awaiting: [EngineState.PendingDelivery], _ instants: ChunkInstants, progress: inout PassProgress,
    into chunk: inout DeliveryChunk, state: inout EngineState
  ) {
    let interval = intervalNanoseconds
    let separateEnds = state.separateEnds
    let usesWheel = state.wheel != nil
    while progress.listCursor < awaiting.count, !chunk.isFull {
      let pending = awaiting[progress.listCursor]
      progress.listCursor += 1
      guard let index = state.table.index(of: pending.key), state.table[index].slot == pending.slot,
        state.table[index].timing.awaitsPromptDelivery
      else { continue }
      state.table.withNodes { nodes, _ in
        chunk.append(
          Self.prepare(
            at: index.position, in: nodes, instants, interval: interval, separateEnds: separateEnds,
            usesWheel: usesWheel, earliest: &progress.earliest, scheduled: &progress.scheduled))
      }
    }
  }

  /// Prepares, from the wheel's lists of the windows that passed, the callback of every
  /// registration due by the pass's grid instant; each delivered one goes back to the wheel at its
  /// next change (``prepare(at:in:_:interval:separateEnds:usesWheel:earliest:scheduled:)``). A
  /// paused one is probed and looked at again an interval later. An entry that is stale (its
  /// registration removed, replaced, paused or noted again since: ``IndexedRegistration``) is
  /// dropped; one whose change lies a whole turn ahead stays in its list.
  func prepareWheel(
    _ visit: WheelVisit, _ instants: ChunkInstants, progress: inout PassProgress, into chunk: inout DeliveryChunk,
    state: inout EngineState
  ) {
    let interval = intervalNanoseconds
    let windowsPerInterval = state.windowsPerInterval
    let capacity = chunk.capacity
    while progress.wheelList < visit.windows.count, !chunk.isFull {
      let window = visit.windows[progress.wheelList]
      if let windowsPerInterval {
        // The common case in a tight loop: running countdowns on the clock's time, due by less
        // than an interval, moving down by one to the list an interval on.
        var cursor = progress.wheelEntry
        // The list an interval on, taken out to append to in place. Saturated: near the clock's
        // last instant no change lies an interval on, so nothing moves to that list.
        let next = window.number.addingSaturated(windowsPerInterval)
        var moved = ContiguousArray<ChangeWheel.Entry>()
        state.wheel!.exchange(&moved, window: next)
        let needed = moved.count + window.entries.count - cursor
        if needed > moved.capacity {
          // Room for what comes, an eighth more, not twice as much: a list's entries move on by
          // one window per interval, so what it holds now is about what it will hold.
          moved.reserveCapacity(needed + needed / 8)
        }
        let tick = instants.tick
        // Only a change in this very window moves on to the list an interval on: an entry left
        // over from another change of its registration (it was paused and resumed, or its slot
        // now holds a newer registration) takes the general path, even when a late pass's
        // instant makes it due.
        let windowEnd = EngineState.instant(ofWindow: window.number, window: state.window, origin: state.gridOrigin)
        let windowStart = windowEnd.subtractingSaturated(state.window)
        state.table.withNodes { nodes, _ in
          window.entries.withUnsafeBufferPointer { entries in
            chunk.fill { buffer, count in
              Self.visitCommonCase(
                entries, from: &cursor, nodes: nodes, into: buffer, count: &count, capacity: capacity, tick: tick,
                window: windowStart...windowEnd, interval: interval, moved: &moved)
            }
          }
        }
        progress.examined += cursor - progress.wheelEntry
        progress.wheelEntry = cursor
        state.wheel!.exchange(&moved, window: next)
        if chunk.isFull { break }
      }
      guard progress.wheelEntry < window.entries.count else {
        progress.wheelList += 1
        progress.wheelEntry = 0
        continue
      }
      // Everything else: paused, stale, far ahead, late by an interval or more, counting up, on
      // running time, at the last value.
      let entry = window.entries[progress.wheelEntry]
      progress.wheelEntry += 1
      progress.examined += 1
      guard entry.isCurrent, let index = state.table.index(of: entry.slot, at: entry.position) else { continue }
      let timing = state.table[index].timing
      if timing.isPaused {
        progress.pausedProbes.append(PausedProbe(key: state.table.key(at: index), slot: entry.slot))
        let probe = max(instants.tick, instants.promptDelivery).addingSaturated(interval)
        progress.earliest = min(progress.earliest, probe)
        progress.scheduled.append(.init(instant: probe, position: index.position, slot: entry.slot))
        continue
      }
      if timing.awaitsPromptDelivery || timing.isFinished { continue }
      let nextChange = timing.nextChange(interval: interval)
      guard instants.instant(for: timing) >= nextChange else {
        let change = instants.clockInstant(of: nextChange, for: timing)
        if let wheel = state.wheel,
          wheel.listIndex(of: state.windowNumber(ofChangeAt: change)) == wheel.listIndex(of: window.number)
        {
          progress.scheduled.append(.init(instant: change, position: index.position, slot: entry.slot))
        }
        continue
      }
      state.table.withNodes { nodes, _ in
        chunk.append(
          Self.prepare(
            at: index.position, in: nodes, instants, interval: interval, separateEnds: false, usesWheel: true,
            earliest: &progress.earliest, scheduled: &progress.scheduled))
      }
    }
  }

  /// A window pass's inner loop over the common case (see ``walkCommonCase``): each entry's node
  /// read where the entry says, its change in `window` (after its start, up to its end), moving
  /// down by one. Returns at the first entry that needs the general path, when the chunk is full,
  /// or at the list's end.
  @inline(__always)
  private static func visitCommonCase(
    _ entries: UnsafeBufferPointer<ChangeWheel.Entry>, from cursor: inout Int,
    nodes: UnsafeMutableBufferPointer<ReceiverNode>, into buffer: UnsafeMutablePointer<PreparedDelivery>,
    count: inout Int, capacity: Int, tick: Int64, window: ClosedRange<Int64>, interval: Int64,
    moved: inout ContiguousArray<ChangeWheel.Entry>
  ) {
    let windowStart = window.lowerBound
    let windowEnd = window.upperBound
    var current = cursor
    var filled = count
    defer {
      cursor = current
      count = filled
    }
    while current < entries.count, filled < capacity {
      let entry = entries[current]
      let position = entry.position
      // A stale entry (one left by a registration that held the slot before, or made before the
      // registration's latest one) takes the general path, which drops it.
      guard position < nodes.count, nodes[position].slot == entry.slot, entry.isCurrent else { return }
      let timing = nodes[position].timing
      guard timing.isRunningCountdownAboveOne else { return }
      let next = timing.countdownNextChange(interval: interval)
      guard next > windowStart, next <= windowEnd, tick >= next, tick &- next < interval else { return }
      nodes[position].timing.stepDown()
      buffer[filled] = PreparedDelivery(slot: entry.slot, value: Int(timing.value &- 1), ends: false)
      filled += 1
      moved.append(entry)
      current += 1
    }
  }

  /// Prepares the final 0 of each registration `entries` names that is still at its last value
  /// and due by the pass's end instant; one not due yet (its deadline moved: it counts on running
  /// time and the engine was suspended) goes back to the state's ends with its current deadline.
  func prepareEnds(
    _ entries: [PendingEnds.Entry], _ instants: ChunkInstants, progress: inout PassProgress,
    into chunk: inout DeliveryChunk, state: inout EngineState
  ) {
    let interval = intervalNanoseconds
    while progress.listCursor < entries.count, !chunk.isFull {
      let entry = entries[progress.listCursor]
      progress.listCursor += 1
      guard entry.registration.isCurrent, let index = state.table.indexAtLastValue(of: entry.slot) else { continue }
      let timing = state.table[index].timing
      let end = timing.nextChange(interval: interval)  // its deadline, or its next milestone's instant
      guard instants.instant(for: timing) >= end else {
        progress.scheduled.append(
          .init(instant: instants.clockInstant(of: end, for: timing), position: index.position, slot: entry.slot))
        continue
      }
      state.table.withNodes { nodes, _ in
        chunk.append(
          Self.prepare(
            at: index.position, in: nodes, instants, interval: interval, separateEnds: true, usesWheel: false,
            earliest: &progress.earliest, scheduled: &progress.scheduled))
      }
    }
  }

  /// Walks the pool from its end toward its start, preparing every due registration, until the
  /// chunk is full or ``scanLimit`` nodes were looked at.
  ///
  /// Walking downward keeps the walk exact while callbacks between chunks add and remove
  /// registrations: an addition lands past the cursor (it gets its own first delivery), and a
  /// removal only ever moves the pool's last node, one already visited, into the gap.
  func prepareWalk(
    _ kind: PassKind, _ instants: ChunkInstants, progress: inout PassProgress, into chunk: inout DeliveryChunk,
    state: inout EngineState
  ) {
    guard progress.walkCursor >= 0 else { return }
    // Locals, not the `inout` parameters, in the loop: those would be stored and reloaded for
    // every node, since the chunk's writes could alias them as far as the compiler knows.
    var position = min(progress.walkCursor, state.table.count - 1)
    let start = position
    let end = max(-1, position - Self.scanLimit)
    var soonest = progress.earliest
    // Taken out, not copied, so that appending does not copy the array the progress still holds.
    var probes: [PausedProbe] = []
    swap(&probes, &progress.pausedProbes)
    var scheduled: [ScheduledChange] = []
    swap(&scheduled, &progress.scheduled)
    let interval = intervalNanoseconds
    let separateEnds = state.separateEnds
    let usesWheel = state.wheel != nil
    let capacity = chunk.capacity
    let isTick = kind.tickInstant != nil
    // With per-countdown alignment a tick's walk rebuilds the wheel: every registration goes
    // through the general path, which notes where it waits.
    let rebuildsWheel = usesWheel && isTick
    let usesCommonCase = isTick && !rebuildsWheel
    state.table.withNodes { nodes, entries in
      chunk.fill { buffer, count in
        while position > end, count < capacity {
          if usesCommonCase {
            Self.walkCommonCase(
              nodes: nodes, from: &position, to: end, into: buffer, count: &count,
              capacity: capacity, tick: instants.tick, interval: interval, separateEnds: separateEnds,
              earliest: &soonest, scheduled: &scheduled)
            guard position > end, count < capacity else { break }
          }
          // Everything else: first deliveries and those after a resume, late wakeups, counting up,
          // paused and finished registrations, and registrations at their last value.
          if let delivery = Self.prepareGeneralCase(
            at: position, nodes: nodes, entries: entries, instants, isTick: isTick, interval: interval,
            separateEnds: separateEnds, usesWheel: usesWheel, rebuildsWheel: rebuildsWheel, earliest: &soonest,
            scheduled: &scheduled, probes: &probes)
          {
            buffer[count] = delivery
            count += 1
          }
          position -= 1
        }
      }
    }
    progress.examined += start - position
    progress.walkCursor = position
    progress.earliest = soonest
    progress.pausedProbes = probes
    progress.scheduled = scheduled
  }

  /// The walk's general path for the node at `position`: its callback if it is due, else `nil`
  /// (having noted when it changes next, or, if it is paused, that its receiver must be probed).
  @inline(__always)
  private static func prepareGeneralCase(
    at position: Int, nodes: UnsafeMutableBufferPointer<ReceiverNode>, entries: UnsafeBufferPointer<BucketEntry>,
    _ instants: ChunkInstants, isTick: Bool, interval: Int64, separateEnds: Bool, usesWheel: Bool, rebuildsWheel: Bool,
    earliest: inout Int64, scheduled: inout [ScheduledChange], probes: inout [PausedProbe]
  ) -> PreparedDelivery? {
    let timing = nodes[position].timing
    let nextChange = timing.nextChange(interval: interval)
    if timing.isPaused {
      // Paused registrations get no calls that would notice their receiver die; they are rare,
      // so checking them at each wakeup costs little. Checked again an interval later, not at the
      // next window (a tolerance of 1 ms would wake the engine a thousand times a second for one
      // paused countdown): nothing else may tick to notice their end.
      probes.append(PausedProbe(key: entries[position].key, slot: nodes[position].slot))
      let probe = max(instants.tick, instants.promptDelivery).addingSaturated(interval)
      earliest = min(earliest, probe)
      if rebuildsWheel {
        scheduled.append(.init(instant: probe, position: position, slot: nodes[position].slot))
      }
      return nil
    }
    let isDue = isTick ? instants.instant(for: timing) >= nextChange : nextChange == .min
    guard isDue else {
      // An end to come is in the state's ends already: it was noted there when the registration
      // came to its last value.
      if !(separateEnds && timing.isAtItsLastValue) {
        let change = instants.clockInstant(of: nextChange, for: timing)
        earliest = min(earliest, change)
        if rebuildsWheel, change != .max {
          scheduled.append(.init(instant: change, position: position, slot: nodes[position].slot))
        }
      }
      return nil
    }
    // Delivered at most once per pass, although a removal between chunks may move a delivered
    // node into the part not walked yet: delivering brings its value up to the pass's instant,
    // after which its next change lies after that instant.
    return prepare(
      at: position, in: nodes, instants, interval: interval, separateEnds: separateEnds, usesWheel: usesWheel,
      earliest: &earliest, scheduled: &scheduled)
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
    count: inout Int, capacity: Int, tick: Int64, interval: Int64, separateEnds: Bool, earliest: inout Int64,
    scheduled: inout [ScheduledChange]
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
      if separateEnds, timing.value == 2 {
        // Down to 1: its next change is its end, at its deadline (on the clock: the common case
        // never counts on running time), not on the grid.
        scheduled.append(.init(instant: timing.anchor, position: current, slot: nodes[current].slot))
      } else {
        soonest = min(soonest, next &+ interval)
      }
      buffer[filled] = PreparedDelivery(slot: nodes[current].slot, value: Int(timing.value &- 1), ends: false)
      filled += 1
      current -= 1
    }
  }

  /// Brings the node at `position` up to its instant in `instants` and returns its callback.
  ///
  /// Its next change goes to `scheduled` for the state's index when it is an end and ends have a
  /// grid of their own, or when the wheel indexes every change; and to `earliest` unless it is
  /// such an end.
  @inline(__always)
  private static func prepare(
    at position: Int, in nodes: UnsafeMutableBufferPointer<ReceiverNode>,
    _ instants: ChunkInstants, interval: Int64, separateEnds: Bool, usesWheel: Bool, earliest: inout Int64,
    scheduled: inout [ScheduledChange]
  ) -> PreparedDelivery {
    let instant = instants.instant(for: nodes[position].timing)
    var value = nodes[position].timing.advance(to: instant, interval: interval)
    if nodes[position].timing.deliversMilestones, let milestones = instants.slots.milestones(of: nodes[position].slot) {
      value = milestones.deliver(value, planning: &nodes[position].timing)
    }
    let timing = nodes[position].timing
    if separateEnds, timing.isAtItsLastValue {
      let end = timing.nextChange(interval: interval)  // its deadline, or its next milestone's instant
      scheduled.append(.init(instant: instants.clockInstant(of: end, for: timing), position: position, slot: nodes[position].slot))
    } else {
      let change = instants.clockInstant(of: timing.nextChange(interval: interval), for: timing)
      earliest = min(earliest, change)
      if usesWheel, change != .max {
        scheduled.append(.init(instant: change, position: position, slot: nodes[position].slot))
      }
    }
    return PreparedDelivery(slot: nodes[position].slot, value: Int(value), ends: timing.isFinished)
  }
}
