/// One chunk of prepared callbacks: a fixed-size buffer, filled under the engine's lock and called
/// with the lock released, then emptied for the next chunk of the same pass.
///
/// Its design: `Documentation/Contributors.docc/EngineTypes.md`.
struct DeliveryChunk: ~Copyable {
  private let base: UnsafeMutablePointer<PreparedCallback>
  let capacity: Int
  private(set) var count = 0

  init(capacity: Int) {
    precondition(_isPOD(PreparedCallback.self), "prepared callbacks must be trivial")
    self.capacity = capacity
    base = .allocate(capacity: capacity)
  }

  deinit {
    base.deallocate()
  }

  var isFull: Bool { count == capacity }
  var isEmpty: Bool { count == 0 }

  mutating func append(_ callback: PreparedCallback) {
    precondition(count < capacity)
    base[count] = callback
    count += 1
  }

  /// Lets `body` append many at once through plain memory, with the count in a local variable
  /// (through `inout` across calls it would be reloaded and stored for every element).
  @inline(__always)
  mutating func fill(_ body: (inout ChunkFill) -> Void) {
    var fill = ChunkFill(buffer: base, capacity: capacity, count: count)
    body(&fill)
    precondition(fill.count <= capacity)
    count = fill.count
  }

  /// The prepared callbacks, for a loop that reads them in order: the chunk's base and count are
  /// loaded once, not again for each read. Valid while the chunk is borrowed.
  var prepared: UnsafeBufferPointer<PreparedCallback> {
    @inline(__always) get { UnsafeBufferPointer(start: base, count: count) }
  }

  /// Puts `callback` at `position`, which must be below `count`, in place of the one there.
  mutating func replace(at position: Int, with callback: PreparedCallback) {
    checkInternally(position >= 0 && position < count, "delivery chunk position \(position) outside 0..<\(count)")
    base[position] = callback
  }

  /// Takes out the final 0s, calling `body` with each in turn; the other callbacks keep their
  /// order, moved up into the room left.
  mutating func takeEnds(_ body: (PreparedCallback) -> Void) {
    var kept = 0
    for position in 0..<count {
      let callback = base[position]
      if callback.ends {
        body(callback)
      } else {
        base[kept] = callback
        kept += 1
      }
    }
    count = kept
  }

  mutating func removeAll() {
    count = 0
  }
}
