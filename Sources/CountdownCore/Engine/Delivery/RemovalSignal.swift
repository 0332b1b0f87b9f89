#if !canImport(Darwin)
  import Synchronization
#endif

/// A counter a delivery pass reads before every callback, bumped (under the engine's lock) by
/// every removal, replacement or pause while the pass runs: the pass looks at what was removed only
/// when the count moved, so the check costs one load per callback while nothing was removed.
///
/// On Linux an atomic from the standard library's Synchronization module. On Apple platforms,
/// where that module's atomics need macOS 15 / iOS 18 and this package supports earlier systems, a
/// count behind the platform's unfair lock: uncontended, a lock and an unlock per callback.
final class RemovalSignal: Sendable {
  #if canImport(Darwin)
    private let count = LockedState<UInt64>(0)

    /// Moves the count on; called under the engine's lock.
    func bump() {
      count.withLock { $0 &+= 1 }
    }

    /// The count now.
    var value: UInt64 {
      @inline(__always) get { count.withLock { $0 } }
    }
  #else
    private let count = Atomic<UInt64>(0)

    /// Moves the count on; called under the engine's lock.
    func bump() {
      count.wrappingAdd(1, ordering: .sequentiallyConsistent)
    }

    /// The count now.
    var value: UInt64 {
      @inline(__always) get { count.load(ordering: .sequentiallyConsistent) }
    }
  #endif
}
