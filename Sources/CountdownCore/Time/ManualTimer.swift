import Dispatch

/// A timer of ``ManualCountdownClock``; its deadline lives in the clock's locked state.
final class ManualTimer: CountdownTimer, Sendable {
  let id: Int
  let clock: ManualCountdownClock
  /// Where it fires when armed for the past while no advance runs.
  let queue: DispatchQueue
  let handler: @Sendable (CountdownTimerEvent) -> Void

  init(
    id: Int, clock: ManualCountdownClock, queue: DispatchQueue,
    handler: @escaping @Sendable (CountdownTimerEvent) -> Void
  ) {
    self.id = id
    self.clock = clock
    self.queue = queue
    self.handler = handler
  }

  /// Fires on `queue`, unless by then it was cancelled, re-armed or fired by an advance.
  func fireOnQueue(ifStillArmedAs sequence: UInt64) {
    queue.async { [self] in
      if clock.disarm(id, ifArmedAs: sequence) { handler(.fired) }
    }
  }

  func schedule(at deadline: CountdownInstant?, leeway: Duration) {
    clock.schedule(id, at: deadline, leeway: leeway.nanosecondsSaturating)
  }
  var supportsRepeating: Bool { true }
  func schedule(at deadline: CountdownInstant, repeating interval: Duration, leeway: Duration) {
    clock.schedule(
      id, at: deadline, repeating: max(1, interval.nanosecondsSaturating), leeway: leeway.nanosecondsSaturating)
  }
  func cancel() { clock.remove(id) }
  // No deinit hook: the clock holds timers weakly and skips records whose timer is gone, and a
  // deinit that took the clock's lock could run while that lock is held.
}
