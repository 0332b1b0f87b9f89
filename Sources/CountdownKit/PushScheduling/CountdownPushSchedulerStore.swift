/// Where a ``CountdownPushScheduler`` keeps its followed ids between processes: one
/// ``CountdownPushRecord`` per id.
///
/// ```swift
/// let store = CountdownPushSchedulerJSONStore<String>(.file(URL(fileURLWithPath: "/var/lib/focus/pushes.json")))
/// print(try store.load().count, "ids followed")
/// ```
///
/// ``CountdownPushSchedulerJSONStore`` keeps them in a ``CountdownStore``; a server with a database
/// writes each record in a row of its own. The scheduler calls the store from one serial queue of
/// its own, in the order of its changes, with no lock held; a store must not call the scheduler.
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
}
