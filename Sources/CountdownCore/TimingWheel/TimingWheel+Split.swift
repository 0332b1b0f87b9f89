// A timing wheel's split slots, so that finding a slot's soonest entry walks each entry a bounded
// number of times: `Documentation/Contributors.docc/EngineTypes.md` (TimingWheel's split slots).

extension TimingWheel {
  /// A deadline as a key whose unsigned order is the deadlines' order.
  @inline(__always)
  static func key(of deadline: Int64) -> UInt64 {
    UInt64(bitPattern: deadline) ^ (1 << 63)
  }

  /// Whether slot `home` is one of a block of shift 0, which holds a single deadline.
  @inline(__always)
  func holdsOneDeadline(_ home: Int) -> Bool {
    let block = home / 64 - levelCount
    return block >= 0 && blockShift[block] == 0
  }

  /// The slot where an entry due at `deadline` is linked: the one its tick waits in
  /// (``home(ofTick:)``), or, if that is split, the one of its blocks the deadline's digits lead to.
  @inline(__always)
  mutating func leaf(forDeadline deadline: Int64) -> Int {
    let home = home(ofTick: tick(of: deadline))
    return slotChild[home] < 0 ? home : leaf(forKey: Self.key(of: deadline), under: home)
  }

  /// The slot under the split slot `home` where key `key` waits; a block whose prefix it does not
  /// share gets a block above it first (`insertBlock(above:for:)`).
  mutating func leaf(forKey key: UInt64, under home: Int) -> Int {
    var home = home
    while slotChild[home] >= 0 {
      var block = Int(slotChild[home])
      let above = blockShift[block] + 6
      if above < 64, key >> UInt64(above) != blockPrefix[block] {
        block = insertBlock(above: block, for: key)
      }
      home = (levelCount + block) * 64 + Int(truncatingIfNeeded: (key >> UInt64(blockShift[block])) & 63)
    }
    return home
  }

  /// Puts a block between `block` and the slot split into it, at the highest digit where `key`
  /// and `block`'s prefix differ; returns the new block. No entry moves.
  private mutating func insertBlock(above block: Int, for key: UInt64) -> Int {
    let shift = blockShift[block]
    let below = blockPrefix[block] << UInt64(shift + 6)
    let differing = 63 - (key ^ below).leadingZeroBitCount
    let added = allocateBlock(shift: differing / 6 * 6, prefixOf: key, splitting: Int(blockParent[block]))
    let digit = Int(truncatingIfNeeded: (below >> UInt64(blockShift[added])) & 63)
    let home = (levelCount + added) * 64 + digit
    slotChild[home] = Int32(block)
    blockParent[block] = Int32(home)
    occupied[levelCount + added] |= 1 << UInt64(digit)
    return added
  }

  /// A block of shift `shift` with `key`'s prefix, which slot `parent` is split into (its list,
  /// if any, is the caller's to move), its slots empty.
  private mutating func allocateBlock(shift: Int, prefixOf key: UInt64, splitting parent: Int) -> Int {
    let prefix = shift + 6 >= 64 ? 0 : key >> UInt64(shift + 6)
    let block: Int
    if let free = freeBlocks.popLast() {
      block = Int(free)
      let first = (levelCount + block) * 64
      for home in first..<first + 64 {
        heads[home] = -1
        slotSoonest[home] = -1
        slotRunnerUp[home] = -1
        slotChild[home] = -1
      }
      occupied[levelCount + block] = 0
      blockShift[block] = shift
      blockPrefix[block] = prefix
      blockParent[block] = Int32(parent)
    } else {
      block = blockShift.count
      heads.append(contentsOf: repeatElement(-1, count: 64))
      slotSoonest.append(contentsOf: repeatElement(-1, count: 64))
      slotRunnerUp.append(contentsOf: repeatElement(-1, count: 64))
      slotChild.append(contentsOf: repeatElement(-1, count: 64))
      occupied.append(0)
      blockShift.append(shift)
      blockPrefix.append(prefix)
      blockParent.append(Int32(parent))
    }
    slotChild[parent] = Int32(block)
    return block
  }

  /// Splits slot `home` (more than 8 nodes, its soonest not known) into a block at the highest
  /// digit where its deadlines differ, each node moved to the slot of its digit.
  mutating func split(_ home: Int) {
    let firstKey = Self.key(of: nodes[Int(heads[home])].deadline)
    var differing: UInt64 = 0
    var index = heads[home]
    var walked: Int64 = 0
    while index >= 0 {
      differing |= Self.key(of: nodes[Int(index)].deadline) ^ firstKey
      walked += 1
      index = nodes[Int(index)].next
    }
    let shift = differing == 0 ? 0 : (63 - differing.leadingZeroBitCount) / 6 * 6
    let block = allocateBlock(shift: shift, prefixOf: firstKey, splitting: home)
    let first = (levelCount + block) * 64
    index = heads[home]
    heads[home] = -1
    slotSoonest[home] = -1
    slotRunnerUp[home] = -1
    while index >= 0 {
      let following = nodes[Int(index)].next
      let digit = Int(truncatingIfNeeded: (Self.key(of: nodes[Int(index)].deadline) >> UInt64(shift)) & 63)
      link(index, atHeadOf: first + digit)
      walked += 1
      index = following
    }
    slotWalkSteps &+= walked
  }

  /// Slot `home`'s list emptied: clears its bit, and, if it was the last of its block, frees the
  /// block and does the same for the slot split into it, and so on up.
  mutating func clearEmptied(_ home: Int) {
    var home = home
    while heads[home] < 0, slotChild[home] < 0 {
      let (mask, bit) = (home / 64, UInt64(1) << UInt64(home % 64))
      guard occupied[mask] & bit != 0 else { return }
      occupied[mask] &= ~bit
      slotSoonest[home] = -1
      slotRunnerUp[home] = -1
      let block = mask - levelCount
      guard block >= 0, occupied[mask] == 0 else { return }
      home = Int(blockParent[block])
      slotChild[home] = -1
      freeBlocks.append(Int32(block))
    }
  }

  /// Moves every node under the split slot `top` back into its list, each node's `home` the slot,
  /// and frees its blocks.
  /// - Complexity: O(nodes + blocks).
  mutating func merge(_ top: Int) {
    var list = heads[top]
    var blocks = [slotChild[top]]
    slotChild[top] = -1
    while let block = blocks.popLast().map(Int.init) {
      let first = (levelCount + block) * 64
      var mask = occupied[levelCount + block]
      while mask != 0 {
        let home = first + mask.trailingZeroBitCount
        mask &= mask - 1
        if slotChild[home] >= 0 {
          blocks.append(slotChild[home])
          slotChild[home] = -1
        }
        var index = heads[home]
        heads[home] = -1
        slotSoonest[home] = -1
        slotRunnerUp[home] = -1
        while index >= 0 {
          let following = nodes[Int(index)].next
          nodes[Int(index)].home = Int32(top)
          nodes[Int(index)].prev = -1
          nodes[Int(index)].next = list
          if list >= 0 { nodes[Int(list)].prev = index }
          list = index
          index = following
        }
      }
      occupied[levelCount + block] = 0
      freeBlocks.append(Int32(block))
    }
    heads[top] = list
    slotSoonest[top] = -1
    slotRunnerUp[top] = -1
  }
}
