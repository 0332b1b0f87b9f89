// Darwin for `.ci/check-platforms`: the C library (here glibc's), plus the Darwin-only API the
// package uses, declared with Darwin's types. Every Apple platform (`os_unfair_lock`: iOS 10,
// macOS 10.12, tvOS 10, watchOS 3, visionOS 1, all below the package's deployment targets).
// Apple: https://developer.apple.com/documentation/os/os_unfair_lock
@_exported import Glibc

/// `getrusage`'s "this process" selector: a plain `Int32` on Darwin (glibc imports an enum).
public var RUSAGE_SELF: Int32 { 0 }

/// Darwin's `os_unfair_lock_t`.
public typealias os_unfair_lock_t = UnsafeMutablePointer<os_unfair_lock_s>

/// Darwin's `os_unfair_lock`.
public typealias os_unfair_lock = os_unfair_lock_s

/// Locks an `os_unfair_lock` (type-checking stub; never called).
public func os_unfair_lock_lock(_ lock: os_unfair_lock_t) {
  fatalError("platform stub: os_unfair_lock_lock")
}

/// Unlocks an `os_unfair_lock` (type-checking stub; never called).
public func os_unfair_lock_unlock(_ lock: os_unfair_lock_t) {
  fatalError("platform stub: os_unfair_lock_unlock")
}

/// Tries to lock an `os_unfair_lock` (type-checking stub; never called).
public func os_unfair_lock_trylock(_ lock: os_unfair_lock_t) -> Bool {
  fatalError("platform stub: os_unfair_lock_trylock")
}

/// Whether the calling thread is the process's main thread: non-zero on it (Darwin's
/// `pthread_main_np`, every Apple platform; type-checking stub, never called).
public func pthread_main_np() -> Int32 {
  fatalError("platform stub: pthread_main_np")
}
