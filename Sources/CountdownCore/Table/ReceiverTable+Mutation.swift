extension ReceiverTable {
  /// Adds a node under a key that is not in the table yet: to the quiet part if `quiet`, else to
  /// the walked part (``walkedCount``), whose first quiet node then moves to the pool's end.
  ///
  /// - Returns: The new node's position.
  /// - Complexity: O(1) amortized (the pool and the bucket array grow geometrically).
  @discardableResult
  package mutating func insert(_ node: consuming ReceiverNode, for key: ObjectIdentifier, quiet: Bool = false)
    -> NodeIndex
  {
    // Callers look the key up first; the debug invariant check catches a duplicate.
    var index = NodeIndex(nodes.count)
    nodes.append(node)
    entries.append(BucketEntry(key: key))
    link(index)
    if !quiet {
      index = swapWithPartBoundary(index, enteringWalkedPart: true)
    }
    migrateSomeBuckets()
    if nodes.count > heads.count {
      resize(bucketCount: heads.count * 2)
    }
    checkInvariantsIfEnabled()
    return index
  }

  /// Moves the node at `index` to the quiet part (`quiet`) or to the walked part, if it is not
  /// there yet: it trades places with the last walked node, or with the first quiet one.
  ///
  /// - Returns: The node's position now.
  /// - Complexity: O(1).
  @discardableResult
  package mutating func setQuiet(_ quiet: Bool, at index: NodeIndex) -> NodeIndex {
    guard quiet == (index.position < walkedCount) else { return index }
    let moved = swapWithPartBoundary(index, enteringWalkedPart: !quiet)
    checkInvariantsIfEnabled()
    return moved
  }

  /// Whether the node at `index` is in the quiet part.
  package func isInQuietPart(_ index: NodeIndex) -> Bool {
    index.position >= walkedCount
  }

  /// Moves the node at `index` across the boundary between the parts; returns its new position.
  private mutating func swapWithPartBoundary(_ index: NodeIndex, enteringWalkedPart: Bool) -> NodeIndex {
    let boundary: Int
    if enteringWalkedPart {
      boundary = walkedCount
      walkedCount += 1
    } else {
      walkedCount -= 1
      boundary = walkedCount
    }
    guard boundary != index.position else { return index }
    let other = NodeIndex(boundary)
    // Unlinked and linked again, each at its list's head: a list's order does not matter.
    unlink(index)
    unlink(other)
    nodes.swapAt(index.position, boundary)
    entries.swapAt(index.position, boundary)
    link(index)
    link(other)
    return other
  }

  /// Removes the node at `index`, moving the pool's last entry into its place (a walked node's
  /// place first takes the last walked node). Never shrinks the table: ``shrinkIfSparse()`` does.
  ///
  /// - Returns: The removed node (whose slot the caller frees, and whose handler it releases).
  /// - Complexity: O(1) amortized.
  @discardableResult
  package mutating func remove(at index: NodeIndex) -> ReceiverNode {
    unlink(index)
    var gap = index.position
    if gap < walkedCount {
      // The last walked node fills the gap, and the pool's last node the last walked place.
      walkedCount -= 1
      if gap < walkedCount {
        nodes.swapAt(gap, walkedCount)
        entries.swapAt(gap, walkedCount)
        relink(movedTo: NodeIndex(gap))
        gap = walkedCount
      }
    }
    var removed = nodes.removeLast()
    let lastEntry = entries.removeLast()
    if gap < nodes.count {
      swap(&nodes[gap], &removed)
      entries[gap] = lastEntry
      relink(movedTo: NodeIndex(gap))
    }
    migrateSomeBuckets()
    checkInvariantsIfEnabled()
    return removed
  }

  /// Removes every node and gives back the memory (the caller frees their slots and takes their
  /// handlers first).
  package mutating func removeAll() {
    nodes = []
    entries = []
    walkedCount = 0
    heads = ContiguousArray(repeating: .none, count: Self.minimumBucketCount)
    occupied = OccupiedBuckets(bucketCount: Self.minimumBucketCount)
    oldHeads = []
    movedOldBuckets = 0
  }

  // MARK: - Links

  /// Puts the node at `index` at the head of its list.
  private mutating func link(_ index: NodeIndex) {
    let bits = Self.mixedBits(of: entries[index.position].key)
    let head = firstNode(forBits: bits)
    entries[index.position].next = head
    entries[index.position].previous = .none
    if !head.isNone {
      entries[head.position].previous = index
    }
    setFirstNode(index, forBits: bits)
  }

  /// Takes the node at `index` out of its list; its own links are left stale.
  private mutating func unlink(_ index: NodeIndex) {
    let own = entries[index.position]
    if own.previous.isNone {
      setFirstNode(own.next, forBits: Self.mixedBits(of: own.key))
    } else {
      entries[own.previous.position].next = own.next
    }
    if !own.next.isNone {
      entries[own.next.position].previous = own.previous
    }
  }

  /// Points the neighbours (or the list's head) of an entry that moved in the pool at its new place.
  private mutating func relink(movedTo new: NodeIndex) {
    let own = entries[new.position]
    if own.previous.isNone {
      setFirstNode(new, forBits: Self.mixedBits(of: own.key))
    } else {
      entries[own.previous.position].next = new
    }
    if !own.next.isNone {
      entries[own.next.position].previous = new
    }
  }

  /// Makes `index` the first node of the list of the key whose mixed bits are `bits` (see
  /// ``firstNode(forBits:)``).
  @inline(__always)
  private mutating func setFirstNode(_ index: NodeIndex, forBits bits: Int) {
    if let old = unmovedOldBucket(forBits: bits) {
      oldHeads[old] = index
    } else {
      setHead(index, at: bits & (heads.count - 1))
    }
  }

  /// Makes `index` the first node of `bucket` in `heads`, keeping ``occupied`` in step.
  @inline(__always)
  private mutating func setHead(_ index: NodeIndex, at bucket: Int) {
    heads[bucket] = index
    occupied.set(bucket, occupied: !index.isNone)
  }

  // MARK: - Size

  /// Gives memory back once the table is sparse, a step per call: the buckets halve below a
  /// quarter load, and the pool is compacted below a quarter use (the factor-of-four hysteresis
  /// keeps a table that hovers around a size from resizing back and forth). Called once per
  /// wakeup, not per removal, so that a list reloading its rows between two ticks neither shrinks
  /// nor regrows the table.
  package mutating func shrinkIfSparse() {
    if isEmpty {
      removeAll()
      return
    }
    if isResizing {
      migrateSomeBuckets(count: Self.bucketsMovedPerShrinkCall)
    } else if heads.count > Self.minimumBucketCount, nodes.count < heads.count / 4 {
      resize(bucketCount: max(Self.minimumBucketCount, heads.count / 2))
    }
    if nodes.capacity > 64, nodes.count < nodes.capacity / 4 {
      nodes = Self.compacted(nodes)
      entries = Self.compacted(entries)
    }
    checkInvariantsIfEnabled()
  }

  /// How many old buckets ``shrinkIfSparse()`` moves while a resize is in progress.
  static let bucketsMovedPerShrinkCall = 4_096

  /// A copy of `array` with room for twice its elements, not more.
  private static func compacted<Element>(_ array: ContiguousArray<Element>) -> ContiguousArray<Element> {
    var compact = ContiguousArray<Element>()
    compact.reserveCapacity(array.count * 2)
    compact.append(contentsOf: array)
    return compact
  }

  /// How many old buckets each insert or removal moves while a resize is in progress: enough that
  /// a resize always ends before the table can need the next one (at least m ÷ 4 inserts from m
  /// buckets, where m ÷ 8 suffice).
  static let bucketsMovedPerOperation = 8

  /// Starts moving the lists to a bucket array of `bucketCount` (a power of two) buckets.
  ///
  /// The lists move a few buckets per operation (`migrateSomeBuckets(count:)`): rebuilding them
  /// at once would hold the engine's lock for the whole table. A resize still in progress is
  /// finished first (``bucketsMovedPerOperation`` makes that rare).
  private mutating func resize(bucketCount: Int) {
    while isResizing {
      migrateSomeBuckets()
    }
    oldHeads = heads
    movedOldBuckets = 0
    heads = ContiguousArray(repeating: .none, count: bucketCount)
    occupied = OccupiedBuckets(bucketCount: bucketCount)
    migrateSomeBuckets()
  }

  /// Moves the next few old buckets' lists into `heads`, if a resize is in progress.
  private mutating func migrateSomeBuckets(count: Int = bucketsMovedPerOperation) {
    guard isResizing else { return }
    let end = min(movedOldBuckets + count, oldHeads.count)
    while movedOldBuckets < end {
      moveOldBucket(movedOldBuckets)
      movedOldBuckets += 1
    }
    if movedOldBuckets == oldHeads.count {
      oldHeads = []
      movedOldBuckets = 0
    }
  }

  /// Moves the list of old bucket `old` into `heads`, by splicing rather than by linking node by
  /// node: only the list's own entries are touched, where relinking each node would also read and
  /// write a random bucket head and its first entry.
  ///
  /// Growing, the list splits into new buckets `old` and `old + oldCount`; shrinking, it goes in
  /// front of new bucket `old mod newCount`.
  private mutating func moveOldBucket(_ old: Int) {
    let oldCount = oldHeads.count
    var current = oldHeads[old]
    oldHeads[old] = .none
    guard !current.isNone else { return }
    if heads.count > oldCount {
      precondition(heads.count == oldCount * 2)
      var lowTail = NodeIndex.none
      var highTail = NodeIndex.none
      while !current.isNone {
        let next = entries[current.position].next
        let isHigh = Self.mixedBits(of: entries[current.position].key) & oldCount != 0
        let tail = isHigh ? highTail : lowTail
        entries[current.position].previous = tail
        entries[current.position].next = .none
        if tail.isNone {
          setHead(current, at: isHigh ? old + oldCount : old)
        } else {
          entries[tail.position].next = current
        }
        if isHigh { highTail = current } else { lowTail = current }
        current = next
      }
    } else {
      precondition(heads.count * 2 == oldCount)
      var tail = current
      while !entries[tail.position].next.isNone {
        tail = entries[tail.position].next
      }
      let target = old & (heads.count - 1)
      let first = occupied.contains(target) ? heads[target] : .none
      entries[tail.position].next = first
      if !first.isNone {
        entries[first.position].previous = tail
      }
      setHead(current, at: target)
    }
  }
}
