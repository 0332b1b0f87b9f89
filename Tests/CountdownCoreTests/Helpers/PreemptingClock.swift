import CountdownCore
import Dispatch

/// A manual clock that runs an action right after its next reading, before the reading is handed
/// back: as if the thread that read the clock were preempted before it took the engine's lock, and
/// other threads ran meanwhile.
final class PreemptingClock: CountdownClock, Sendable {
  let base: ManualCountdownClock
  private let afterNextRead = LockedState<(@Sendable () -> Void)?>(nil)

  init(now: CountdownInstant = .zero, jitter: ManualClockJitter = .none) throws {
    base = try ManualCountdownClock(now: now, jitter: jitter)
  }

  /// Runs `action` once, after the next read of `now` and before that read returns (`nil`: forget
  /// the action set, if it has not run).
  func preemptAfterNextRead(_ action: (@Sendable () -> Void)?) {
    afterNextRead.withLock { $0 = action }
  }

  var now: CountdownInstant {
    let reading = base.now
    // Taken out under the lock, run after it: the action calls into the engine.
    let action = afterNextRead.withLock { action in
      defer { action = nil }
      return action
    }
    action?()
    return reading
  }

  func makeTimer(on queue: DispatchQueue, handler: @escaping @Sendable (CountdownTimerEvent) -> Void)
    -> any CountdownTimer
  {
    base.makeTimer(on: queue, handler: handler)
  }
}
