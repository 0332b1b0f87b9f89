/// A `Hashable & Sendable` id, type-erased, keyed by its type and its value.
///
/// `AnyHashable` alone would not do: it makes equal numbers of different types equal (`7 as Int`
/// and `7 as Int64`), so two kinds of model with numeric ids would share, replace and cancel each
/// other's countdowns.
package struct IDKey: Hashable, @unchecked Sendable {
  // @unchecked Sendable: `AnyHashable` is not Sendable in general, but this wrapper is only ever
  // made from values whose type is `Hashable & Sendable` (see `init`).
  /// The id's type.
  package let type: ObjectIdentifier
  /// The id's value.
  package let base: AnyHashable

  /// The key of `id`.
  package init<ID: Hashable & Sendable>(_ id: ID) {
    type = ObjectIdentifier(ID.self)
    base = AnyHashable(id)
  }

  /// The id, if it is of type `ID`.
  package func id<ID: Hashable & Sendable>(as type: ID.Type) -> ID? {
    base.base as? ID
  }
}
