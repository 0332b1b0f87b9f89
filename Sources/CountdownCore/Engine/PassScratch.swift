/// The chunk and the context of a pass, kept from one pass to the next, so that a wakeup allocates
/// none (a chunk is 32 KB, out of the allocator's fast sizes) and finds them warm in the cache; and
/// the clock reading of the callbacks running now (``reading``).
final class PassScratch: @unchecked Sendable {
  // @unchecked Sendable: touched only on the engine's delivery queue (`CountdownEngine.deliveryQueue`),
  // by the pass running there; a pass nested up the same thread's stack finds the chunk taken and
  // makes its own.
  // Unchecked exclusivity: each access is one of the short, non-overlapping reads and writes
  // below, on one queue, so the runtime's dynamic check (a thread-local lookup per access, four
  // per wakeup) can never fire.
  @exclusivity(unchecked) private var spare: DeliveryChunk?
  @exclusivity(unchecked) private var spareContext: DeliveryContext?
  /// The clock reading the callbacks running now were prepared with (their chunk's, or their
  /// prompt delivery's): set before they are called and put back after them, so that a pass
  /// nested in a callback leaves the outer one's. Read by a handler, for the instant of its call,
  /// without a clock read of its own; `Int64.min` outside any callback.
  @exclusivity(unchecked) var reading: Int64 = .min
  /// Counts the batches of callbacks called (each chunk, each prompt delivery), so that a handler
  /// can tell two batches apart that have the same ``reading``: put back with it after a nested one.
  @exclusivity(unchecked) var batch: UInt64 = 0

  /// Runs `body`, which calls callbacks prepared with the clock reading `reading`, with
  /// ``reading`` set to it, as a new ``batch``.
  @inline(__always)
  func calling<Result>(at reading: Int64, _ body: () -> Result) -> Result {
    let (outerReading, outerBatch) = (self.reading, batch)
    self.reading = reading
    batch = nextBatch
    nextBatch &+= 1
    defer { (self.reading, batch) = (outerReading, outerBatch) }
    return body()
  }

  /// The number the next batch of callbacks gets.
  @exclusivity(unchecked) private var nextBatch: UInt64 = 1

  /// The kept context, or a new one if it is taken.
  func takeContext() -> DeliveryContext {
    // Moved out, not copied and cleared: no retain and release.
    guard let context = spareContext.take() else { return DeliveryContext() }
    return context
  }

  /// The kept chunk, or a new one if it is taken.
  func takeChunk() -> DeliveryChunk {
    switch spare.take() {
    case .some(let chunk): return chunk
    case .none: return DeliveryChunk(capacity: ChunkLimits.capacity)
    }
  }

  /// Keeps `context` for the next pass, unless another is kept already.
  func keepContext(_ context: consuming DeliveryContext) {
    if spareContext == nil {
      spareContext = consume context
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
