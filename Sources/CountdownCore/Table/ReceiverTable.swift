/// The engine's registrations: a hash table keyed by receiver identity, whose buckets are doubly
/// linked lists threaded through one dense pool of nodes.
///
/// - The pool is two parallel arrays with no holes: the nodes (what the tick reads, 32 bytes each)
///   and their bucket entries (key and links, what lookups read: 16 bytes, one cache miss per
///   chain step at a million receivers). Removal moves the last node into the gap, so a tick walks
///   exactly `count` nodes, densely, whatever the table's history.
/// - Each bucket is a doubly linked list of pool positions (``NodeIndex``), so a node found by key,
///   or reached by the tick, is unlinked in O(1).
/// - The bucket count is a power of two that doubles when the table holds more nodes than buckets
///   and halves when it falls below a quarter, so lookups stay O(1) from one receiver to millions.
///
/// Not thread-safe: the engine keeps it inside its lock.
package struct ReceiverTable {
  /// Every node, densely; a node's position is its ``NodeIndex``.
  package internal(set) var nodes: ContiguousArray<ReceiverNode> = []
  /// The key and bucket links of the node at the same position.
  package internal(set) var entries: ContiguousArray<BucketEntry> = []
  /// The first node of each bucket's list, or ``NodeIndex/none``.
  var heads: ContiguousArray<NodeIndex>

  static let minimumBucketCount = 8

  package init() {
    heads = ContiguousArray(repeating: .none, count: Self.minimumBucketCount)
  }

  package var count: Int { nodes.count }
  package var isEmpty: Bool { nodes.isEmpty }
  package var bucketCount: Int { heads.count }

  /// The node at `index`, for reading and for changing its payload.
  package subscript(index: NodeIndex) -> ReceiverNode {
    _read { yield nodes[index.position] }
    _modify { yield &nodes[index.position] }
  }

  /// The key of the node at `index`.
  package func key(at index: NodeIndex) -> ObjectIdentifier {
    entries[index.position].key
  }

  /// Runs `body` on the pool's nodes and entries in place, for the tick's dense walk: no bounds or
  /// uniqueness checks per node. The body cannot add or remove nodes (it has no access to the
  /// table) and must not let the buffers escape; it may change any node's payload.
  @inline(__always)
  package mutating func withNodes<Result>(
    _ body: (UnsafeMutableBufferPointer<ReceiverNode>, UnsafeBufferPointer<BucketEntry>) throws -> Result
  ) rethrows -> Result {
    try entries.withUnsafeBufferPointer { entries in
      try nodes.withUnsafeMutableBufferPointer { try body($0, entries) }
    }
  }

  /// The bucket a key belongs to.
  ///
  /// The identity's bits are mixed first (the MurmurHash3 finalizer): object addresses share their
  /// low bits through alignment and their high bits through the allocator's arenas, so masking the
  /// raw address would crowd a few buckets. The object's memory is never read.
  package func bucket(for key: ObjectIdentifier) -> BucketIndex {
    var bits = UInt64(UInt(bitPattern: key))
    bits ^= bits >> 33
    bits &*= 0xff51_afd7_ed55_8ccd
    bits ^= bits >> 33
    bits &*= 0xc4ce_b9fe_1a85_ec53
    bits ^= bits >> 33
    return BucketIndex(position: Int(truncatingIfNeeded: bits) & (heads.count - 1))
  }

  /// The node registered under `key`, if any.
  ///
  /// - Complexity: O(1) on average.
  package func index(of key: ObjectIdentifier) -> NodeIndex? {
    var current = heads[bucket(for: key).position]
    while !current.isNone {
      let entry = entries[current.position]
      if entry.key == key { return current }
      current = entry.next
    }
    return nil
  }
}
