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

extension WeakReference where Object == AnyObject {
  /// The receiver of a receiver-keyed countdown's handler (a single one or one in phases), made
  /// from a `Receiver`: `nil` once it is released, with `stop` set, so that its countdown ends
  /// without a call.
  @inline(__always)
  func receiver<Receiver: AnyObject>(as type: Receiver.Type, stop: inout Bool) -> Receiver? {
    guard let object else {
      stop = true
      return nil
    }
    // Held as `AnyObject` (see the receiver-keyed starts): the downcast is free in release builds.
    return unsafeDowncast(object, to: Receiver.self)
  }
}
