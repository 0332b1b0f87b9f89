import Synchronization

#if canImport(Darwin)
  /// A withdrawal count in an atomic: a load per callback, no lock.
  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  final class AtomicWithdrawalCount: WithdrawalCount {
    private let count = Atomic<UInt64>(0)

    func bump() {
      count.wrappingAdd(1, ordering: .sequentiallyConsistent)
    }

    var value: UInt64 {
      count.load(ordering: .sequentiallyConsistent)
    }
  }
#endif
