import Synchronization

/// A counter a delivery pass reads before every callback, bumped (under the engine's lock) by
/// every removal, replacement or pause while the pass runs: the pass looks at what was removed only
/// when the count moved, so the check costs one load per callback while nothing was removed.
///
/// An atomic from the standard library's Synchronization module: on Linux always; on Apple
/// platforms where the system has it (macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2), through
/// `RemovalCount`. On earlier Apple systems, which this package supports too, a count behind the
/// platform's unfair lock: uncontended, a lock and an unlock per callback.
final class RemovalSignal: Sendable {
  #if canImport(Darwin)
    private let count: any RemovalCount

    init() {
      if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
        count = AtomicRemovalCount()
      } else {
        count = LockedRemovalCount()
      }
    }

    /// Moves the count on; called under the engine's lock.
    func bump() {
      count.bump()
    }

    /// The count now.
    var value: UInt64 {
      @inline(__always) get { count.value }
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
