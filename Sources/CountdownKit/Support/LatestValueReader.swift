import CountdownCore

/// The consuming side of a stream whose producer keeps only the newest value (or, for updates in
/// phases, every value merged into one): the producer puts each value into ``Pending`` and then
/// signals it on an `AsyncStream<Void>`; ``next()`` waits for a signal and takes what is pending.
///
/// Why not an `AsyncStream` of the values: its `yield` runs unspecialized in the standard
/// library, with the runtime's lookups of its generic metadata at every value (about 3 000
/// instructions of the 4 700 a countdown's value cost its producer, the manager's tick), where a
/// stream of `Void` has a specialization in the library.
final class LatestValueReader<Value: Sendable>: @unchecked Sendable {
  // @unchecked Sendable: `signals` is used by one consumer at a time, as an `AsyncStream`'s
  // iterator must be (the unfolding sequence that calls `next()` has one iterator, called by one
  // task at a time); `pending` is behind its own lock.
  private var signals: AsyncStream<Void>.Iterator
  private let pending: Pending

  /// The value not taken yet.
  typealias Pending = LockedState<Value?>

  /// A reader of `signals`, each telling of a value put into `pending`.
  init(_ signals: AsyncStream<Void>, pending: Pending) {
    self.signals = signals.makeAsyncIterator()
    self.pending = pending
  }

  /// The next value; `nil` once the producer finished (after its last value) or the consuming
  /// task was cancelled.
  func next() async -> Value? {
    while true {
      var iterator = signals
      let signal: Void? = await iterator.next()
      signals = iterator
      // Cancelled: nothing more, not even what is pending.
      if signal == nil, Task.isCancelled { return nil }
      if let value = pending.withLock({ pending in
        defer { pending = nil }
        return pending
      }) {
        return value
      }
      if signal == nil { return nil }
    }
  }
}
