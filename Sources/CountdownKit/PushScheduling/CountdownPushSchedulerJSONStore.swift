internal import CountdownCore
import Foundation

/// A ``CountdownPushSchedulerStore`` over a ``CountdownStore``: every record, encoded as one JSON
/// array, written whole at each change.
///
/// ```swift
/// let store = CountdownPushSchedulerJSONStore<String>(.file(URL(fileURLWithPath: "/var/lib/focus/pushes.json")))
/// print(try store.load().count, "ids followed")
/// ```
///
/// A file store is written atomically: a crash while saving leaves the previous save. Each save
/// and removal writes every record, O(*n*) for *n* records: one store per process of a sharded
/// server keeps *n* to its share (see "A server that follows the phases" in the article
/// "The Lock Screen in phases").
public final class CountdownPushSchedulerJSONStore<ID: Hashable & Sendable & Codable>: CountdownPushSchedulerStore {
  private let store: CountdownStore
  /// The records as last read or written, `nil` until the first call reads the store; the lock is
  /// held while the store is read or written, so that writes land in the order of the changes.
  private let records = LockedState<[ID: CountdownPushRecord<ID>]?>(nil)

  /// A store of records in `store`.
  ///
  /// - Parameter store: Where the JSON goes: a file, or a key of `UserDefaults`.
  public init(_ store: CountdownStore) {
    self.store = store
  }

  /// Every record saved and not removed.
  ///
  /// - Returns: The records, in any order.
  /// - Throws: The store's error for a file that cannot be read; `DecodingError` for data that is
  ///   not an array of records.
  /// - Complexity: O(*n*) for *n* records.
  public func load() throws -> [CountdownPushRecord<ID>] {
    try records.withLock { records in
      Array(try Self.loaded(&records, from: store).values)
    }
  }

  /// Saves `record` in place of the one of its id, and writes every record.
  ///
  /// - Parameter record: The record to keep.
  /// - Throws: What ``load()`` throws; the store's error for a file that cannot be written (the
  ///   record is kept in memory, and the next write includes it).
  /// - Complexity: O(*n*) for *n* records.
  public func save(_ record: CountdownPushRecord<ID>) throws {
    try records.withLock { records in
      var all = try Self.loaded(&records, from: store)
      all[record.id] = record
      records = all
      try store.save(JSONEncoder().encode(Array(all.values)))
    }
  }

  /// Forgets the record of `id`, and writes every other record.
  ///
  /// - Parameter id: The id no longer followed.
  /// - Throws: What ``save(_:)`` throws.
  /// - Complexity: O(*n*) for *n* records.
  public func remove(id: ID) throws {
    try records.withLock { records in
      var all = try Self.loaded(&records, from: store)
      guard all.removeValue(forKey: id) != nil else { return }
      records = all
      try store.save(JSONEncoder().encode(Array(all.values)))
    }
  }

  /// The records, read from `store` the first time.
  private static func loaded(
    _ records: inout [ID: CountdownPushRecord<ID>]?, from store: CountdownStore
  ) throws -> [ID: CountdownPushRecord<ID>] {
    if let records { return records }
    let decoded = try store.load().map { try JSONDecoder().decode([CountdownPushRecord<ID>].self, from: $0) } ?? []
    let byID = Dictionary(decoded.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
    records = byID
    return byID
  }
}
