/// A registration's handler as a prepared callback holds it: its two words, copied from the node
/// under the engine's lock without retaining the closure's context, and called outside the lock
/// without retaining or releasing it.
///
/// Its design: `Documentation/Contributors.docc/EngineTypes.md`.
struct UnownedHandler {
  private let function: UnsafeRawPointer?
  private let context: UnsafeRawPointer?

  /// The handler `handler` points to, not retained.
  @inline(__always)
  init(_ handler: UnsafePointer<NodeHandler>) {
    self = UnsafeRawPointer(handler).load(as: UnownedHandler.self)
  }

  /// The handler of the node at `node`, not retained.
  @inline(__always)
  init(of node: UnsafeMutablePointer<ReceiverNode>) {
    // A stored property of a struct, itself a struct: the key path has an offset, folded at
    // compile time.
    let offset = MemoryLayout<ReceiverNode>.offset(of: \ReceiverNode.handler).unsafelyUnwrapped
    self.init((UnsafeRawPointer(node) + offset).assumingMemoryBound(to: NodeHandler.self))
  }

  /// Calls the handler through a temporary ``NodeHandler`` of its words, given up without being
  /// destroyed, so that no reference is counted.
  @inline(__always)
  func call(_ value: Int, _ stop: inout Bool) {
    withUnsafeTemporaryAllocation(of: NodeHandler.self, capacity: 1) { buffer in
      let stored = buffer.baseAddress.unsafelyUnwrapped
      UnsafeMutableRawPointer(stored).storeBytes(of: self, as: UnownedHandler.self)
      // The closure itself, taken out of the struct: called through the struct's field, it would
      // be copied for the call (a retain and a release).
      let closure = stored.move().closure
      closure(value, &stop)
      stored.initialize(to: NodeHandler(closure))
    }
  }
}
