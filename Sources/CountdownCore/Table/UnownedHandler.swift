/// A registration's handler as a prepared callback holds it: its two words, copied from the node
/// under the engine's lock without retaining the closure's context, and called outside the lock
/// without retaining or releasing it.
///
/// Why not the node's handler itself: the pool's nodes move while the lock is released (other
/// threads add and remove registrations), so the calling side cannot read a node; and a counted
/// copy would cost two atomic operations per callback. Unowned is safe because the context
/// outlives the pass: a registration removed or replaced while a pass runs hands its handler to
/// ``RunningPass/retiredHandlers``, released only when the pass ends, and a node that merely moves
/// keeps its handler. The words are read and written as a ``NodeHandler``, never as a bare closure
/// type through a generic (see there: that would copy a reabstracted temporary).
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

  /// Calls the handler. Its words are put in a temporary ``NodeHandler``, moved out for the call
  /// and back after it, so no reference is counted; the temporary is given up without being
  /// destroyed, as it owns nothing.
  @inline(__always)
  func call(_ value: Int, _ stop: inout Bool) {
    withUnsafeTemporaryAllocation(of: NodeHandler.self, capacity: 1) { buffer in
      let stored = buffer.baseAddress.unsafelyUnwrapped
      UnsafeMutableRawPointer(stored).storeBytes(of: self, as: UnownedHandler.self)
      // The closure itself, taken out of the struct: called through the struct's field, it would
      // be copied for the call (a retain and a release).
      let call = stored.move().call
      call(value, &stop)
      stored.initialize(to: NodeHandler(call))
    }
  }
}
