import CountdownKit
import Dispatch

/// A manual clock that counts how often its time is read: what a start costs in clock readings.
final class CountingClock: CountdownClock, Sendable {
  let base = ManualCountdownClock()
  private let readings = LockedState(0)

  /// How often `now` was read since the last ``resetReadings()``.
  var readingCount: Int { readings.withLock { $0 } }

  func resetReadings() {
    readings.withLock { $0 = 0 }
  }

  var now: CountdownInstant {
    readings.withLock { $0 += 1 }
    return base.now
  }

  func makeTimer(on queue: DispatchQueue, handler: @escaping @Sendable (CountdownTimerEvent) -> Void)
    -> any CountdownTimer
  {
    base.makeTimer(on: queue, handler: handler)
  }
}
