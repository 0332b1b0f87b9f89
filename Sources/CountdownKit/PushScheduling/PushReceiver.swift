/// The engine's key for one followed id's registration: the scheduler holds it while it follows
/// the id, and the engine holds it weakly, as it does every receiver.
@usableFromInline
final class PushReceiver: Sendable {
  @usableFromInline init() {}
}
