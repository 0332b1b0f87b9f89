import Synchronization

/// A counter a delivery pass reads before every callback, bumped under the engine's lock by every
/// withdrawal of a prepared callback (a removal, a replacement, a pause, time added): one load per
/// callback while nothing was withdrawn.
///
/// Its design: `Documentation/Contributors.docc/EngineTypes.md`.
final class WithdrawalSignal: Sendable {
  #if canImport(Darwin)
    private let count: any WithdrawalCount

    init() {
      if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
        count = AtomicWithdrawalCount()
      } else {
        count = LockedWithdrawalCount()
      }
    }

    func bump() {
      count.bump()
    }

    var value: UInt64 {
      @inline(__always) get { count.value }
    }
  #else
    private let count = Atomic<UInt64>(0)

    func bump() {
      count.wrappingAdd(1, ordering: .sequentiallyConsistent)
    }

    var value: UInt64 {
      @inline(__always) get { count.load(ordering: .sequentiallyConsistent) }
    }
  #endif
}
