// A timing wheel's pool of nodes: freed ones, given back once empty, and reached as one buffer
// by the loops over many nodes.

extension TimingWheel {
  /// Frees node `index`, already unlinked, and returns its entry. A pool left empty gives back its
  /// memory, so a burst of entries does not keep it.
  mutating func free(_ index: Int32) -> Entry {
    let entry = withPool { wheel, nodes in wheel.free(index, in: nodes) }
    releasePoolIfEmpty()
    return entry
  }

  /// Frees node `index`, already unlinked, in `nodes`, the pool (``withPool(_:)``), and returns its
  /// entry; the caller gives the pool's memory back once it is back, if it is left empty.
  @inline(__always)
  mutating func free(_ index: Int32, in nodes: UnsafeMutablePointer<TimingWheelNode<Payload>>) -> Entry {
    let node = nodes[Int(index)]
    nodes[Int(index)].payload = nil
    nodes[Int(index)].home = -1
    nodes[Int(index)].prev = -1
    nodes[Int(index)].next = freeHead
    freeHead = index
    count -= 1
    if index == soonestHandle { soonestIsKnown = false }
    return Entry(deadline: node.deadline, payload: node.payload.unsafelyUnwrapped, handle: index)
  }

  /// Gives back the memory of a pool with no entry left.
  mutating func releasePoolIfEmpty() {
    guard count == 0, !nodes.isEmpty else { return }
    if nodes.count > 64 { nodes = [] } else { nodes.removeAll(keepingCapacity: true) }
    freeHead = -1
    soonestHandle = -1
    soonestIsKnown = true
  }

  /// Runs `body` with the pool as one buffer, so that a loop over many nodes checks the pool's
  /// uniqueness once, not at every write. Meanwhile ``nodes`` is empty: `body` reaches the pool
  /// only through the buffer. The pool must not be empty.
  @inline(__always)
  mutating func withPool<Result>(
    _ body: (inout Self, UnsafeMutablePointer<TimingWheelNode<Payload>>) -> Result
  ) -> Result {
    var pool = ContiguousArray<TimingWheelNode<Payload>>()
    swap(&pool, &nodes)
    defer { swap(&pool, &nodes) }
    return pool.withUnsafeMutableBufferPointer { buffer in body(&self, buffer.baseAddress.unsafelyUnwrapped) }
  }
}

/// One entry of a ``TimingWheel``, in its pool. Links are pool positions, not references, so the
/// pool is one array and no entry is retained or released on its own.
struct TimingWheelNode<Payload> {
  /// The deadline on the clock, exact: the slot it waits in is only its tick's.
  var deadline: Int64
  /// `nil` while the node is free.
  var payload: Payload?
  /// The next node in its slot's list, a list of held nodes or the free list; -1 for none.
  var next: Int32
  /// The previous node in its slot's list or a list of held nodes; -1 when it heads the list (or
  /// is free).
  var prev: Int32
  /// The slot it waits in (or left, while held), as `level * 64 + slot`; -1 while free.
  var home: Int32
}
