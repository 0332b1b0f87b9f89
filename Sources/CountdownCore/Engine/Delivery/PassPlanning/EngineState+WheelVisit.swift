// Under the lock: a window pass delivers the registrations whose wheel entries it holds (those of
// the windows that passed), moving each entry on to its registration's next change.

extension EngineState {
  /// Prepares, from the wheel's held entries (``holdWindows(through:)``), the callback of every
  /// registration due by the pass's grid instant. A countdown delivered in its window keeps its
  /// entry, moved an interval on; every other entry is removed and its registration's next change,
  /// if any, noted anew (``prepare(at:in:_:interval:separateEnds:usesWheel:earliest:scheduled:)``).
  /// A paused one is probed and looked at again an interval later. Entries of registrations
  /// removed, replaced or paused meanwhile left the held list with them.
  mutating func prepareWheel(_ instants: ChunkInstants, progress: inout PassProgress, into chunk: inout DeliveryChunk) {
    let movesOnByWindows = windowsPerInterval != nil
    while !chunk.isFull {
      if movesOnByWindows {
        visitHeldCommonCase(instants, progress: &progress, into: &chunk)
        if chunk.isFull { break }
      }
      guard let handle = wheel!.firstHeld else { break }
      progress.examined += 1
      if let delivery = visitGeneralCase(handle, instants, progress: &progress) {
        chunk.append(delivery)
      }
    }
    progress.releasedHeldEntries = wheel!.firstHeld == nil
  }

  /// The common case of the held entries in a tight loop, from the first on: running countdowns on
  /// the clock's time, due in their entry's window by less than an interval, moving down by one,
  /// their entry moved an interval on (a whole number of windows). Stops at the first entry that
  /// needs the general path, when the chunk is full, or once none is held.
  private mutating func visitHeldCommonCase(
    _ instants: ChunkInstants, progress: inout PassProgress, into chunk: inout DeliveryChunk
  ) {
    let (interval, window, capacity, tick) = (self.interval, self.window, chunk.capacity, instants.tick)
    // Taken out of the state while the table's nodes are borrowed, and put back.
    var wheel = self.wheel.take()!
    var examined = 0
    table.withNodes { nodes, _ in
      chunk.fill { buffer, count in
        Self.visitCommonCase(
          &wheel, nodes: nodes, into: buffer, count: &count, capacity: capacity, tick: tick, window: window,
          interval: interval, examined: &examined)
      }
    }
    self.wheel = wheel
    progress.examined += examined
  }

  /// Everything the common case leaves, for the held entry `handle`: paused, far ahead, late by an
  /// interval or more, counting up, on running time, at the last value, awaiting its prompt
  /// delivery. Removes the entry; returns its callback if it is due, and notes its next change
  /// (or its probe) for the wheel, where an entry is made anew.
  private mutating func visitGeneralCase(
    _ handle: TimingWheel<IndexedRegistration>.Handle, _ instants: ChunkInstants, progress: inout PassProgress
  ) -> PreparedDelivery? {
    let interval = self.interval
    let entry = wheel!.payload(of: handle)
    forgetIndexEntry(of: entry.slot)
    guard let index = table.index(of: entry.slot, at: entry.position) else {
      checkInternally(false, "a wheel entry names a registration not in the table")
      return nil
    }
    let timing = table[index].timing
    if timing.isPaused {
      progress.pausedProbes.append(PausedProbe(key: table.key(at: index), slot: entry.slot))
      let probe = max(instants.tick, instants.promptDelivery).addingSaturated(interval)
      progress.earliest = min(progress.earliest, probe)
      progress.scheduled.append(.init(instant: probe, position: index.position, slot: entry.slot))
      return nil
    }
    // Its prompt delivery notes its next change; a finished one changes no more.
    if timing.awaitsPromptDelivery || timing.isFinished { return nil }
    let nextChange = timing.nextChange(interval: interval)
    guard instants.instant(for: timing) >= nextChange else {
      let change = instants.clockInstant(of: nextChange, for: timing)
      if change != .max {
        progress.earliest = min(progress.earliest, change)
        progress.scheduled.append(.init(instant: change, position: index.position, slot: entry.slot))
      }
      return nil
    }
    return table.withNodes { nodes, _ in
      Self.prepare(
        at: index.position, in: nodes, instants, interval: interval, separateEnds: false, usesWheel: true,
        earliest: &progress.earliest, scheduled: &progress.scheduled)
    }
  }

  /// A window pass's inner loop over the common case (see ``walkCommonCase``): each held entry's
  /// node read where the entry says, its change in the entry's window (after the grid instant
  /// before, up to the window's), moving down by one, the entry moved to the window an interval on:
  /// the same node, its handle unchanged, so its slot is not written. Returns at the first entry
  /// that needs the general path, when the chunk is full, or once none is held.
  @inline(__always)
  private static func visitCommonCase(
    _ wheel: inout TimingWheel<IndexedRegistration>, nodes: UnsafeMutableBufferPointer<ReceiverNode>,
    into buffer: UnsafeMutablePointer<PreparedDelivery>, count: inout Int, capacity: Int, tick: Int64,
    window: Int64, interval: Int64, examined: inout Int
  ) {
    var filled = count
    var looked = 0
    // The held entries of one window come together: its next window's tick is found once for them.
    var windowEnd = Int64.min
    var moved: (deadline: Int64, tick: UInt64) = (.min, 0)
    defer {
      count = filled
      examined += looked
    }
    while filled < capacity, let handle = wheel.firstHeld {
      let entry = wheel.payload(of: handle)
      let position = entry.position
      // A node moved since its entry was made (a removal fills its gap with the pool's last)
      // takes the general path, which finds it by its key.
      guard position < nodes.count, nodes[position].slot == entry.slot else { return }
      let timing = nodes[position].timing
      guard timing.isRunningCountdownAboveOne else { return }
      let deadline = wheel.deadline(of: handle)
      if deadline != windowEnd {
        windowEnd = deadline
        let next = deadline.addingSaturated(interval)
        moved = (next, wheel.tick(of: next))
      }
      let next = timing.countdownNextChange(interval: interval)
      // Only a change in the entry's own window moves on by exactly an interval: one whose
      // registration was given time since, or a pass late by an interval, takes the general path.
      guard next > windowEnd.subtractingSaturated(window), next <= windowEnd, tick >= next, tick &- next < interval
      else { return }
      nodes[position].timing.stepDown()
      buffer[filled] = PreparedDelivery(
        slot: entry.slot, handler: UnownedHandler(of: nodes.baseAddress.unsafelyUnwrapped + position),
        value: Int(timing.value &- 1), ends: false, milestone: false)
      filled += 1
      looked += 1
      wheel.move(handle, to: moved.deadline, tick: moved.tick)
    }
  }
}
