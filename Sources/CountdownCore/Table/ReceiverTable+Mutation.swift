extension ReceiverTable {
  /// Adds a node whose key is not in the table yet.
  ///
  /// - Returns: The new node's position.
  /// - Complexity: O(1) amortized (the pool and the bucket array grow geometrically).
  @discardableResult
  package mutating func insert(_ node: consuming ReceiverNode) -> NodeIndex {
    // Callers look the key up first; the debug invariant check catches a duplicate.
    let index = NodeIndex(nodes.count)
    nodes.append(node)
    link(index)
    if nodes.count > heads.count {
      rehash(bucketCount: heads.count * 2)
    }
    checkInvariantsIfEnabled()
    return index
  }

  /// Removes the node at `index`, moving the pool's last node into its place.
  ///
  /// - Returns: The removed node. The caller drops it after releasing the engine's lock: releasing
  ///   its handler may run user code (the deinit of something the closure captured).
  /// - Complexity: O(1) amortized.
  package mutating func remove(at index: NodeIndex) -> ReceiverNode {
    unlink(index)
    // Moves, not copies: `swapAt` would copy both nodes, and a node's weak reference makes a copy
    // two atomic operations.
    var removed = nodes.removeLast()
    if index.position < nodes.count {
      swap(&nodes[index.position], &removed)
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
    heads = ContiguousArray(repeating: .none, count: Self.minimumBucketCount)
    return removed
  }

  // MARK: - Links

  /// Puts the node at `index` at the head of its bucket's list.
  private mutating func link(_ index: NodeIndex) {
    let bucket = bucket(for: nodes[index.position].key).position
    let head = heads[bucket]
    nodes[index.position].previous = .none
    nodes[index.position].next = head
    if !head.isNone {
      nodes[head.position].previous = index
    }
    heads[bucket] = index
  }

  /// Takes the node at `index` out of its bucket's list; its own links are left stale.
  private mutating func unlink(_ index: NodeIndex) {
    let (key, previous, next) = (nodes[index.position].key, nodes[index.position].previous, nodes[index.position].next)
    if previous.isNone {
      heads[bucket(for: key).position] = next
    } else {
      nodes[previous.position].next = next
    }
    if !next.isNone {
      nodes[next.position].previous = previous
    }
  }

  /// Points the neighbours (or the bucket head) of a node that moved in the pool at its new place.
  private mutating func relink(movedTo new: NodeIndex) {
    let (key, previous, next) = (nodes[new.position].key, nodes[new.position].previous, nodes[new.position].next)
    if previous.isNone {
      heads[bucket(for: key).position] = new
    } else {
      nodes[previous.position].next = new
    }
    if !next.isNone {
      nodes[next.position].previous = new
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
      var compact = ContiguousArray<ReceiverNode>()
      compact.reserveCapacity(nodes.count * 2)
      compact.append(contentsOf: nodes)
      nodes = compact
    }
  }

  /// Rebuilds every bucket list for a new bucket count (a power of two).
  private mutating func rehash(bucketCount: Int) {
    heads = ContiguousArray(repeating: .none, count: bucketCount)
    for position in nodes.indices {
      link(NodeIndex(position))
    }
  }
}
