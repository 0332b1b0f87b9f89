/// A `Hashable & Sendable` id, type-erased.
struct IDKey: Hashable, @unchecked Sendable {
  // @unchecked Sendable: `AnyHashable` is not Sendable in general, but this wrapper is only ever
  // made from values whose type is `Hashable & Sendable` (see `init`).
  let base: AnyHashable

  init<ID: Hashable & Sendable>(_ id: ID) {
    base = AnyHashable(id)
  }
}
