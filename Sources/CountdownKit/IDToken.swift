/// The object that stands in the engine's identity-keyed table for a `Hashable` id.
///
/// The manager keeps one token per live id, so starting the same id again replaces its countdown,
/// just as with an object receiver; `generation` tells the token's current countdown from one it
/// replaced.
final class IDToken: Sendable {
  let id: IDKey
  /// Bumped, under the manager's lock, by each start of this id.
  let generation: LockedState<Int>

  init(id: IDKey) {
    self.id = id
    generation = LockedState(0)
  }
}

/// A `Hashable & Sendable` id, type-erased.
struct IDKey: Hashable, @unchecked Sendable {
  // @unchecked Sendable: `AnyHashable` is not Sendable in general, but this wrapper is only ever
  // made from values whose type is `Hashable & Sendable` (see `init`).
  let base: AnyHashable

  init<ID: Hashable & Sendable>(_ id: ID) {
    base = AnyHashable(id)
  }
}
