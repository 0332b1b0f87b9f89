/// The object that stands in the engine's identity-keyed table for a `Hashable` id.
///
/// The manager keeps one token per live id (with the number of its latest start, see
/// ``IDRegistry``), so starting the same id again replaces its countdown, just as with an object
/// receiver.
package final class IDToken: Sendable {
  /// The id the token stands for.
  package let id: IDKey

  /// A token for `id`.
  package init(id: IDKey) {
    self.id = id
  }
}
