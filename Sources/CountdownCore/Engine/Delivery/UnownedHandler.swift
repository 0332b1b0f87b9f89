/// A registration's handler as a prepared callback holds it: its two words, copied from the node
/// under the engine's lock without retaining the closure's context, and called outside the lock
/// without retaining or releasing it.
///
/// Why not the node's handler itself: the pool's nodes move while the lock is released (other
/// threads add and remove registrations), so the calling side cannot read a node; and a counted
/// copy would cost two atomic operations per callback. Unowned is safe because the context
/// outlives the pass: a registration removed or replaced while a pass runs hands its handler to
/// ``EngineState/retired``, released only when the pass ends, and a node that merely moves keeps
/// its handler.
struct UnownedHandler {
  private let function: UnsafeRawPointer?
  private let context: UnsafeRawPointer?

  /// The handler at `handler`, not retained.
  @inline(__always)
  init(_ handler: UnsafePointer<CountdownHandler>) {
    self = UnsafeRawPointer(handler).load(as: UnownedHandler.self)
  }

  /// The handler of the node at `node`, not retained. Its address is taken through the pointer:
  /// a key path's offset would not do, as a closure stored in a struct is kept at another
  /// abstraction than a key path reads it with (its offset is `nil`).
  @inline(__always)
  init(of node: UnsafeMutablePointer<ReceiverNode>) {
    self = withUnsafeMutablePointer(to: &node.pointee.handler) { UnownedHandler(UnsafePointer($0)) }
  }

  /// Calls the handler. Its words are put in a temporary handler, moved out for the call and back
  /// after it, so no reference is counted; the temporary is given up without being destroyed, as
  /// it owns nothing.
  @inline(__always)
  func call(_ value: Int, _ stop: inout Bool) {
    withUnsafeTemporaryAllocation(of: CountdownHandler.self, capacity: 1) { buffer in
      let handler = buffer.baseAddress.unsafelyUnwrapped
      UnsafeMutableRawPointer(handler).storeBytes(of: self, as: UnownedHandler.self)
      let call = handler.move()
      call(value, &stop)
      handler.initialize(to: call)
    }
  }
}
