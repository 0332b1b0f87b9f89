// Where a timing wheel's entries wait: ticks, levels and slots, and the lists' links.

extension TimingWheel {
  /// Whether the top level spans every tick, so that no deadline waits past its span.
  var topLevelSpansEveryTick: Bool { 6 * levelCount >= 64 }

  /// How many ticks one turn of the top level spans, when it does not span every tick.
  var topLevelSpan: UInt64 { 1 << UInt64(6 * levelCount) }

  /// The tick of clock instant `instant`: the first multiple of the resolution at or after it, in
  /// resolutions, biased so that ticks compare as unsigned numbers in the order of their instants.
  /// Never traps: `Int64.min` and `Int64.max` have ticks too.
  @inline(__always)
  func tick(of instant: Int64) -> UInt64 {
    var quotient = instant / resolution
    if instant % resolution > 0 { quotient += 1 }
    return UInt64(bitPattern: quotient) ^ (1 << 63)
  }

  /// The level where tick `tick`, at or after ``elapsed``, waits: that of the highest group of
  /// six bits where the two differ (level 0 if none), at most the top one.
  @inline(__always)
  func level(of tick: UInt64) -> Int {
    let highest = 63 - ((elapsed ^ tick) | 63).leadingZeroBitCount
    return Swift.min(highest / 6, levelCount - 1)
  }

  /// The slot of tick `tick` at `level`: its group of six bits there.
  @inline(__always)
  static func slot(of tick: UInt64, level: Int) -> Int {
    Int(truncatingIfNeeded: (tick >> UInt64(6 * level)) & 63)
  }

  /// The earliest occupied slot, with the first tick it stands for (a slot of the top level that
  /// the wheel stands in or passed holds deadlines past its span: it stands for a turn later); at
  /// equal ticks the higher level, so that it cascades first. `nil` when the wheel is empty.
  /// - Complexity: O(levels).
  func earliestSlot() -> (level: Int, slot: Int, start: UInt64)? {
    var best: (level: Int, slot: Int, start: UInt64)?
    for level in 0..<levelCount where occupied[level] != 0 {
      let shift = UInt64(6 * level)
      // The top level's slot the wheel stands in holds only deadlines a turn or more on (nearer
      // ones wait lower): when that level holds such deadlines, it comes last, after the others.
      let wraps = level == levelCount - 1 && !topLevelSpansEveryTick
      let first = (Self.slot(of: elapsed, level: level) + (wraps ? 1 : 0)) & 63
      let mask = occupied[level]
      let rotated = first == 0 ? mask : mask >> UInt64(first) | mask << UInt64(64 - first)
      let slot = (first + rotated.trailingZeroBitCount) & 63
      let spanBits = 6 * (level + 1)
      let levelStart = spanBits >= 64 ? 0 : elapsed & ~((1 << UInt64(spanBits)) - 1)
      var start = levelStart | UInt64(slot) << shift
      if wraps, start <= elapsed {
        let (later, overflow) = start.addingReportingOverflow(1 << UInt64(spanBits))
        start = overflow ? .max : later
      }
      if best == nil || start <= best!.start { best = (level, slot, start) }
    }
    return best
  }

  /// The entry with the soonest deadline, looked for (-1 when empty): the soonest of the earliest
  /// occupied slot, whose entries all come before those of any other, or of the whole top level
  /// when that is where it is and the level holds deadlines past its span.
  mutating func findSoonest() -> Int32 {
    guard let earliest = earliestSlot() else { return -1 }
    let top = earliest.level == levelCount - 1 && !topLevelSpansEveryTick
    var soonest: Int32 = -1
    let slots = top ? 0..<64 : earliest.slot..<earliest.slot + 1
    for slot in slots where occupied[earliest.level] & (1 << UInt64(slot)) != 0 {
      let candidate = self.soonest(inSlot: earliest.level * 64 + slot)
      if soonest < 0 || nodes[Int(candidate)].deadline < nodes[Int(soonest)].deadline { soonest = candidate }
    }
    return soonest
  }

  /// The node with the soonest deadline in the slot `top`, which is not empty: the one kept, or
  /// found by a walk of at most 8 and kept; a longer list is split (``split(_:)``).
  /// - Complexity: O(1) amortized (``slotWalkBound(queries:links:)``).
  mutating func soonest(inSlot top: Int) -> Int32 {
    slotQueries &+= 1
    var home = top
    while true {
      let child = Int(slotChild[home])
      if child >= 0 {
        home = (levelCount + child) * 64 + occupied[levelCount + child].trailingZeroBitCount
        continue
      }
      if slotSoonest[home] >= 0 { return slotSoonest[home] }
      if let soonest = soonestOfAShortList(home) { return soonest }
      split(home)
    }
  }

  /// The soonest node of slot `home`'s list, found by a walk and kept with the runner-up, if the
  /// list holds at most 8 nodes; `nil` (after a walk of 9) if it holds more.
  private mutating func soonestOfAShortList(_ home: Int) -> Int32? {
    var soonest = heads[home]
    var runnerUp: Int32 = -1
    var index = nodes[Int(soonest)].next
    var walked: Int64 = 1
    defer { slotWalkSteps &+= walked }
    while index >= 0 {
      walked += 1
      if walked > 8 { return nil }
      let deadline = nodes[Int(index)].deadline
      if deadline < nodes[Int(soonest)].deadline {
        runnerUp = soonest
        soonest = index
      } else if runnerUp < 0 || deadline < nodes[Int(runnerUp)].deadline {
        runnerUp = index
      }
      index = nodes[Int(index)].next
    }
    slotSoonest[home] = soonest
    slotRunnerUp[home] = runnerUp
    return soonest
  }

  /// Keeps the soonest of slot `home` and its runner-up as node `index` joins it, ahead of `head`.
  @inline(__always)
  mutating func keepSoonest(afterLinking index: Int32, in home: Int, ahead head: Int32) {
    let soonest = slotSoonest[home]
    if head < 0 {
      slotSoonest[home] = index
      slotRunnerUp[home] = -1
      return
    }
    guard soonest >= 0 else { return }
    let deadline = nodes[Int(index)].deadline
    if deadline < nodes[Int(soonest)].deadline {
      slotRunnerUp[home] = soonest
      slotSoonest[home] = index
      return
    }
    let runnerUp = slotRunnerUp[home]
    // Without a runner-up kept, the new node is one only if the soonest was alone.
    if runnerUp >= 0 ? deadline < nodes[Int(runnerUp)].deadline : nodes[Int(head)].next < 0 {
      slotRunnerUp[home] = index
    }
  }

  /// The slot (`level * 64 + slot`) where a deadline of tick `tick` waits; a tick already passed
  /// waits in the slot of the tick the wheel stands at.
  @inline(__always)
  func home(ofTick tick: UInt64) -> Int {
    let tick = Swift.max(tick, elapsed)
    let level = level(of: tick)
    return level * 64 + Self.slot(of: tick, level: level)
  }

  /// Links node `index` at the head of the list of the slot its deadline's tick waits in
  /// (``home(ofTick:)``).
  @inline(__always)
  mutating func link(_ index: Int32) {
    links &+= 1
    link(index, atHeadOf: leaf(forDeadline: nodes[Int(index)].deadline))
  }

  /// Links node `index` at the head of slot `home`'s list, the slot's soonest and runner-up kept
  /// as it joins, and marks the slot occupied: a link, and a split's move of a node to its digit.
  @inline(__always)
  mutating func link(_ index: Int32, atHeadOf home: Int) {
    let head = heads[home]
    keepSoonest(afterLinking: index, in: home, ahead: head)
    nodes[Int(index)].home = Int32(home)
    nodes[Int(index)].prev = -1
    nodes[Int(index)].next = head
    if head >= 0 { nodes[Int(head)].prev = index }
    heads[home] = index
    occupied[home / 64] |= 1 << UInt64(home % 64)
  }

  /// Unlinks node `index` from its slot's list, or from its list of held nodes.
  @inline(__always)
  mutating func unlink(_ index: Int32) {
    let node = nodes[Int(index)]
    let home = Int(node.home)
    if node.prev >= 0 {
      nodes[Int(node.prev)].next = node.next
    } else if heads[home] == index {
      heads[home] = node.next
    } else {
      replaceHeldList(startingAt: index, with: node.next)
    }
    if node.next >= 0 { nodes[Int(node.next)].prev = node.prev }
    if slotSoonest[home] == index {
      // A slot of a block of shift 0 holds one deadline: any of its nodes is the soonest.
      slotSoonest[home] = holdsOneDeadline(home) ? heads[home] : slotRunnerUp[home]
      slotRunnerUp[home] = -1
    } else if slotRunnerUp[home] == index {
      slotRunnerUp[home] = -1
    }
    if heads[home] < 0 { clearEmptied(home) }
  }

  /// Empties the list of `slot` at `level` (its blocks' lists too, if it is split: each node's
  /// `home` then becomes the slot) and returns its first node: the rest follow by `next`.
  mutating func detach(level: Int, slot: Int) -> Int32 {
    let home = level * 64 + slot
    if slotChild[home] >= 0 { merge(home) }
    let head = heads[home]
    heads[home] = -1
    slotSoonest[home] = -1
    slotRunnerUp[home] = -1
    occupied[level] &= ~(1 << UInt64(slot))
    return head
  }

  /// Places every entry anew, the wheel standing at `tick`.
  /// - Complexity: O(count + levels × 64).
  mutating func replaceAll(standingAt tick: UInt64) {
    var linked: [Int32] = []
    linked.reserveCapacity(count)
    for level in 0..<levelCount where occupied[level] != 0 {
      for slot in 0..<64 {
        var index = detach(level: level, slot: slot)
        while index >= 0 {
          linked.append(index)
          index = nodes[Int(index)].next
        }
      }
    }
    elapsed = tick
    for index in linked { link(index) }
  }
}
