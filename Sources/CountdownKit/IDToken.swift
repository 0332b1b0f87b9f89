/// The object that stands in the engine's identity-keyed table for a `Hashable` id.
///
/// The manager keeps one token per live id (with the number of its latest start, see
/// `CountdownManager.State.ids`), so starting the same id again replaces its countdown, just as
/// with an object receiver.
final class IDToken: Sendable {
  let id: IDKey

  init(id: IDKey) {
    self.id = id
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
