import CountdownCore
import Dispatch

/// A clock and timer that call back into the engine from every entry point — reading the time,
/// making, arming (once or repeating) and cancelling the timer — and whose timer fires at once,
/// synchronously, when armed for an instant that has passed (as the timer protocol allows). An engine that called any
/// of them under its lock would deadlock.
final class ReentrantClock: CountdownClock, @unchecked Sendable {
  // @unchecked Sendable: `engine` is set once, before any registration, and only read afterwards;
  // `base` is itself Sendable.
  let base = ManualCountdownClock()
  weak var engine: CountdownEngine?

  var now: CountdownInstant {
    _ = engine?.count
    return base.now
  }

  func makeTimer(on queue: DispatchQueue, handler: @escaping @Sendable (CountdownTimerEvent) -> Void)
    -> any CountdownTimer
  {
    _ = engine?.count
    return Timer(clock: self, inner: base.makeTimer(on: queue, handler: handler), handler: handler)
  }

  struct Timer: CountdownTimer {
    let clock: ReentrantClock
    let inner: any CountdownTimer
    let handler: @Sendable (CountdownTimerEvent) -> Void

    func schedule(at deadline: CountdownInstant?, leeway: Duration) {
      _ = clock.engine?.statistics
      if let deadline, deadline <= clock.base.now {
        handler(.fired)
      } else {
        inner.schedule(at: deadline, leeway: leeway)
      }
    }

    var supportsRepeating: Bool { true }

    func schedule(at deadline: CountdownInstant, repeating interval: Duration, leeway: Duration) {
      _ = clock.engine?.statistics
      guard deadline <= clock.base.now else { return inner.schedule(at: deadline, repeating: interval, leeway: leeway) }
      handler(.fired)
      // The rest of the schedule, on its grid.
      let next = deadline.nanosecondsSinceOrigin.addingReportingOverflow(interval.nanosecondsSaturating)
      if !next.overflow {
        inner.schedule(
          at: CountdownInstant(nanosecondsSinceOrigin: next.partialValue), repeating: interval, leeway: leeway)
      }
    }

    func cancel() {
      _ = clock.engine?.count
      inner.cancel()
    }
  }
}
