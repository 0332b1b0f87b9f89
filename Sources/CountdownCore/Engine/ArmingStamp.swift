import Synchronization

/// The generation of the arming last handed to the engine's timer (``TimerArming/timerGeneration``),
/// stored just before the timer is armed with it, and loaded by a wakeup's handler before it reads
/// the clock. A fire whose handler began before a newer arming reached the timer (its thread was
/// held up while another one suspended, resumed and re-armed) so carries the older generation, and
/// is taken for what it is: a wakeup at its reading, never an early fire of the new arming, which
/// would stand for a grid instant still to come. A fire carries nothing else that could tell.
///
/// One store per arming and one load per wakeup; nothing per callback. The store comes before the
/// arming, never after it: a fire of the new arming then never reads the old generation (it would
/// be taken for a stale one, and the arming it consumed would be waited for in vain). A fire of the
/// old arming whose handler begins between the store and the arming reads the new one: it is taken
/// for the new arming's, as every fire was before there was a stamp.
final class ArmingStamp: Sendable {
  #if canImport(Darwin)
    // Apple systems before the Synchronization module's atomics (macOS 15, iOS 18) have none: a
    // lock, uncontended, once per wakeup and once per arming.
    private let generation = LockedState<UInt64>(0)

    func store(_ newGeneration: UInt64) {
      generation.withLock { $0 = newGeneration }
    }

    var value: UInt64 {
      generation.withLock { $0 }
    }
  #else
    private let generation = Atomic<UInt64>(0)

    func store(_ newGeneration: UInt64) {
      generation.store(newGeneration, ordering: .sequentiallyConsistent)
    }

    var value: UInt64 {
      generation.load(ordering: .sequentiallyConsistent)
    }
  #endif
}
