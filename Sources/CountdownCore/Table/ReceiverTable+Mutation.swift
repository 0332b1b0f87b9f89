extension ReceiverTable {
  /// Adds a node under a key that is not in the table yet.
  ///
  /// - Returns: The new node's position.
  /// - Complexity: O(1) amortized (the pool and the bucket array grow geometrically).
  @discardableResult
  package mutating func insert(_ node: consuming ReceiverNode, for key: ObjectIdentifier) -> NodeIndex {
    // Callers look the key up first; the debug invariant check catches a duplicate.
    let index = NodeIndex(nodes.count)
    nodes.append(node)
    entries.append(BucketEntry(key: key))
    link(index)
    if nodes.count > heads.count {
      rehash(bucketCount: heads.count * 2)
    }
    checkInvariantsIfEnabled()
    return index
  }

  /// Removes the node at `index`, moving the pool's last entry into its place.
  ///
  /// - Returns: The removed node. The caller drops it after releasing the engine's lock: releasing
  ///   its handler may run user code (the deinit of something the closure captured).
  /// - Complexity: O(1) amortized.
  package mutating func remove(at index: NodeIndex) -> ReceiverNode {
    unlink(index)
    // Moves, not copies: `swapAt` would copy both nodes (reference counting on each field).
    var removed = nodes.removeLast()
    let lastEntry = entries.removeLast()
    if index.position < nodes.count {
      swap(&nodes[index.position], &removed)
      entries[index.position] = lastEntry
      relink(movedTo: index)
    }
    shrinkIfSparse()
    checkInvariantsIfEnabled()
    return removed
  }

  /// Removes every node and gives back the memory.
  ///
  /// - Returns: The removed nodes, to be dropped outside the engine's lock.
  package mutating func removeAll() -> ContiguousArray<ReceiverNode> {
    let removed = nodes
    nodes = []
    entries = []
    heads = ContiguousArray(repeating: .none, count: Self.minimumBucketCount)
    return removed
  }

  // MARK: - Links

  /// Puts the node at `index` at the head of its bucket's list.
  private mutating func link(_ index: NodeIndex) {
    let bucket = bucket(for: entries[index.position].key).position
    let head = heads[bucket]
    entries[index.position].next = head
    entries[index.position].previous = .none
    if !head.isNone {
      entries[head.position].previous = index
    }
    heads[bucket] = index
  }

  /// Takes the node at `index` out of its bucket's list; its own links are left stale.
  private mutating func unlink(_ index: NodeIndex) {
    let own = entries[index.position]
    if own.previous.isNone {
      heads[bucket(for: own.key).position] = own.next
    } else {
      entries[own.previous.position].next = own.next
    }
    if !own.next.isNone {
      entries[own.next.position].previous = own.previous
    }
  }

  /// Points the neighbours (or the bucket head) of an entry that moved in the pool at its new place.
  private mutating func relink(movedTo new: NodeIndex) {
    let own = entries[new.position]
    if own.previous.isNone {
      heads[bucket(for: own.key).position] = new
    } else {
      entries[own.previous.position].next = new
    }
    if !own.next.isNone {
      entries[own.next.position].previous = new
    }
  }

  // MARK: - Size

  /// Halves the buckets below a quarter load and gives back pool memory below a quarter use, so a
  /// table that once held a million receivers does not keep their memory. The factor-of-four
  /// hysteresis keeps a table that hovers around a size from resizing on every call.
  private mutating func shrinkIfSparse() {
    if heads.count > Self.minimumBucketCount, nodes.count < heads.count / 4 {
      rehash(bucketCount: max(Self.minimumBucketCount, heads.count / 2))
    }
    if nodes.capacity > 64, nodes.count < nodes.capacity / 4 {
      nodes = Self.compacted(nodes)
      entries = Self.compacted(entries)
    }
  }

  /// A copy of `array` with room for twice its elements, not more.
  private static func compacted<Element>(_ array: ContiguousArray<Element>) -> ContiguousArray<Element> {
    var compact = ContiguousArray<Element>()
    compact.reserveCapacity(array.count * 2)
    compact.append(contentsOf: array)
    return compact
  }

  /// Rebuilds every bucket list for a new bucket count (a power of two).
  private mutating func rehash(bucketCount: Int) {
    heads = ContiguousArray(repeating: .none, count: bucketCount)
    for position in nodes.indices {
      link(NodeIndex(position))
    }
  }
}
