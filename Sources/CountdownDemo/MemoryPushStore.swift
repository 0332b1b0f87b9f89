import CountdownKit

/// The push scheduler's store for the demo: its records in memory, as the demo runs once and has
/// nothing to go on with after it (a server keeps them on disk or in a database).
final class MemoryPushStore: CountdownPushSchedulerStore, Sendable {
  // The scheduler calls the store from a queue of its own: the records need a lock.
  private let records = LockedState([String: CountdownPushRecord<String>]())

  func load() throws -> [CountdownPushRecord<String>] { records.withLock { Array($0.values) } }
  func save(_ record: CountdownPushRecord<String>) throws { records.withLock { $0[record.id] = record } }
  func remove(id: String) throws { records.withLock { _ = $0.removeValue(forKey: id) } }
}
