// Under the lock: a tick (or a prompt-delivery pass past an eighth of the table) walks the pool's
// walked part (``ReceiverTable/walkedCount``), never its quiet registrations.

extension EngineState {
  /// Walks the pool's walked part from its end toward its start, preparing every due
  /// registration, until the chunk is full or ``ChunkLimits/scanLimit`` nodes were looked at.
  /// Downward, so that the walk stays exact while callbacks between chunks add and remove
  /// registrations: an addition lands past the cursor, and a removal only ever moves a node
  /// already visited into the gap.
  mutating func prepareWalk(_ instants: ChunkInstants, progress: inout PassProgress, into chunk: inout DeliveryChunk) {
    guard progress.walkCursor >= 0 else { return }
    // Locals, not the `inout` parameters, in the loop: those would be stored and reloaded for
    // every node, since the chunk's writes could alias them as far as the compiler knows.
    var position = min(progress.walkCursor, table.walkedCount - 1)
    let start = position
    let end = max(-1, position - ChunkLimits.scanLimit)
    // Taken out, not copied, so that appending does not copy the arrays the progress still holds.
    var found = PassFindings()
    swap(&found, &progress.found)
    // A walk that rebuilds the wheel takes the general path, which notes where each waits.
    let stepsRunningCountdowns = instants.isTick && !instants.rebuildsWheel
    table.withNodes { nodes, entries in
      chunk.fill { out in
        while position > end, out.count < out.capacity {
          if stepsRunningCountdowns {
            Self.walkRunningCountdowns(nodes, from: &position, to: end, into: &out, instants, found: &found)
            guard position > end, out.count < out.capacity else { break }
          }
          if let callback = Self.prepareGeneralCase(
            at: position, nodes: nodes, entries: entries, instants, found: &found)
          {
            out.append(callback)
          }
          position -= 1
        }
      }
    }
    progress.examined += start - position
    progress.walkCursor = position
    progress.found = found
  }

  /// The walk's general path for the node at `position`: its callback if it is due, else `nil`
  /// (having noted when it changes next, or, if it is paused, that its receiver must be probed).
  @inline(__always)
  private static func prepareGeneralCase(
    at position: Int, nodes: UnsafeMutableBufferPointer<ReceiverNode>, entries: UnsafeBufferPointer<BucketEntry>,
    _ instants: ChunkInstants, found: inout PassFindings
  ) -> PreparedCallback? {
    let interval = instants.grid.interval
    let timing = nodes[position].timing
    if timing.isPaused {
      notePausedProbe(at: position, nodes: nodes, entries: entries, instants, found: &found)
      // A walk moved to another segment while paused is told at once, paused.
      return timing.awaitsPromptDelivery ? prepare(at: position, in: nodes, instants, found: &found) : nil
    }
    // One that never changes again (finished, or past the clock's last instant) is never due.
    guard let nextChange = timing.nextChange(interval: interval) else { return nil }
    let isDue = instants.isTick ? instants.instant(for: timing) >= nextChange : nextChange == .min
    guard isDue else {
      // An end to come is in the state's ends already (rule 8).
      if !(instants.grid.endsHaveOwnGrid && timing.isAtItsLastValue),
        let change = timing.clockInstant(of: nextChange, suspendedTotal: instants.suspendedTotal)
      {
        found.note(change)
        if instants.rebuildsWheel {
          found.scheduled.append(.init(instant: change, position: position, slot: nodes[position].slot))
        }
      }
      return nil
    }
    // Delivered at most once per pass, although a removal between chunks may move a delivered
    // node into the part not walked yet: delivering brings its value up to the pass's instant,
    // after which its next change lies after that instant.
    return prepare(at: position, in: nodes, instants, found: &found)
  }

  /// Notes that the paused registration at `position` must be probed (it gets no calls that would
  /// notice its receiver die), again an interval later, not at the next window (a tolerance of
  /// 1 ms would wake the engine a thousand times a second for it). Not inlined: the walk's loops
  /// keep their registers without it.
  @inline(never)
  private static func notePausedProbe(
    at position: Int, nodes: UnsafeMutableBufferPointer<ReceiverNode>, entries: UnsafeBufferPointer<BucketEntry>,
    _ instants: ChunkInstants, found: inout PassFindings
  ) {
    found.pausedProbes.append(PausedProbe(key: entries[position].key, slot: nodes[position].slot))
    guard let probe = instants.nextProbe else { return }
    found.note(probe)
    if instants.rebuildsWheel {
      found.scheduled.append(.init(instant: probe, position: position, slot: nodes[position].slot))
    }
  }

  /// The tick's inner loop over running countdowns on the clock's time showing more than 1: each
  /// not due yet, or stepped down by the boundaries passed (``LateTickSteps``: no division per
  /// countdown). Returns at the first node that needs the general path, left for the caller. Kept
  /// apart, with its state in locals, so that the loop runs in registers.
  @inline(__always)
  private static func walkRunningCountdowns(
    _ nodes: UnsafeMutableBufferPointer<ReceiverNode>, from position: inout Int, to end: Int,
    into out: inout ChunkFill, _ instants: ChunkInstants, found: inout PassFindings
  ) {
    let (tick, interval, endsHaveOwnGrid) = (instants.tick, instants.grid.interval, instants.grid.endsHaveOwnGrid)
    let (buffer, capacity) = (out.buffer, out.capacity)
    var current = position
    var filled = out.count
    // The loops lower `soonest` with changes before a countdown's deadline, so below `Int64.max`:
    // starting from it, `soonest` is lowered only by a change they saw. A deadline, which may be
    // `Int64.max` itself, is noted in `found` directly.
    var soonest = found.earliest ?? .max
    var lateSteps = LateTickSteps(interval: interval)
    defer {
      position = current
      out.count = filled
      if soonest != .max { found.note(soonest) }
    }
    // Each node fills at most one entry, so a run no longer than the room left cannot overflow.
    let nodesBase = nodes.baseAddress.unsafelyUnwrapped
    var next = buffer + filled
    walkOnTime(
      nodesBase, from: &current, to: max(end, current - (capacity - filled)), into: &next, instants,
      earliest: &soonest)
    filled = next - buffer
    while current > end, filled < capacity {
      let timing = nodes[current].timing
      guard timing.isRunningCountdown(above: 1) else { return }
      let next = timing.countdownNextChange(interval: interval)
      if tick < next {
        soonest = min(soonest, next)
        current -= 1
        continue
      }
      // On time, one step; a tick late by whole intervals, as many as the boundaries passed.
      let late = tick &- next
      let steps = late < interval ? 1 : lateSteps.steps(late: late)
      // Down to 0 (or past it): its end, for the general path.
      guard late >= 0, timing.value > steps else { return }
      nodes[current].timing.stepDown(by: steps)
      let value = timing.value &- steps
      if value == 1 {
        // Down to 1: its next change is its end, at its deadline (on the clock: the common case
        // never counts on running time); with ends on a grid of their own, not on the grid.
        if endsHaveOwnGrid {
          found.scheduled.append(.init(instant: timing.deadlineOrStart, position: current, slot: nodes[current].slot))
        } else {
          found.note(timing.deadlineOrStart)
        }
      } else {
        soonest = min(soonest, next &+ steps &* interval)
      }
      buffer[filled] = PreparedCallback(
        slot: nodes[current].slot, handler: UnownedHandler(of: nodes.baseAddress.unsafelyUnwrapped + current),
        value: Int(value), ends: false, milestone: false)
      filled += 1
      current -= 1
    }
  }

  /// ``walkRunningCountdowns(_:from:to:into:_:found:)``'s first loop, for countdowns above 2 due by
  /// less than an interval: one step down, no end to note, one bound to compare, so that it keeps
  /// everything in registers. `stop` must leave room in the chunk for every node.
  @inline(__always)
  private static func walkOnTime(
    _ nodes: UnsafeMutablePointer<ReceiverNode>, from current: inout Int, to stop: Int,
    into next: inout UnsafeMutablePointer<PreparedCallback>, _ instants: ChunkInstants, earliest: inout Int64
  ) {
    let (tick, interval) = (instants.tick, instants.grid.interval)
    var position = current
    var out = next
    var soonest = earliest
    defer {
      current = position
      next = out
      earliest = soonest
    }
    while position > stop {
      let node = nodes + position
      let timing = node.pointee.timing
      guard timing.isRunningCountdown(above: 2) else { return }
      let change = timing.countdownNextChange(interval: interval)
      guard tick >= change else {
        soonest = min(soonest, change)
        position -= 1
        continue
      }
      // Due by less than an interval (the difference read unsigned: one that wrapped is late).
      guard UInt64(bitPattern: tick &- change) < UInt64(bitPattern: interval) else { return }
      node.pointee.timing.stepDown()
      // Its next change, an interval on: deadline − (value − 2) · interval, below its deadline.
      soonest = min(soonest, change &+ interval)
      out.initialize(
        to: PreparedCallback(
          slot: node.pointee.slot, handler: UnownedHandler(of: node), value: Int(timing.value &- 1), ends: false,
          milestone: false))
      out += 1
      position -= 1
    }
  }
}
