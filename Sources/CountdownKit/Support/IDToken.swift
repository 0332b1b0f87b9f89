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
