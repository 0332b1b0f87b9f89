/// The ids a manager counts for, each with the token that stands for it in the engine's
/// identity-keyed table: the manager's id map, changed only through its methods, each named for
/// the event it follows.
///
/// Each id has a record: its token, its generation (the number of its latest start) and, for a
/// countdown, its length from start to end. Its rules:
/// - A start of an id reuses the token the id has, so it replaces the id's registration in the
///   engine, and is the id's next generation (``claim(_:length:)``).
/// - A start the engine refused gives the id back the record it had, unless another start, a cancel
///   or an end came in between (``startRejected(_:)``).
/// - A countdown that ends forgets its id only if the id still has its token and generation: a
///   later start keeps the id (``countdownEnded(token:generation:)``).
/// - Time added to a countdown moves its length only if the id was not started again since
///   (``timeAdded(_:token:generation:)``).
/// - A cancel forgets the id at once, whatever started it (``cancelled(_:)``, ``allCancelled()``).
///
/// A value type, kept inside `ManagerState`, behind the manager's lock. Its methods call
/// no user code but the ids' own `Hashable` conformance (a dictionary's lookups), and release no
/// token: those they remove are returned, or held by the caller (the handler of the start that ends
/// holds its token), and are released after the lock.
package struct IDRegistry: Sendable {
  /// The object that stands in the engine's identity-keyed table for a `Hashable` id.
  ///
  /// The manager keeps one token per live id (with its generation, see
  /// ``IDRegistry``), so starting the same id again replaces its countdown, just as with an object
  /// receiver.
  package final class Token: Sendable {
    /// The id the token stands for.
    package let id: IDKey

    /// A token for `id`.
    package init(id: IDKey) {
      self.id = id
    }
  }

  /// What the registry holds for one id.
  package struct Record: Sendable {
    /// The object that stands for the id in the engine.
    package let token: Token
    /// The id's generation, the number of its latest start: 1 for its first, one more for each
    /// start that replaced the one before.
    package let generation: Int
    /// A countdown's length from start to end, with the time added since (the span of
    /// `CountdownManager.timerDates(id:)`, which a snapshot keeps); `nil` for a count-up.
    package fileprivate(set) var length: Duration?
  }

  /// A start's hold on its id, from ``claim(_:length:)``: its token and generation, and what the
  /// id had before, to give back if the engine refuses the start.
  package struct Claim: Sendable {
    /// The token to register the start under.
    package let token: Token
    /// The start's generation.
    package let generation: Int
    /// The id's record before the start, if it had one.
    fileprivate let previous: Record?
  }

  private var records: [IDKey: Record] = [:]

  /// An empty registry.
  package init() {}

  /// The record of `key`, if it has one.
  package subscript(key: IDKey) -> Record? {
    records[key]
  }

  /// The token of `key`, if it has one.
  package func token(for key: IDKey) -> Token? {
    records[key]?.token
  }

  /// The length of the countdown of `key`: `nil` for an id without one, or for a count-up.
  package func length(for key: IDKey) -> Duration? {
    records[key]?.length
  }

  /// Every id with its token, in no particular order.
  package var tokens: [(key: IDKey, token: Token)] {
    records.map { ($0.key, $0.value.token) }
  }

  /// Every id, in no particular order.
  package var keys: [IDKey] {
    Array(records.keys)
  }

  /// The ids of type `ID` with their records, in no particular order: `7 as Int` is not among the
  /// ids of `Int64`.
  package func records<ID: Hashable & Sendable>(of type: ID.Type) -> [(id: ID, record: Record)] {
    let type = ObjectIdentifier(ID.self)
    return records.compactMap { key, record in
      guard key.type == type, let id = key.base.base as? ID else { return nil }
      return (id, record)
    }
  }

  /// A start of `key` takes the id: it keeps the token the id has (so the engine replaces the
  /// id's registration), or gets a new one; its generation is one past the id's latest (1 for
  /// the first); its length is `length` (`nil` for a count-up).
  package mutating func claim(_ key: IDKey, length: Duration?) -> Claim {
    let previous = records[key]
    let token = previous?.token ?? Token(id: key)
    let generation = (previous?.generation ?? 0) + 1
    records[key] = Record(token: token, generation: generation, length: length)
    return Claim(token: token, generation: generation, previous: previous)
  }

  /// The engine refused the start of `claim`: the id gets back the record it had before it (none,
  /// if it had none), unless the id no longer has the claim's token and generation (another start, a
  /// cancel or the end of a countdown came in between, and what it left stays).
  package mutating func startRejected(_ claim: Claim) {
    let key = claim.token.id
    if holds(key, claim.token, claim.generation) {
      records[key] = claim.previous
    }
  }

  /// The countdown of generation `generation` under `token` ended (its `0`, or its stop flag): its id is
  /// forgotten, unless it was started again or cancelled since (then it has a later start or
  /// another token, which stays).
  package mutating func countdownEnded(token: Token, generation: Int) {
    if holds(token.id, token, generation) {
      records[token.id] = nil
    }
  }

  /// `added` (negative: taken) was added to the countdown of generation `generation` under `token`: its
  /// length follows, never below zero, unless the id was started again or cancelled since (a new
  /// start has its own length). Nothing for a count-up, which has no length.
  package mutating func timeAdded(_ added: Duration, token: Token, generation: Int) {
    let key = token.id
    guard holds(key, token, generation), let length = records[key]?.length else { return }
    records[key]?.length = max(.zero, length + added)
  }

  /// `key` was cancelled: it is forgotten, whatever started it.
  ///
  /// - Returns: Its token, to cancel in the engine and release after the lock; `nil` for an id
  ///   without one.
  package mutating func cancelled(_ key: IDKey) -> Token? {
    records.removeValue(forKey: key)?.token
  }

  /// Every id was cancelled: all are forgotten.
  ///
  /// - Returns: What the registry held, for the caller to release after the lock.
  package mutating func allCancelled() -> IDRegistry {
    defer { records = [:] }
    return self
  }

  /// Whether `key` has `token` and generation `generation`: no later start, cancel or end came since.
  private func holds(_ key: IDKey, _ token: Token, _ generation: Int) -> Bool {
    guard let record = records[key] else { return false }
    return record.token === token && record.generation == generation
  }
}
