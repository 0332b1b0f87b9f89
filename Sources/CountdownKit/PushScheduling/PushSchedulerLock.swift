public import Foundation

/// A value guarded by a lock, reached only through ``withLock(_:)``: the push scheduler's state.
///
/// The scheduler's own rather than the engine's `LockedState`, whose package access keeps it out
/// of inlinable code: the scheduler is generic over the id, and its paths that run for every
/// follow, token update and push are inlinable, so that the app's module runs them specialized
/// for its id type, without the runtime's look-ups of generic metadata at each step.
@usableFromInline
final class PushSchedulerLock<Value> {
  @usableFromInline let lock = NSLock()
  /// The value, in a buffer's header: reached through a pointer, with no runtime exclusivity check
  /// of a class's stored property at each access (the lock makes the access exclusive).
  @usableFromInline let storage: ManagedBuffer<Value, Void>

  @usableFromInline
  init(_ value: Value) {
    storage = ManagedBuffer<Value, Void>.create(minimumCapacity: 0) { _ in value }
  }

  /// Runs `body` with exclusive access to the value.
  ///
  /// - Parameter body: What reads or changes the value; it calls no code of the app's.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  /// - Complexity: O(1), and `body`.
  @inlinable
  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try storage.withUnsafeMutablePointerToHeader { try body(&$0.pointee) }
  }
}

// @unchecked Sendable: the value is reached only inside `withLock`, under `lock`; it may cross
// threads, so it must be `Sendable`.
extension PushSchedulerLock: @unchecked Sendable where Value: Sendable {}
