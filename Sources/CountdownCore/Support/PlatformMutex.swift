#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

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
