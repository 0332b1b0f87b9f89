/// A weak reference that can be captured by the engine's `@Sendable` handlers. A struct, so it
/// lives inside the handler's closure context instead of costing an allocation of its own.
struct WeakReference<Object: AnyObject>: @unchecked Sendable {
  // @unchecked Sendable: the reference is set once, at init, and never written again; loading a
  // weak reference is atomic, so reading it from the delivery queue is safe. The object itself is
  // only used on the main actor (see `MainQueueCall`).
  weak let object: Object?

  init(_ object: Object) {
    self.object = object
  }
}
