// Under the lock: a chunk's prompt deliveries and ends, each registration looked up by its key or
// its index entry, and how one registration is brought up to its instant.

extension EngineState {
  /// Prepares prompt deliveries of new (or resumed) registrations, looked up one by one.
  mutating func preparePromptDeliveries(
    _ awaiting: [EngineState.PendingDelivery], _ instants: ChunkInstants, progress: inout PassProgress,
    into chunk: inout DeliveryChunk
  ) {
    let interval = self.interval
    let separateEnds = self.separateEnds
    let usesWheel = wheel != nil
    while progress.listCursor < awaiting.count, !chunk.isFull {
      let pending = awaiting[progress.listCursor]
      progress.listCursor += 1
      progress.examined += 1
      guard let index = table.index(of: pending.key), table[index].slot == pending.slot,
        table[index].timing.awaitsPromptDelivery
      else { continue }
      table.withNodes { nodes, _ in
        chunk.append(
          Self.prepare(
            at: index.position, in: nodes, instants, interval: interval, separateEnds: separateEnds,
            usesWheel: usesWheel, earliest: &progress.earliest, scheduled: &progress.scheduled))
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
    let interval = self.interval
    while progress.listCursor < entries.count, !chunk.isFull {
      let entry = entries[progress.listCursor]
      progress.listCursor += 1
      progress.examined += 1
      let slot = entry.payload.slot
      guard entry.payload.isCurrent, let index = table.indexAtLastValue(of: slot) else { continue }
      let timing = table[index].timing
      let end = timing.nextChange(interval: interval)  // its deadline, or its next milestone's instant
      guard instants.instant(for: timing) >= end else {
        progress.scheduled.append(
          .init(instant: instants.clockInstant(of: end, for: timing), position: index.position, slot: slot))
        continue
      }
      table.withNodes { nodes, _ in
        chunk.append(
          Self.prepare(
            at: index.position, in: nodes, instants, interval: interval, separateEnds: true, usesWheel: false,
            earliest: &progress.earliest, scheduled: &progress.scheduled))
      }
    }
  }

  /// Brings the node at `position` up to its instant in `instants` and returns its callback.
  ///
  /// Its next change goes to `scheduled` for the state's index when it is an end and ends have a
  /// grid of their own, or when the wheel indexes every change; and to `earliest` unless it is
  /// such an end.
  @inline(__always)
  static func prepare(
    at position: Int, in nodes: UnsafeMutableBufferPointer<ReceiverNode>,
    _ instants: ChunkInstants, interval: Int64, separateEnds: Bool, usesWheel: Bool, earliest: inout Int64,
    scheduled: inout [ScheduledChange]
  ) -> PreparedDelivery {
    let instant = instants.instant(for: nodes[position].timing)
    var value = nodes[position].timing.advance(to: instant, interval: interval)
    var milestone = false
    if nodes[position].timing.deliversMilestones, let milestones = instants.slots.milestones(of: nodes[position].slot) {
      value = milestones.deliver(value, planning: &nodes[position].timing)
      milestone = value > 0
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
    return PreparedDelivery(
      slot: nodes[position].slot, handler: UnownedHandler(of: nodes.baseAddress.unsafelyUnwrapped + position),
      value: Int(value), ends: timing.isFinished, milestone: milestone)
  }
}
