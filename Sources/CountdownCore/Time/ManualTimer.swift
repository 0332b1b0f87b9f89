/// A timer of ``ManualCountdownClock``; its deadline lives in the clock's locked state.
final class ManualTimer: CountdownTimer, Sendable {
  let id: Int
  let clock: ManualCountdownClock
  let handler: @Sendable (CountdownTimerEvent) -> Void

  init(id: Int, clock: ManualCountdownClock, handler: @escaping @Sendable (CountdownTimerEvent) -> Void) {
    self.id = id
    self.clock = clock
    self.handler = handler
  }

  func schedule(at deadline: CountdownInstant?) { clock.schedule(id, at: deadline) }
  func cancel() { clock.remove(id) }
  // No deinit hook: the clock holds timers weakly and skips records whose timer is gone, and a
  // deinit that took the clock's lock could run while that lock is held.
}
