/// The clock reading of the callbacks an engine is calling, for its handlers: the instant of a
/// call without a clock read of the handler's own, the same for every callback prepared together;
/// and which final 0, if any, is being called (what ``CountdownEngine/endedAgo(_:)`` answers for).
///
/// Its own object, not the engine's property, so that what a handler keeps to read it retains no
/// engine, whose weak references make each of its retains and releases take the runtime's slow
/// path. The reading lives in memory of its own, which a handler reads through ``current``, a
/// pointer it may keep as long as it keeps this object: one load, where a getter of this module
/// was a call with a retain and a release of the object around it, at every value (callgrind), and
/// a client's access to a stored property would check exclusivity at run time.
package final class CallReadings: @unchecked Sendable {
  // @unchecked Sendable: the memory `current` points to, `nextBatch` and `endingSlot` are written
  // and read only on the engine's delivery queue, by the pass or prompt delivery running there and
  // the handlers it calls.
  // Unchecked exclusivity: each access is one short read or write on that one queue, so the
  // runtime's dynamic check (a thread-local lookup per access) can never fire.

  /// The clock reading, in nanoseconds on the engine's clock, the callbacks being called were
  /// prepared with (their chunk's, or their prompt delivery's): never later than the clock's `now`;
  /// `Int64.min` outside any call. And the number of the batch of callbacks being called (a
  /// chunk, or a prompt delivery), which tells apart two batches with the same reading; `0`
  /// outside any call. Valid while this object lives; read only on the delivery queue.
  package let current: UnsafePointer<(reading: Int64, batch: UInt64)>
  private let storage: UnsafeMutablePointer<(reading: Int64, batch: UInt64)>

  /// The number the next batch gets.
  @exclusivity(unchecked) private var nextBatch: UInt64 = 1
  /// The registration whose final 0 is being called, up this thread's stack, in the batch of
  /// ``current``; `nil` in any other call (a later callback of the batch, or one of a batch nested
  /// in that 0's call) and outside calls.
  @exclusivity(unchecked) private var endingSlot: SlotReference?

  init() {
    storage = .allocate(capacity: 1)
    storage.initialize(to: (.min, 0))
    current = UnsafePointer(storage)
  }

  deinit {
    storage.deinitialize(count: 1)
    storage.deallocate()
  }

  /// Runs `body`, which calls callbacks prepared with the clock reading `reading`, as a new batch;
  /// puts back the batch it was called in (a pass nested in a callback), when it returns.
  @inline(__always)
  func calling<Result>(at reading: Int64, _ body: () -> Result) -> Result {
    let outer = storage.pointee
    let outerEnd = endingSlot
    storage.pointee = (reading, nextBatch)
    endingSlot = nil
    nextBatch &+= 1
    defer {
      storage.pointee = outer
      endingSlot = outerEnd
    }
    return body()
  }

  /// Makes `call`, the call of the final 0 of the registration in `slot`, in the current batch:
  /// while it runs, that 0 is the one being called (``endBeingCalled``).
  @inline(__always)
  func callingEnd(of slot: SlotReference, _ call: () -> Void) {
    let outer = endingSlot
    endingSlot = slot
    defer { endingSlot = outer }
    call()
  }

  /// The registration whose final 0 is being called, and the clock reading of its batch: `nil`
  /// outside that 0's own call. Read only on the delivery queue.
  var endBeingCalled: (slot: SlotReference, reading: Int64)? {
    endingSlot.map { ($0, storage.pointee.reading) }
  }
}
