#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A value guarded by a mutex, reached only through ``withLock(_:)``.
///
/// Its design: `Documentation/Contributors.docc/EngineTypes.md`.
package final class LockedState<Value> {
  private let storage: Storage

  package init(_ value: Value) {
    storage = Storage.make(value)
  }

  /// Runs `body` with exclusive access to the value.
  @inline(__always)
  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    try storage.withUnsafeMutablePointers { value, mutex in
      PlatformMutex.lock(mutex)
      defer { PlatformMutex.unlock(mutex) }
      return try body(&value.pointee)
    }
  }
}

// @unchecked Sendable: every access to `storage.value` happens inside `withLock`, under the mutex
// that lives in the same buffer; the value itself may cross threads, so it must be `Sendable`.
extension LockedState: @unchecked Sendable where Value: Sendable {}

extension LockedState {
  fileprivate final class Storage: ManagedBuffer<Value, PlatformMutex.Primitive> {
    static func make(_ value: Value) -> Storage {
      let buffer = Storage.create(minimumCapacity: 1) { _ in value }
      let storage = unsafeDowncast(buffer, to: Storage.self)
      storage.withUnsafeMutablePointerToElements { PlatformMutex.initialize($0) }
      return storage
    }

    deinit {
      // ManagedBuffer destroys the header (the value) itself; the mutex is ours to destroy.
      withUnsafeMutablePointerToElements { PlatformMutex.destroy($0) }
    }
  }
}

/// The platform mutex: `os_unfair_lock` on Apple platforms, `pthread_mutex_t` elsewhere.
enum PlatformMutex {
  #if canImport(Darwin)
    typealias Primitive = os_unfair_lock

    @inline(__always) static func initialize(_ mutex: UnsafeMutablePointer<Primitive>) {
      mutex.initialize(to: os_unfair_lock())
    }
    @inline(__always) static func destroy(_ mutex: UnsafeMutablePointer<Primitive>) {
      mutex.deinitialize(count: 1)
    }
    @inline(__always) static func lock(_ mutex: UnsafeMutablePointer<Primitive>) {
      os_unfair_lock_lock(mutex)
    }
    @inline(__always) static func unlock(_ mutex: UnsafeMutablePointer<Primitive>) {
      os_unfair_lock_unlock(mutex)
    }
  #else
    typealias Primitive = pthread_mutex_t

    static func initialize(_ mutex: UnsafeMutablePointer<Primitive>) {
      mutex.initialize(to: pthread_mutex_t())
      let error = pthread_mutex_init(mutex, nil)
      precondition(error == 0, "pthread_mutex_init failed: \(error)")
    }
    static func destroy(_ mutex: UnsafeMutablePointer<Primitive>) {
      let error = pthread_mutex_destroy(mutex)
      precondition(error == 0, "pthread_mutex_destroy failed: \(error)")
      mutex.deinitialize(count: 1)
    }
    @inline(__always) static func lock(_ mutex: UnsafeMutablePointer<Primitive>) {
      let error = pthread_mutex_lock(mutex)
      precondition(error == 0, "pthread_mutex_lock failed: \(error)")
    }
    @inline(__always) static func unlock(_ mutex: UnsafeMutablePointer<Primitive>) {
      let error = pthread_mutex_unlock(mutex)
      precondition(error == 0, "pthread_mutex_unlock failed: \(error)")
    }
  #endif
}
