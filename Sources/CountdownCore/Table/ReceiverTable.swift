/// The engine's registrations: a hash table keyed by receiver identity, whose buckets are doubly
/// linked lists threaded through one dense pool of nodes.
///
/// Its design: `Documentation/Contributors.docc/EngineTypes.md`.
package struct ReceiverTable {
  /// Every node, densely; a node's position is its ``NodeIndex``.
  package internal(set) var nodes: ContiguousArray<ReceiverNode> = []
  /// The key and bucket links of the node at the same position.
  package internal(set) var entries: ContiguousArray<BucketEntry> = []
  /// How many nodes, from the pool's start, a tick walks; the quiet ones follow them.
  package internal(set) var walkedCount = 0
  /// The first node of each bucket's list, or ``NodeIndex/none``.
  var heads: ContiguousArray<NodeIndex>
  /// Which of `heads` are not ``NodeIndex/none``, read before them (see ``OccupiedBuckets``).
  var occupied: OccupiedBuckets
  /// While a resize is in progress, the bucket array before it (empty otherwise). Its buckets from
  /// `movedOldBuckets` on still hold their lists; a key whose old bucket is one of those is found
  /// there. See `migrateSomeBuckets(count:)`.
  var oldHeads: ContiguousArray<NodeIndex> = []
  /// How many of `oldHeads`' buckets, from the first, have been moved into `heads` (and emptied).
  var movedOldBuckets = 0
  #if COUNTDOWN_CHECK_INVARIANTS
    /// The mutations since the last audit of the invariants (``checkInvariantsIfEnabled()``).
    var mutationsSinceAudit = 0
  #endif

  static let minimumBucketCount = 8

  package init() {
    heads = ContiguousArray(repeating: .none, count: Self.minimumBucketCount)
    occupied = OccupiedBuckets(bucketCount: Self.minimumBucketCount)
  }

  package var count: Int { nodes.count }
  package var isEmpty: Bool { nodes.isEmpty }
  package var bucketCount: Int { heads.count }
  /// Whether the lists are still being moved to a resized bucket array (see `migrateSomeBuckets(count:)`).
  package var isResizing: Bool { !oldHeads.isEmpty }

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
  /// uniqueness checks per node. The buffers must not escape.
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
  package func bucket(for key: ObjectIdentifier) -> Int {
    Self.mixedBits(of: key) & (heads.count - 1)
  }

  /// The identity's bits, mixed (see ``bucket(for:)``).
  @inline(__always)
  static func mixedBits(of key: ObjectIdentifier) -> Int {
    var bits = UInt64(UInt(bitPattern: key))
    bits ^= bits >> 33
    bits &*= 0xff51_afd7_ed55_8ccd
    bits ^= bits >> 33
    bits &*= 0xc4ce_b9fe_1a85_ec53
    bits ^= bits >> 33
    return Int(truncatingIfNeeded: bits)
  }

  /// The first node of the list that holds (or would hold) the key whose mixed bits are `bits`.
  @inline(__always)
  func firstNode(forBits bits: Int) -> NodeIndex {
    if let old = unmovedOldBucket(forBits: bits) {
      return oldHeads[old]
    }
    let bucket = bits & (heads.count - 1)
    return occupied.contains(bucket) ? heads[bucket] : .none
  }

  /// The old bucket of the key whose mixed bits are `bits`, while a resize has not moved it yet:
  /// the key's list is there, not in `heads`.
  @inline(__always)
  func unmovedOldBucket(forBits bits: Int) -> Int? {
    guard !oldHeads.isEmpty else { return nil }
    let old = bits & (oldHeads.count - 1)
    return old >= movedOldBuckets ? old : nil
  }

  /// The node registered under `key`, if any.
  ///
  /// - Complexity: O(1) on average.
  package func index(of key: ObjectIdentifier) -> NodeIndex? {
    var current = firstNode(forBits: Self.mixedBits(of: key))
    while !current.isNone {
      let entry = entries[current.position]
      if entry.key == key { return current }
      current = entry.next
    }
    return nil
  }
}

/// The position of a node in ``ReceiverTable``'s dense pool.
///
/// Its own type, so that a plain number (such as a bucket's) can never be passed where a node
/// position goes. Stored as 32 bits: the links of every node cost 8 bytes, and 2³¹ receivers is
/// far beyond any use.
package struct NodeIndex: Hashable, Sendable {
  package var rawValue: Int32

  package init(_ position: Int) {
    rawValue = Int32(truncatingIfNeeded: position)
  }

  /// The end of a bucket's list.
  package static let none = NodeIndex(rawValue: -1)

  private init(rawValue: Int32) { self.rawValue = rawValue }

  package var position: Int { Int(rawValue) }
  package var isNone: Bool { rawValue < 0 }
}

/// A node's key and its place in its bucket's doubly linked list: everything a lookup reads of a
/// node, 16 bytes, so that following a chain costs one cache miss per step.
package struct BucketEntry: Sendable {
  package var key: ObjectIdentifier
  package var next = NodeIndex.none
  package var previous = NodeIndex.none

  package init(key: ObjectIdentifier) {
    self.key = key
  }
}

extension ReceiverTable {
  /// The position of the registration in `slot`, if it is still in the table: at `position`, where
  /// it was when noted, or looked up by its key if it moved since. On the table, not the engine's
  /// state: a non-mutating method of the state called from a mutating one copies the whole state.
  @inline(__always)
  func index(of slot: SlotReference, at position: Int) -> NodeIndex? {
    if position < count, nodes[position].slot == slot {
      return NodeIndex(position)
    }
    guard let key = slot.key, let index = index(of: key), self[index].slot == slot else { return nil }
    return index
  }

  /// The position of the registration in `slot`, if it is still in the table at its last value
  /// (see ``CountdownTiming/isAtItsLastValue``): for the engine's index of the ends to come.
  func indexAtLastValue(of slot: SlotReference) -> NodeIndex? {
    guard let key = slot.key, let index = index(of: key), self[index].slot == slot,
      self[index].timing.isAtItsLastValue
    else { return nil }
    return index
  }
}
