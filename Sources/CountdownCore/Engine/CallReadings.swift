/// The clock reading of the callbacks an engine is calling, for its handlers: the instant of a
/// call without a clock read of the handler's own, the same for every callback prepared together.
///
/// Its own object, not the engine's property, so that a handler's read of it (``current``) retains
/// no engine, whose weak references make each of its retains and releases take the runtime's slow
/// path (callgrind, at each call); read through a getter of this module, where the unchecked
/// exclusivity below holds (a client's direct access to the stored properties would check it).
package final class CallReadings: @unchecked Sendable {
  // @unchecked Sendable: written and read only on the engine's delivery queue, by the pass or
  // prompt delivery running there and the handlers it calls.
  // Unchecked exclusivity: each access is one short read or write on that one queue, so the
  // runtime's dynamic check (a thread-local lookup per access) can never fire.

  /// The clock reading, in nanoseconds on the engine's clock, the callbacks being called were
  /// prepared with (their chunk's, or their prompt delivery's): never later than the clock's `now`.
  /// `Int64.min` outside any call.
  @exclusivity(unchecked) private var reading: Int64 = .min
  /// The number of the batch of callbacks being called (a chunk, or a prompt delivery), which
  /// tells apart two batches with the same ``reading``; `0` outside any call.
  @exclusivity(unchecked) private var batch: UInt64 = 0
  /// The reading and batch of the callbacks being called: `(Int64.min, 0)` outside any call.
  package var current: (reading: Int64, batch: UInt64) {
    (reading, batch)
  }

  /// The number the next batch gets.
  @exclusivity(unchecked) private var nextBatch: UInt64 = 1

  /// Runs `body`, which calls callbacks prepared with the clock reading `reading`, as a new batch;
  /// puts back the batch it was called in (a pass nested in a callback), when it returns.
  @inline(__always)
  func calling<Result>(at reading: Int64, _ body: () -> Result) -> Result {
    let (outerReading, outerBatch) = (self.reading, batch)
    (self.reading, batch) = (reading, nextBatch)
    nextBatch &+= 1
    defer { (self.reading, batch) = (outerReading, outerBatch) }
    return body()
  }
}
