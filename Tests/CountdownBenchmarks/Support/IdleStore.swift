import CountdownKit

/// A push scheduler's store that keeps nothing: what is measured is the scheduler, not a database
/// (the file store writes every record at each change). In memory: the scheduler calls it from the
/// thread of each change.
struct IdleStore: CountdownPushSchedulerStore {
  var isInMemory: Bool { true }
  func load() throws -> [CountdownPushRecord<String>] { [] }
  func save(_ record: CountdownPushRecord<String>) throws {}
  func remove(id: String) throws {}
}
