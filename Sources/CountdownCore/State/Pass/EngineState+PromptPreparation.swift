// Under the lock: a chunk's prompt deliveries and ends, each registration looked up by its key or
// its index entry, and how one registration is brought up to its instant.

extension EngineState {
  /// Prepares prompt deliveries of new (or resumed) registrations, looked up one by one.
  mutating func preparePromptDeliveries(
    _ awaiting: [EngineState.RegistrationIdentity], _ instants: ChunkInstants, progress: inout PassProgress,
    into chunk: inout DeliveryChunk
  ) {
    while progress.listCursor < awaiting.count, !chunk.isFull {
      let pending = awaiting[progress.listCursor]
      progress.listCursor += 1
      progress.examined += 1
      guard let index = table.index(of: pending.key), table[index].slot == pending.slot,
        table[index].timing.awaitsPromptDelivery
      else { continue }
      table.withNodes { nodes, _ in
        chunk.append(Self.prepare(at: index.position, in: nodes, instants, found: &progress.found))
      }
    }
  }

  /// Prepares the final 0 of each registration `entries` names that is still at its last value
  /// and due by the pass's end instant; one not due yet (its deadline moved: it counts on running
  /// time and the engine was suspended) goes back to the state's ends with its current deadline.
  mutating func prepareEnds(
    _ entries: [EngineState.PendingEnd], _ instants: ChunkInstants, progress: inout PassProgress,
    into chunk: inout DeliveryChunk
  ) {
    let interval = instants.grid.interval
    while progress.listCursor < entries.count, !chunk.isFull {
      let entry = entries[progress.listCursor]
      progress.listCursor += 1
      progress.examined += 1
      let slot = entry.payload.registration.slot
      guard entry.payload.isCurrent, let index = table.indexAtLastValue(of: slot) else { continue }
      let timing = table[index].timing
      let end = timing.countdownNextChange(interval: interval)  // its deadline, or its next milestone's instant
      guard instants.instant(for: timing) >= end else {
        // Past the clock's last instant (on running time, after a suspension) it never comes.
        if let clockEnd = timing.clockInstant(of: end, suspendedTotal: instants.suspendedTotal) {
          progress.found.scheduled.append(.init(instant: clockEnd, position: index.position, slot: slot))
        }
        continue
      }
      table.withNodes { nodes, _ in
        chunk.append(Self.prepare(at: index.position, in: nodes, instants, found: &progress.found))
      }
    }
  }

  /// Brings the node at `position` up to its instant in `instants` and returns its callback; its
  /// next change goes to the state's index (rules 8 and 9) or to `found.earliest` (rule 1).
  @inline(__always)
  static func prepare(
    at position: Int, in nodes: UnsafeMutableBufferPointer<ReceiverNode>, _ instants: ChunkInstants,
    found: inout PassFindings
  ) -> PreparedCallback {
    let interval = instants.grid.interval
    let instant = instants.instant(for: nodes[position].timing)
    var value = nodes[position].timing.advance(to: instant, interval: interval)
    var milestone = false
    if nodes[position].timing.deliversMilestones, let milestones = instants.slots.milestones(of: nodes[position].slot) {
      value = milestones.deliver(value, planning: &nodes[position].timing)
      milestone = value > 0
    }
    var segmentCall: SegmentCall?
    if nodes[position].timing.walksSegments, let walk = instants.slots.walk(of: nodes[position].slot) {
      // At its segment's end its walk moves on (or ends); a change of segment is told by a call.
      // Running time to the clock's, as if a suspension in course ended at the pass's reading.
      let toClock =
        nodes[position].timing.policy == .pauses
        ? instants.reading.subtractingSaturated(instants.readingRunning) : 0
      // Every segment end due by the pass's reading passes, not only those due by its instant.
      let walkInstant = max(
        instant, nodes[position].timing.policy == .pauses ? instants.readingRunning : instants.reading)
      segmentCall = walk.prepareCall(
        &nodes[position].timing, value: &value, at: walkInstant, interval: interval, toClock: toClock)
      // Paused after its segment, or silent again: it may belong in the other part of the pool.
      found.walksToPlace.append(nodes[position].slot)
      if nodes[position].timing.isPaused, let probe = instants.nextProbe {
        // Paused after its segment: probed as a pause's registration is (rule 13).
        found.note(probe)
        if instants.usesWheel {
          found.scheduled.append(.init(instant: probe, position: position, slot: nodes[position].slot))
        }
      }
    }
    let timing = nodes[position].timing
    // Its next change on the clock: its deadline, or its next milestone's instant, for an end;
    // none past the clock's last instant.
    let change = timing.nextClockChange(interval: interval, suspendedTotal: instants.suspendedTotal)
    if instants.grid.endsHaveOwnGrid, timing.isAtItsLastValue {
      if let change {
        found.scheduled.append(.init(instant: change, position: position, slot: nodes[position].slot))
      }
    } else if let change {
      found.note(change)
      if instants.usesWheel {
        found.scheduled.append(.init(instant: change, position: position, slot: nodes[position].slot))
      }
    }
    let ends = timing.isFinished
    if ends { found.endsPrepared &+= 1 }
    if let segmentCall {
      found.segmentCalls.append(segmentCall)
      return PreparedCallback(
        slot: nodes[position].slot, handler: UnownedHandler(of: nodes.baseAddress.unsafelyUnwrapped + position),
        segmentCall: found.segmentCalls.count - 1, ends: ends)
    }
    return PreparedCallback(
      slot: nodes[position].slot, handler: UnownedHandler(of: nodes.baseAddress.unsafelyUnwrapped + position),
      value: Int(value), ends: ends, milestone: milestone)
  }
}
