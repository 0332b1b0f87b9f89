// Under the lock: a window pass delivers the registrations whose wheel entries it holds (those of
// the windows that passed), moving each entry on to its registration's next change.

extension EngineState {
  /// Prepares, from the wheel's held entries (``holdWindows(through:)``), the callback of every
  /// registration due by the pass's grid instant. A countdown delivered in its window keeps its
  /// entry, moved an interval on; every other entry is removed and its next change noted anew.
  mutating func prepareWheel(_ instants: ChunkInstants, progress: inout PassProgress, into chunk: inout DeliveryChunk) {
    let windowsPerInterval = instants.grid.windowsPerInterval
    while !chunk.isFull {
      if let windowsPerInterval {
        visitHeldCommonCase(windowsPerInterval, instants, progress: &progress, into: &chunk)
        if chunk.isFull { break }
      }
      guard let handle = wheel!.firstHeld else { break }
      progress.examined += 1
      progress.allowance += 1
      if let callback = visitGeneralCase(handle, instants, progress: &progress) {
        chunk.append(callback)
      }
    }
    progress.releasedHeldEntries = wheel!.firstHeld == nil
  }

  /// The common case of the held entries in a tight loop: each stepped down by one, its entry
  /// moved an interval on. Stops at the first entry that needs the general path.
  private mutating func visitHeldCommonCase(
    _ windowsPerInterval: Int64, _ instants: ChunkInstants, progress: inout PassProgress,
    into chunk: inout DeliveryChunk
  ) {
    let grid = instants.grid
    // Taken out of the state while the table's nodes are borrowed, and put back.
    var wheel = self.wheel.take()!
    var examined = 0
    table.withNodes { nodes, _ in
      chunk.fill { out in
        let (buffer, capacity) = (out.buffer, out.capacity)
        var filled = out.count
        defer {
          examined += filled - out.count
          out.count = filled
        }
        // The held entries of one window come together: its grid instant is found once for them.
        var (number, windowEnd) = (Int64.min, Int64.min)
        wheel.moveHeld(by: windowsPerInterval) { entry, entryNumber in
          guard filled < capacity else { return false }
          if entryNumber != number {
            (number, windowEnd) = (entryNumber, grid.instant(ofWindow: entryNumber))
          }
          let due = Self.commonCaseCallback(of: entry, inWindowEndingAt: windowEnd, nodes: nodes, instants)
          guard let due else { return false }
          buffer[filled] = due
          filled += 1
          return true
        }
      }
    }
    self.wheel = wheel
    progress.examined += examined
    progress.allowance += examined
  }

  /// Everything the common case leaves, for the held entry `handle`: removes the entry, returns
  /// its callback if it is due, and notes its next change (or its probe) for the wheel anew.
  private mutating func visitGeneralCase(
    _ handle: TimingWheel<IndexedRegistration>.Handle, _ instants: ChunkInstants, progress: inout PassProgress
  ) -> PreparedCallback? {
    let interval = instants.grid.interval
    let entry = wheel!.payload(of: handle)
    forgetIndexEntry(of: entry.slot)
    guard let index = table.index(of: entry.slot, at: entry.position) else {
      checkInternally(false, "a wheel entry names a registration not in the table")
      return nil
    }
    let timing = table[index].timing
    if timing.isPaused {
      progress.found.pausedProbes.append(PausedProbe(key: table.key(at: index), slot: entry.slot))
      if let probe = instants.nextProbe {
        progress.found.note(probe)
        progress.found.scheduled.append(.init(instant: probe, position: index.position, slot: entry.slot))
      }
      return nil
    }
    // Its prompt delivery notes its next change; a finished one changes no more.
    if timing.awaitsPromptDelivery || timing.isFinished { return nil }
    // One that never changes again on this clock keeps no entry.
    guard let nextChange = timing.nextChange(interval: interval) else { return nil }
    guard instants.instant(for: timing) >= nextChange else {
      if let change = timing.clockInstant(of: nextChange, suspendedTotal: instants.suspendedTotal) {
        progress.found.note(change)
        progress.found.scheduled.append(.init(instant: change, position: index.position, slot: entry.slot))
      }
      return nil
    }
    return table.withNodes { nodes, _ in
      Self.prepare(at: index.position, in: nodes, instants, found: &progress.found)
    }
  }

  /// The common case for `entry`, held for the window whose grid instant is `windowEnd`: a running
  /// countdown on the clock's time whose change lies in that window, due by less than an interval.
  /// Moves it down by one and returns its callback; `nil`, changing nothing, otherwise.
  @inline(__always)
  private static func commonCaseCallback(
    of entry: IndexedRegistration, inWindowEndingAt windowEnd: Int64, nodes: UnsafeMutableBufferPointer<ReceiverNode>,
    _ instants: ChunkInstants
  ) -> PreparedCallback? {
    let (tick, window, interval) = (instants.tick, instants.grid.window, instants.grid.interval)
    let position = entry.position
    // A node moved since its entry was made (a removal fills its gap with the pool's last) takes
    // the general path, which finds it by its key.
    guard position < nodes.count, nodes[position].slot == entry.slot else { return nil }
    let timing = nodes[position].timing
    guard timing.isRunningCountdown(above: 1) else { return nil }
    let next = timing.countdownNextChange(interval: interval)
    // Only a change in the entry's own window moves on by exactly an interval: one whose
    // registration was given time since, or a pass late by an interval, takes the general path.
    guard next > windowEnd.subtractingSaturated(window), next <= windowEnd, tick >= next, tick &- next < interval
    else { return nil }
    nodes[position].timing.stepDown()
    return PreparedCallback(
      slot: entry.slot, handler: UnownedHandler(of: nodes.baseAddress.unsafelyUnwrapped + position),
      value: Int(timing.value &- 1), ends: false, milestone: false)
  }
}
