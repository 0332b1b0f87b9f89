/// A weak reference that can be captured by the engine's `@Sendable` handlers. A struct, so it
/// lives inside the handler's closure context instead of costing an allocation of its own.
struct WeakReference<Object: AnyObject>: @unchecked Sendable {
  // @unchecked Sendable: the reference is set once, at init, and never written again (`private(set)`,
  // and the struct is only ever held in `let`s); loading a weak reference is atomic, so reading it
  // from the delivery queue is safe. The object itself is only used on the main actor, where it
  // came from (the manager's receiver-taking methods are `@MainActor`; see `MainQueueHandler`), or is
  // `Sendable` (the engine, in `CountdownHandle`). (`weak var`, not `weak let`: older compilers that
  // the package's tools version admits reject `weak let`; `WeakEngineReference` in CountdownCore
  // uses it where the compiler takes it.)
  private(set) weak var object: Object?

  init(_ object: Object) {
    self.object = object
  }
}
