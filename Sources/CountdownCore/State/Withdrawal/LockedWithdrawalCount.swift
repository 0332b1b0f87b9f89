#if canImport(Darwin)
  /// A withdrawal count behind the platform's unfair lock, for Apple systems before the
  /// Synchronization module's atomics: a lock and an unlock per callback, uncontended.
  final class LockedWithdrawalCount: WithdrawalCount {
    private let count = LockedState<UInt64>(0)

    func bump() {
      count.withLock { $0 &+= 1 }
    }

    var value: UInt64 {
      count.withLock { $0 }
    }
  }
#endif
