import CountdownCore

/// The consuming side of an async sequence of values delivered at milestones: each value taken is
/// noted for the task that takes it with the time the countdown had left when it came, so that
/// ``CountdownReadAloud/read(_:)-(Int)`` in that task's loop reads it. The loop runs on a later
/// turn, out of the handler's reach: the task is what ties the value to its countdown.
final class MilestoneStreamReader: @unchecked Sendable {
  // @unchecked Sendable: `iterator` is used by one consumer at a time, as an `AsyncStream`'s
  // iterator must be (the unfolding sequence that calls `next()` has one iterator, called by one
  // task at a time); `delivered` is behind its own lock.
  private var iterator: AsyncStream<Int>.Iterator
  private let delivered: Delivered

  /// The newest value delivered, with the time the countdown had left then (its value at the
  /// delivery), written by the countdown's handler: the sequence keeps only its newest value for a
  /// consumer that falls behind, so it is the only one taken later. The handler holds this alone,
  /// not the reader, which holds the sequence: dropping the sequence still ends the countdown.
  typealias Delivered = LockedState<(value: Int, timeLeft: Int)?>

  /// A value a task took: which reader gave it, and the time its countdown had left when it came.
  private struct Taken: Sendable {
    let value: Int
    let reader: ObjectIdentifier
    let timeLeft: Int
  }

  /// The last value each consuming task took, by the task's hash: one entry per task consuming
  /// such a sequence, removed when read, when its sequence finishes, or with its reader.
  private static let taken = LockedState<[Int: Taken]>([:])

  /// A reader of `values`, whose countdown's handler notes each value it delivers in `delivered`.
  init(_ values: AsyncStream<Int>, delivered: Delivered) {
    iterator = values.makeAsyncIterator()
    self.delivered = delivered
  }

  /// The next value of the sequence, noted for the calling task.
  func next() async -> Int? {
    var values = iterator
    let value = await values.next()
    iterator = values
    guard let task = Self.currentTask else { return value }
    let reader = ObjectIdentifier(self)
    let timeLeft = delivered.withLock { delivered in
      delivered.flatMap { $0.value == value ? $0.timeLeft : nil }
    }
    Self.taken.withLock { taken in
      taken[task] = value.map { Taken(value: $0, reader: reader, timeLeft: timeLeft ?? $0) }
    }
    return value
  }

  /// The time left when it came of the value `value`, if the calling task took it last from such
  /// a sequence; forgotten once asked, so `value` is read once.
  static func timeLeftWhenTaken(_ value: Int) -> Int? {
    guard let task = currentTask else { return nil }
    return taken.withLock { taken in
      guard let entry = taken[task], entry.value == value else { return nil }
      taken[task] = nil
      return entry.timeLeft
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
