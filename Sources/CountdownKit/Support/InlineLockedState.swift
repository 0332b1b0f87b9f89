#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A value and the mutex that guards it in one buffer, one allocation, reached only through
/// ``withLock(_:)``: what the engine's `LockedState` is, without the object that holds the buffer,
/// for a value that many objects keep one each (a ``PhaseSequence``'s state: one allocation per
/// countdown in phases, not two). The mutex is the platform's: `os_unfair_lock` on Apple
/// platforms, `pthread_mutex_t` elsewhere.
///
/// Not `Sendable` (a `ManagedBuffer` cannot be): the object that keeps it declares itself
/// `@unchecked Sendable`, naming this mutex.
final class InlineLockedState<Value>: ManagedBuffer<Value, InlineLockedState.Mutex> {
  #if canImport(Darwin)
    typealias Mutex = os_unfair_lock
  #else
    typealias Mutex = pthread_mutex_t
  #endif

  /// A buffer holding `value`, its mutex ready.
  static func make(_ value: Value) -> InlineLockedState<Value> {
    let buffer = unsafeDowncast(create(minimumCapacity: 1) { _ in value }, to: InlineLockedState<Value>.self)
    buffer.withUnsafeMutablePointerToElements { mutex in
      #if canImport(Darwin)
        mutex.initialize(to: os_unfair_lock())
      #else
        mutex.initialize(to: pthread_mutex_t())
        let error = pthread_mutex_init(mutex, nil)
        precondition(error == 0, "pthread_mutex_init failed: \(error)")
      #endif
    }
    return buffer
  }

  /// Runs `body` with exclusive access to the value.
  @inline(__always)
  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    try withUnsafeMutablePointers { value, mutex in
      #if canImport(Darwin)
        os_unfair_lock_lock(mutex)
        defer { os_unfair_lock_unlock(mutex) }
      #else
        let error = pthread_mutex_lock(mutex)
        precondition(error == 0, "pthread_mutex_lock failed: \(error)")
        defer { pthread_mutex_unlock(mutex) }
      #endif
      return try body(&value.pointee)
    }
  }

  deinit {
    // The buffer destroys the value (its header) itself; the mutex is ours to destroy.
    withUnsafeMutablePointerToElements { mutex in
      #if !canImport(Darwin)
        pthread_mutex_destroy(mutex)
      #endif
      _ = mutex.deinitialize(count: 1)
    }
  }
}
