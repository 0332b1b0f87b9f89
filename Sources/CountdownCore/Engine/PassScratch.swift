/// The chunk and the context of a pass, kept from one pass to the next, so that a wakeup allocates
/// none (a chunk is 32 KB, out of the allocator's fast sizes) and finds them warm in the cache.
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
