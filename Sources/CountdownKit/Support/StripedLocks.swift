#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A fixed set of mutexes that many objects share, each object guarded by the one its address
/// picks: for objects made by the hundred thousand that each guard a little state, held for a few
/// instructions, and never two at once (no object's lock is taken while another's is held, so
/// two objects that pick the same mutex cannot deadlock). An object then keeps no mutex and no
/// buffer of its own: a countdown in phases, which kept its state and a mutex in a buffer of
/// their own, makes one allocation fewer per start. The mutexes are the platform's:
/// `os_unfair_lock` on Apple platforms, `pthread_mutex_t` elsewhere.
///
/// Not `Sendable` (a `ManagedBuffer` cannot be): what keeps it for several threads says so, naming
/// these mutexes.
final class StripedLocks: ManagedBuffer<Void, StripedLocks.Mutex> {
  #if canImport(Darwin)
    typealias Mutex = os_unfair_lock
  #else
    typealias Mutex = pthread_mutex_t
  #endif

  /// How many mutexes: a power of two, so that an address picks one with a mask; enough that
  /// threads working on different objects seldom wait for each other.
  static let count = 64

  /// A set of ``count`` mutexes, each ready.
  static func make() -> StripedLocks {
    let locks = unsafeDowncast(create(minimumCapacity: count) { _ in () }, to: StripedLocks.self)
    locks.withUnsafeMutablePointerToElements { mutexes in
      for index in 0..<count {
        #if canImport(Darwin)
          (mutexes + index).initialize(to: os_unfair_lock())
        #else
          (mutexes + index).initialize(to: pthread_mutex_t())
          let error = pthread_mutex_init(mutexes + index, nil)
          precondition(error == 0, "pthread_mutex_init failed: \(error)")
        #endif
      }
    }
    return locks
  }

  /// Runs `body` holding the mutex that guards `object`. `body` must not take another object's.
  @inline(__always)
  func withLock<Result>(for object: AnyObject, _ body: () throws -> Result) rethrows -> Result {
    // Objects are at least 16-byte aligned: the bits above those pick the mutex, two groups of
    // them mixed so that objects allocated a fixed stride apart spread over the mutexes. (Not the
    // identifier's hash value: that hashes it, a tenth of a start, callgrind.)
    let address = UInt(bitPattern: ObjectIdentifier(object))
    let index = Int(truncatingIfNeeded: (address >> 4) ^ (address >> 10)) & (Self.count - 1)
    return try withUnsafeMutablePointerToElements { mutexes in
      let mutex = mutexes + index
      #if canImport(Darwin)
        os_unfair_lock_lock(mutex)
        defer { os_unfair_lock_unlock(mutex) }
      #else
        let error = pthread_mutex_lock(mutex)
        precondition(error == 0, "pthread_mutex_lock failed: \(error)")
        defer { pthread_mutex_unlock(mutex) }
      #endif
      return try body()
    }
  }

  deinit {
    withUnsafeMutablePointerToElements { mutexes in
      for index in 0..<Self.count {
        #if !canImport(Darwin)
          pthread_mutex_destroy(mutexes + index)
        #endif
        _ = (mutexes + index).deinitialize(count: 1)
      }
    }
  }
}
