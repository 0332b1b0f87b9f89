import CountdownCore

/// The consuming side of an async sequence of values delivered at milestones
/// (``CountdownManager/values(for:whileSuspended:delivering:pastTheEnd:)``): each value a task
/// takes is noted for that task, with the countdown it came from, so that
/// ``CountdownReadAloud/read(_:)-(Int)`` called with it in the same task (the consumer's loop)
/// reads the time that countdown has left, which a milestone passed while suspended does not carry.
///
/// A consumer's loop runs after the delivery, on a later turn, out of the handler's reach; the
/// task that took the value is what ties it to its countdown.
final class MilestoneStreamReader: @unchecked Sendable {
  // @unchecked Sendable: `iterator` is used by one consumer at a time, as an `AsyncStream`'s
  // iterator must be (the unfolding sequence that calls `next()` has one iterator, called by one
  // task at a time); `engine` and `handle` are set once.
  private var iterator: AsyncStream<Int>.Iterator
  private let engine: WeakReference<CountdownEngine>
  private let handle: CountdownHandle

  /// A value a task took: which reader gave it, and how to ask its countdown's value now.
  private struct Taken: Sendable {
    let value: Int
    let reader: ObjectIdentifier
    let valueNow: @Sendable () -> Int?
  }

  /// The last value each consuming task took, by the task's hash: one entry per task consuming
  /// such a sequence, removed when read, when its sequence finishes, or with its reader.
  private static let taken = LockedState<[Int: Taken]>([:])

  init(_ values: AsyncStream<Int>, engine: CountdownEngine, handle: CountdownHandle) {
    iterator = values.makeAsyncIterator()
    self.engine = WeakReference(engine)
    self.handle = handle
  }

  /// The next value of the sequence, noted for the calling task.
  func next() async -> Int? {
    var values = iterator
    let value = await values.next()
    iterator = values
    guard let task = Self.currentTask else { return value }
    let (engine, handle, reader) = (engine, handle, ObjectIdentifier(self))
    Self.taken.withLock { taken in
      taken[task] = value.map { Taken(value: $0, reader: reader, valueNow: { engine.object?.value(for: handle) }) }
    }
    return value
  }

  /// How to ask the value now of the countdown whose value `value` the calling task took last from
  /// such a sequence, if it did; forgotten once asked, so `value` is read once.
  static func countdownTaken(_ value: Int) -> (@Sendable () -> Int?)? {
    guard let task = currentTask else { return nil }
    return taken.withLock { taken in
      guard let entry = taken[task], entry.value == value else { return nil }
      taken[task] = nil
      return entry.valueNow
    }
  }

  /// The calling task, as a number that tells it from every other running task.
  private static var currentTask: Int? {
    withUnsafeCurrentTask { $0?.hashValue }
  }

  deinit {
    let reader = ObjectIdentifier(self)
    Self.taken.withLock { taken in taken = taken.filter { $0.value.reader != reader } }
  }
}
