/// The ids a manager counts for, each with the token that stands for it in the engine's
/// identity-keyed table, its generation (the number of its latest start), for a countdown its
/// length, and for one known to have ended before its `0` is delivered, when: changed only through its methods, each named for the event it follows. An event of an
/// earlier start (a refusal, an end, time added) changes the id only if no later start, cancel or
/// end came in between: the id still has the event's token and generation.
///
/// Kept in `ManagerState`, behind the manager's lock. Its methods call no user code but the ids'
/// own `Hashable` conformance, and release no token: those they remove are returned, or held by the
/// caller, and are released after the lock.
package struct IDRegistry: Sendable {
  /// The object that stands for a `Hashable` id in the engine's table: one per live id, so starting
  /// the id again replaces its countdown, as with an object receiver.
  package final class Token: Sendable {
    package let key: IDKey

    package init(key: IDKey) {
      self.key = key
    }
  }

  package struct Record: Sendable {
    package let token: Token
    /// 1 for the id's first start, one more for each start that replaced the one before.
    package let generation: Int
    /// Which start of any id this is: another number for each (the registry's ``changes`` when it
    /// claimed the id), so that two starts of one id differ even when the id was forgotten between
    /// them, where the generation counts from 1 again. What tells a countdown started anew from the
    /// one it replaced, which its dates do not (``CountdownManager/idStart(of:)``).
    package let start: UInt64
    /// A countdown's length, start to end, with the time added since (the span of
    /// `CountdownManager.timerDates(id:)`); `nil` for a count-up.
    package fileprivate(set) var length: Duration?
    /// When the countdown ended, on the manager's clock, if that is known to come before its `0`:
    /// it ran out while the app was not running (a restore) or while the manager was suspended (a
    /// resume); `nil` otherwise. Read by `CountdownManager.endedAgo(id:)` in the `0`'s call.
    package fileprivate(set) var endedAt: Int64?
  }

  /// A start's hold on its id, from ``claim(_:length:endedAt:)``, with the id's record before it, to give
  /// back if the engine refuses the start.
  package struct Claim: Sendable {
    package let token: Token
    package let generation: Int
    fileprivate let previous: Record?
    /// The registry's ``changes`` once this claim was made.
    fileprivate let changesAtClaim: UInt64

  }

  private var records: [IDKey: Record] = [:]
  /// How many times a record was made, replaced or removed: while it stays as a claim left it, the
  /// id still has the claim's token, which ``stillHolds(_:)`` then knows without looking it up.
  private var changes: UInt64 = 0

  package init() {}

  package subscript(key: IDKey) -> Record? {
    records[key]
  }

  package func token(for key: IDKey) -> Token? {
    records[key]?.token
  }

  package func length(for key: IDKey) -> Duration? {
    records[key]?.length
  }

  /// Every id's token and generation, in no particular order.
  package var generations: [(token: Token, generation: Int)] {
    records.values.map { ($0.token, $0.generation) }
  }

  /// Every id with its token, in no particular order.
  package var tokens: [(key: IDKey, token: Token)] {
    records.map { ($0.key, $0.value.token) }
  }

  package var keys: [IDKey] {
    Array(records.keys)
  }

  /// The ids of type `ID` with their records, in no particular order: `7 as Int` is not among the
  /// ids of `Int64`.
  package func records<ID: Hashable & Sendable>(of type: ID.Type) -> [(id: ID, record: Record)] {
    let type = ObjectIdentifier(ID.self)
    return records.compactMap { key, record in
      guard key.type == type, let id = key.id(as: ID.self) else { return nil }
      return (id, record)
    }
  }

  /// A start of `key` takes the id: with the token the id has (so the engine replaces its
  /// registration) or a new one, and the next generation; `endedAt`, for a restore of a countdown
  /// that ran out while the app was not running, is when, on the manager's clock.
  package mutating func claim(
    _ key: IDKey, length: Duration?, endedAt: Int64? = nil
  ) -> Claim {
    // The id's slot read and written in one look-up: hashing and comparing an id is most of the
    // cost of a start.
    changes &+= 1
    return Self.claim(
      &records[key], key: key, length: length, endedAt: endedAt, changes: changes)
  }

  /// ``claim(_:length:endedAt:)`` on the slot of `key` (`nil`: it has no record).
  private static func claim(
    _ slot: inout Record?, key: IDKey, length: Duration?, endedAt: Int64?, changes: UInt64
  ) -> Claim {
    let previous = slot
    // The id's token again, so that the engine replaces its registration in place.
    let token = previous?.token ?? Token(key: key)
    let generation = (previous?.generation ?? 0) + 1
    slot = Record(token: token, generation: generation, start: changes, length: length, endedAt: endedAt)
    return Claim(token: token, generation: generation, previous: previous, changesAtClaim: changes)
  }

  /// Whether the id of `claim` still has the claim's token (a later start that took the same token
  /// over keeps it; a cancel or an end does not): one look-up of the id, none while no record was
  /// made, replaced or removed since the claim.
  package func stillHolds(_ claim: Claim) -> Bool {
    changes == claim.changesAtClaim || records[claim.token.key]?.token === claim.token
  }

  /// The engine refused the start of `claim`: the id gets back the record it had before it.
  package mutating func startRejected(_ claim: Claim) {
    guard let index = heldIndex(claim.token, claim.generation) else { return }
    changes &+= 1
    if let previous = claim.previous {
      records.values[index] = previous
    } else {
      records.remove(at: index)
    }
  }

  /// The countdown of generation `generation` under `token` ended (its `0`, or its stop flag): its
  /// id is forgotten.
  package mutating func countdownEnded(token: Token, generation: Int) {
    if let index = heldIndex(token, generation) {
      changes &+= 1
      records.remove(at: index)
    }
  }

  /// `added` (negative: taken) was added to the countdown of generation `generation` under
  /// `token`: its length follows, never below zero (a count-up has none), and so does an end
  /// known to have come (it moves with the deadline; one moved past now has not ended).
  package mutating func timeAdded(_ added: Duration, token: Token, generation: Int) {
    // One look-up, the record changed in place.
    guard let index = heldIndex(token, generation) else { return }
    Self.timeAdded(added, to: &records.values[index])
  }

  /// ``timeAdded(_:token:generation:)`` on the record it changes.
  private static func timeAdded(_ added: Duration, to record: inout Record) {
    guard let length = record.length else { return }
    record.length = max(.zero, length + added)
    if let endedAt = record.endedAt {
      // Moved past the clock's range: an end no clock reaches is not one that came.
      let (moved, overflow) = endedAt.addingReportingOverflow(added.nanosecondsSaturating)
      record.endedAt = overflow ? nil : moved
    }
  }

  /// The countdowns of `ends` ran out while the manager was suspended, each at its instant on the
  /// manager's clock, before the `0` the resume delivers: noted for those whose id no later start,
  /// cancel or end took.
  package mutating func endedWhileSuspended(_ ends: [(token: Token, generation: Int, at: Int64)]) {
    for (token, generation, instant) in ends {
      if let index = heldIndex(token, generation) {
        records.values[index].endedAt = instant
      }
    }
  }

  /// `key` was cancelled: it is forgotten, whatever started it. Returns its record, whose token is
  /// to cancel in the engine: released after the lock (a tuple made of it under the lock retained
  /// and released its parts there).
  package mutating func cancelled(_ key: IDKey) -> Record? {
    guard let record = records.removeValue(forKey: key) else { return nil }
    changes &+= 1
    return record
  }

  /// Every id was cancelled. Returns what the registry held, to release after the lock.
  package mutating func allCancelled() -> IDRegistry {
    defer {
      records = [:]
      changes &+= 1
    }
    return self
  }

  /// Where the record of `token`'s id is, if no later start, cancel or end came since the event
  /// of `token` and `generation`: found with one look-up of the id, to be read or changed in place
  /// by that index (a record copied out and back would retain and release its token, and look the
  /// id up again).
  private func heldIndex(_ token: Token, _ generation: Int) -> [IDKey: Record].Index? {
    guard let index = records.index(forKey: token.key) else { return nil }
    // Read once: each read through the index validates it again.
    let record = records.values[index]
    return record.token === token && record.generation == generation ? index : nil
  }
}
