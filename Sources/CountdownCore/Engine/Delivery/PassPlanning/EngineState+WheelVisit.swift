// Under the lock: a window pass takes the registrations due from the wheel's lists of the windows
// that passed.

extension EngineState {
  /// Prepares, from the wheel's lists of the windows that passed, the callback of every
  /// registration due by the pass's grid instant; each delivered one goes back to the wheel at its
  /// next change (``prepare(at:in:_:interval:separateEnds:usesWheel:earliest:scheduled:)``). A
  /// paused one is probed and looked at again an interval later. An entry that is stale (its
  /// registration removed, replaced, paused or noted again since: ``IndexedRegistration``) is
  /// dropped; one whose change lies a whole turn ahead stays in its list.
  mutating func prepareWheel(
    _ visit: WheelVisit, _ instants: ChunkInstants, progress: inout PassProgress, into chunk: inout DeliveryChunk
  ) {
    let windowsPerInterval = self.windowsPerInterval
    while progress.wheelList < visit.windows.count, !chunk.isFull {
      let window = visit.windows[progress.wheelList]
      if let windowsPerInterval {
        visitWindowCommonCase(
          window, movingBy: windowsPerInterval, instants, progress: &progress, into: &chunk)
        if chunk.isFull { break }
      }
      guard progress.wheelEntry < window.entries.count else {
        progress.wheelList += 1
        progress.wheelEntry = 0
        continue
      }
      let entry = window.entries[progress.wheelEntry]
      progress.wheelEntry += 1
      progress.examined += 1
      if let delivery = visitGeneralCase(entry, inWindow: window.number, instants, progress: &progress) {
        chunk.append(delivery)
      }
    }
  }

  /// The common case of `window`'s list in a tight loop, from the progress's entry on: running
  /// countdowns on the clock's time, due by less than an interval, moving down by one to the list
  /// an interval (`windowsPerInterval` windows) on. Stops at the first entry that needs the general
  /// path, when the chunk is full, or at the list's end.
  private mutating func visitWindowCommonCase(
    _ window: (number: Int64, entries: ContiguousArray<ChangeWheel.Entry>), movingBy windowsPerInterval: Int64,
    _ instants: ChunkInstants, progress: inout PassProgress, into chunk: inout DeliveryChunk
  ) {
    let interval = self.interval
    let capacity = chunk.capacity
    var cursor = progress.wheelEntry
    // The list an interval on, taken out to append to in place. Saturated: near the clock's
    // last instant no change lies an interval on, so nothing moves to that list.
    let next = window.number.addingSaturated(windowsPerInterval)
    var moved = ContiguousArray<ChangeWheel.Entry>()
    wheel!.exchange(&moved, window: next)
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
    let windowEnd = Self.instant(ofWindow: window.number, window: self.window, origin: gridOrigin)
    let windowStart = windowEnd.subtractingSaturated(self.window)
    table.withNodes { nodes, _ in
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
    wheel!.exchange(&moved, window: next)
  }

  /// Everything the common case leaves, for `entry` of window number `number`'s list: paused,
  /// stale, far ahead, late by an interval or more, counting up, on running time, at the last
  /// value. Returns its callback if it is due.
  private mutating func visitGeneralCase(
    _ entry: ChangeWheel.Entry, inWindow number: Int64, _ instants: ChunkInstants, progress: inout PassProgress
  ) -> PreparedDelivery? {
    let interval = self.interval
    guard entry.isCurrent, let index = table.index(of: entry.slot, at: entry.position) else { return nil }
    let timing = table[index].timing
    if timing.isPaused {
      progress.pausedProbes.append(PausedProbe(key: table.key(at: index), slot: entry.slot))
      let probe = max(instants.tick, instants.promptDelivery).addingSaturated(interval)
      progress.earliest = min(progress.earliest, probe)
      progress.scheduled.append(.init(instant: probe, position: index.position, slot: entry.slot))
      return nil
    }
    if timing.awaitsPromptDelivery || timing.isFinished { return nil }
    let nextChange = timing.nextChange(interval: interval)
    guard instants.instant(for: timing) >= nextChange else {
      let change = instants.clockInstant(of: nextChange, for: timing)
      if let wheel, wheel.listIndex(of: windowNumber(ofChangeAt: change)) == wheel.listIndex(of: number) {
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
      buffer[filled] = PreparedDelivery(
        slot: entry.slot, handler: UnownedHandler(of: nodes.baseAddress.unsafelyUnwrapped + position),
        value: Int(timing.value &- 1), ends: false, milestone: false)
      filled += 1
      moved.append(entry)
      current += 1
    }
  }
}
