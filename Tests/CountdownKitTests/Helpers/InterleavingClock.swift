import CountdownKit
import Dispatch

/// A manual clock that runs an action the next time its time is read: the engine reads it first
/// thing in a registration, so a test can put a call from "another thread" exactly between the
/// manager claiming an id and the engine registering it.
final class InterleavingClock: CountdownClock, Sendable {
  let base = ManualCountdownClock()
  private let nextRead = LockedState<(@Sendable () -> Void)?>(nil)

  /// Runs `action` at the next read of `now`, once.
  func beforeNextRead(_ action: @escaping @Sendable () -> Void) {
    nextRead.withLock { $0 = action }
  }

  var now: CountdownInstant {
    // Taken out under the lock, run after it: the action calls into the manager.
    let action = nextRead.withLock { action in
      defer { action = nil }
      return action
    }
    action?()
    return base.now
  }

  func makeTimer(on queue: DispatchQueue, handler: @escaping @Sendable (CountdownTimerEvent) -> Void)
    -> any CountdownTimer
  {
    base.makeTimer(on: queue, handler: handler)
  }
}
