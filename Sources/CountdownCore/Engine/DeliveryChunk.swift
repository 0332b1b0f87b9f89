/// One chunk of prepared callbacks: a fixed-size buffer, filled under the engine's lock and called
/// with the lock released, then emptied for the next chunk of the same pass.
///
/// Plain memory instead of an array: the tick fills and reads it once per receiver, where an
/// array's bounds, capacity and uniqueness checks would cost more than the rest. Its elements are
/// trivial (no references counted), so emptying it is resetting `count`. The buffer is allocated
/// when the chunk is made and freed by `deinit`; the engine's pass scratch (``PassScratch``) keeps
/// a chunk from one pass to the next, so a pass allocates one only when there is none kept yet (the
/// first pass) or the kept one is taken (a pass nested up the same thread's stack); a wakeup off
/// the delivery queue makes one of no capacity.
struct DeliveryChunk: ~Copyable {
  private let base: UnsafeMutablePointer<PreparedDelivery>
  let capacity: Int
  private(set) var count = 0

  init(capacity: Int) {
    precondition(_isPOD(PreparedDelivery.self), "prepared deliveries must be trivial")
    self.capacity = capacity
    base = .allocate(capacity: capacity)
  }

  deinit {
    base.deallocate()
  }

  var isFull: Bool { count == capacity }
  var isEmpty: Bool { count == 0 }

  mutating func append(_ delivery: PreparedDelivery) {
    precondition(count < capacity)
    base[count] = delivery
    count += 1
  }

  /// Lets `body` append many at once through plain memory, with the count in a local variable
  /// (through `inout` across calls it would be reloaded and stored for every element). `body`
  /// writes elements at positions from the fill's `count` on, increments it, and stays below its
  /// `capacity`.
  @inline(__always)
  mutating func fill(_ body: (inout ChunkFill) -> Void) {
    var fill = ChunkFill(buffer: base, capacity: capacity, count: count)
    body(&fill)
    precondition(fill.count <= capacity)
    count = fill.count
  }

  /// The prepared callbacks, for a loop that reads them in order: through the subscript, each
  /// read would load the chunk's base and count again. Valid while the chunk is borrowed.
  var prepared: UnsafeBufferPointer<PreparedDelivery> {
    @inline(__always) get { UnsafeBufferPointer(start: base, count: count) }
  }

  /// The prepared callback at `position`, which must be below `count`.
  subscript(position: Int) -> PreparedDelivery {
    checkInternally(position >= 0 && position < count, "delivery chunk position \(position) outside 0..<\(count)")
    return base[position]
  }

  mutating func removeAll() {
    count = 0
  }
}

/// A chunk's room as ``DeliveryChunk/fill(_:)`` lends it: its memory, its capacity and its count,
/// held in a local for the loops that fill it.
struct ChunkFill {
  /// The chunk's elements, `capacity` of them.
  let buffer: UnsafeMutablePointer<PreparedDelivery>
  let capacity: Int
  /// The elements written so far: positions from here on are free.
  var count: Int

  /// Writes `delivery` at `count`, which must be below `capacity`, and moves `count` on.
  @inline(__always)
  mutating func append(_ delivery: PreparedDelivery) {
    buffer[count] = delivery
    count += 1
  }
}

/// One callback, prepared under the lock and made after it is released. 32 bytes on 64-bit
/// platforms, so that a chunk of 1 024 fits in a first-level data cache of 32 KB: the slot, the
/// handler's two words, and one word holding the value (its upper 62 bits, signed) and two flags.
struct PreparedDelivery {
  /// The registration: compared with what was removed while the pass runs. Its slot is not freed
  /// before the pass ends, even if the registration is removed meanwhile (``RunningPass/retired``).
  let slot: SlotReference
  /// Its handler, copied from its node (which may move before the call), not retained: alive
  /// until the pass ends (``RunningPass/retiredHandlers``).
  let handler: UnownedHandler
  /// The value (upper 62 bits) and the flags (``endsFlag``, ``milestoneFlag``). A timing's
  /// values lie within ±(2⁵⁵ − 1) (``CountdownTiming/maximumValue``), well inside 62 bits.
  private let word: Int64

  private static let flagBits: Int64 = 2
  private static let endsFlag: Int64 = 1 << 0
  private static let milestoneFlag: Int64 = 1 << 1

  @inline(__always)
  init(slot: SlotReference, handler: UnownedHandler, value: Int, ends: Bool, milestone: Bool) {
    self.slot = slot
    self.handler = handler
    word = Int64(value) << Self.flagBits | (ends ? Self.endsFlag : 0) | (milestone ? Self.milestoneFlag : 0)
  }

  /// The value to deliver.
  @inline(__always)
  var value: Int { Int(truncatingIfNeeded: word >> Self.flagBits) }

  /// This is the final 0: the registration ends after the call.
  @inline(__always)
  var ends: Bool { word & Self.endsFlag != 0 }

  /// This is a milestone (``CountdownDeliveries/milestones(_:)``) above 0: one a pause skips is
  /// planned again for the resume (``EngineState/restoreSkippedMilestones(_:now:)``).
  @inline(__always)
  var milestone: Bool { word & Self.milestoneFlag != 0 }
}

/// The chunk a pass prepares its callbacks into and the context other threads note removals in,
/// kept from one pass to the next, so that a wakeup allocates none (a chunk holds 1 024 prepared
/// callbacks: 32 KB, out of the allocator's fast sizes) and finds them warm in the cache. A kept
/// context is reset by the first chunk's preparation, under the lock, before any callback.
final class PassScratch: @unchecked Sendable {
  // @unchecked Sendable: touched only on the engine's delivery queue (`CountdownEngine.deliveryQueue`),
  // by the pass running there; a pass nested up the same thread's stack finds the chunk taken and
  // makes its own.
  // Unchecked exclusivity: each access is one of the short, non-overlapping reads and writes
  // below, on one queue, so the runtime's dynamic check (a thread-local lookup per access, four
  // per wakeup) can never fire.
  @exclusivity(unchecked) private var spare: DeliveryChunk?
  @exclusivity(unchecked) private var spareContext: DeliveryContext?

  /// The kept context, or a new one if it is taken.
  func takeContext() -> DeliveryContext {
    guard let context = spareContext else { return DeliveryContext() }
    spareContext = nil
    return context
  }

  /// The kept chunk, or a new one if it is taken.
  func takeChunk() -> DeliveryChunk {
    switch spare.take() {
    case .some(let chunk): return chunk
    case .none: return DeliveryChunk(capacity: CountdownEngine.chunkSize)
    }
  }

  /// Keeps `chunk` and `context` for the next pass, unless others are kept already.
  func keepForNextPass(_ chunk: consuming DeliveryChunk, _ context: DeliveryContext) {
    if spareContext == nil {
      spareContext = context
    }
    guard spare == nil else { return }
    chunk.removeAll()
    spare = consume chunk
  }
}
