/// Where a ``CountdownPushScheduler`` keeps its followed ids between processes: one
/// ``CountdownPushRecord`` per id.
///
/// ```swift
/// let store = CountdownPushSchedulerJSONStore<String>(.file(URL(fileURLWithPath: "/var/lib/focus/pushes.json")))
/// print(try store.load().count, "ids followed")
/// ```
///
/// ``CountdownPushSchedulerJSONStore`` keeps them in a ``CountdownStore``; a server with a database
/// writes each record in a row of its own. The scheduler calls the store one call at a time, in the
/// order of its changes, with no lock held: from a serial queue of its own, or, for a store in
/// memory (``isInMemory``), from the thread that made the change. A store must not call the
/// scheduler.
public protocol CountdownPushSchedulerStore<ID>: Sendable {
  /// The ids of the followed countdowns in phases.
  associatedtype ID: Hashable & Sendable & Codable

  /// Every record saved and not removed.
  ///
  /// - Returns: The records, one per id, in any order.
  /// - Throws: The store's error for records that cannot be read.
  func load() throws -> [CountdownPushRecord<ID>]

  /// Saves `record` in place of the one of its id, if any.
  ///
  /// - Parameter record: The record to keep.
  /// - Throws: The store's error for a record that cannot be written.
  func save(_ record: CountdownPushRecord<ID>) throws

  /// Forgets the record of `id`, if any.
  ///
  /// - Parameter id: The id no longer followed.
  /// - Throws: The store's error for a record that cannot be removed.
  func remove(id: ID) throws

  /// Whether the store keeps its records in memory, its calls returning at once without waiting on
  /// a disk or a network (default `false`).
  ///
  /// The scheduler then calls it from the thread that made the change (a follow's, a token
  /// update's, a send's), one call at a time and in the order of the changes as always, sparing
  /// two thread handoffs per call: a follow or a token update returns once its save is made, with
  /// no wait on another thread. A store that blocks (a file, a database) leaves it `false`, and is
  /// called from the scheduler's own queue, off the threads that run the sends.
  var isInMemory: Bool { get }
}

extension CountdownPushSchedulerStore {
  /// `false`: the scheduler calls the store from a serial queue of its own.
  public var isInMemory: Bool { false }
}
