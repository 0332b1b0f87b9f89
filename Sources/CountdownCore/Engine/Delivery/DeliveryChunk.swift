/// One chunk of prepared callbacks: a fixed-size buffer, filled under the engine's lock and called
/// with the lock released, then emptied for the next chunk of the same pass.
///
/// Plain memory instead of an array: the tick fills and reads it once per receiver, where an
/// array's bounds, capacity and uniqueness checks would cost more than the rest. Its elements are
/// trivial (no references counted), so emptying it is resetting `count`; the buffer is allocated
/// once per pass and freed by `deinit`.
struct DeliveryChunk: ~Copyable {
  private let base: UnsafeMutablePointer<CountdownEngine.PreparedDelivery>
  let capacity: Int
  private(set) var count = 0

  init(capacity: Int) {
    precondition(_isPOD(CountdownEngine.PreparedDelivery.self), "prepared deliveries must be trivial")
    self.capacity = capacity
    base = .allocate(capacity: capacity)
  }

  deinit {
    base.deallocate()
  }

  var isFull: Bool { count == capacity }
  var isEmpty: Bool { count == 0 }

  mutating func append(_ delivery: CountdownEngine.PreparedDelivery) {
    precondition(count < capacity)
    base[count] = delivery
    count += 1
  }

  /// Lets `body` append many at once through plain memory, with the count in a local variable
  /// (through `inout` across calls it would be reloaded and stored for every element). `body`
  /// writes elements at positions from `count` on, increments `count`, and stays below `capacity`.
  @inline(__always)
  mutating func fill(_ body: (_ buffer: UnsafeMutablePointer<CountdownEngine.PreparedDelivery>, _ count: inout Int) -> Void) {
    var count = self.count
    body(base, &count)
    precondition(count <= capacity)
    self.count = count
  }

  /// The prepared callbacks, for a loop that reads them in order: through the subscript, each
  /// read would load the chunk's base and count again. Valid while the chunk is borrowed.
  var prepared: UnsafeBufferPointer<CountdownEngine.PreparedDelivery> {
    @inline(__always) get { UnsafeBufferPointer(start: base, count: count) }
  }

  /// The prepared callback at `position`, which must be below `count`.
  subscript(position: Int) -> CountdownEngine.PreparedDelivery {
    checkInternally(position >= 0 && position < count, "delivery chunk position \(position) outside 0..<\(count)")
    return base[position]
  }

  mutating func removeAll() {
    count = 0
  }
}
