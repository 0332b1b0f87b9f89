#if canImport(Darwin)
  import Foundation
#else
  import Synchronization
#endif

/// A count that a contender calling its handlers outside its lock bumps at every withdrawal of a
/// prepared callback and reads before every callback, as our withdrawal signal is read: one load
/// per callback while nothing was withdrawn. An atomic on Linux, where the benchmarks are measured;
/// on Apple platforms a count behind a lock, which only has to build there. A copy of the engine's
/// internal `WithdrawalSignal`, not a use of it: here, in the contender's module, the load inlines
/// into its loop as ours does into the engine's, where a call into CountdownCore per callback would
/// slow the alternative.
final class HarnessWithdrawalCount: @unchecked Sendable {
  // @unchecked Sendable: on Linux `count` is atomic; on Apple platforms `value` is read and
  // written only while `lock` is held.
  #if canImport(Darwin)
    private let lock = NSLock()
    private var count: UInt64 = 0

    func bump() {
      lock.lock()
      count &+= 1
      lock.unlock()
    }

    var value: UInt64 {
      lock.lock()
      defer { lock.unlock() }
      return count
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
