import CountdownKit

/// The values each countdown delivered, by name: handlers for any id type that log into it.
final class ValueLog: Sendable {
  private let seen = LockedState<[String: [Int]]>([:])

  /// A handler that logs under `name`.
  func record<ID>(_ name: String) -> @MainActor (ID, Int, inout Bool) -> Void {
    { [seen] _, value, _ in seen.withLock { $0[name, default: []].append(value) } }
  }

  /// A handler that logs under the id's description.
  func recordByID<ID: CustomStringConvertible>() -> @MainActor (ID, Int, inout Bool) -> Void {
    { [seen] id, value, _ in seen.withLock { $0[id.description, default: []].append(value) } }
  }

  func values(_ name: String) -> [Int] { seen.withLock { $0[name] ?? [] } }
  var isEmpty: Bool { seen.withLock { $0.isEmpty } }
  func clear() { seen.withLock { $0 = [:] } }
}
