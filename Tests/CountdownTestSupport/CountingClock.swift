package import CountdownCore
package import Dispatch

/// A manual clock that counts what an engine asks of it: its readings, and every call to its
/// timer (a one-shot arm, a repeating arm, a disarm), in order. For tests of what a wakeup and a
/// start cost.
package final class CountingClock: CountdownClock, @unchecked Sendable {
  // @unchecked Sendable: `readings` and `calls` are touched only under `lock`; `base` is Sendable.
  package enum Call: Equatable {
    case once(Int64)
    case repeating(Int64, every: Int64)
    case disarm
  }

  package let base = ManualCountdownClock()
  /// Whether the engine hears of each step of the manual clock (`CountdownTimerEvent.settle`);
  /// without, it hears only its timer's fires, as from a real timer.
  package let forwardsSettle: Bool
  private let lock = DispatchQueue(label: "CountingClock")
  private var readings = 0
  private var calls: [Call] = []

  package init(forwardsSettle: Bool = true) {
    self.forwardsSettle = forwardsSettle
  }

  package var now: CountdownInstant {
    lock.sync { readings += 1 }
    return base.now
  }

  /// How many times `now` was read since the start or the last ``resetReadCount()``.
  package var readCount: Int { lock.sync { readings } }
  /// The timer's calls so far.
  package var timerCalls: [Call] { lock.sync { calls } }

  /// Counts the readings from zero again.
  package func resetReadCount() {
    lock.sync { readings = 0 }
  }

  fileprivate func record(_ call: Call) {
    lock.sync { calls.append(call) }
  }

  package func makeTimer(on queue: DispatchQueue, handler: @escaping @Sendable (CountdownTimerEvent) -> Void)
    -> any CountdownTimer
  {
    let forwardsSettle = forwardsSettle
    return Timer(
      clock: self,
      inner: base.makeTimer(on: queue) { event in
        if case .settle = event, !forwardsSettle { return }
        handler(event)
      })
  }

  package struct Timer: CountdownTimer {
    let clock: CountingClock
    let inner: any CountdownTimer

    package var supportsRepeating: Bool { true }

    package func schedule(at deadline: CountdownInstant?, leeway: Duration) {
      clock.record(deadline.map { .once($0.nanosecondsSinceOrigin) } ?? .disarm)
      inner.schedule(at: deadline, leeway: leeway)
    }

    package func schedule(at deadline: CountdownInstant, repeating interval: Duration, leeway: Duration) {
      clock.record(
        .repeating(
          deadline.nanosecondsSinceOrigin,
          every: Int64(interval.components.seconds) * 1_000_000_000 + interval.components.attoseconds / 1_000_000_000))
      inner.schedule(at: deadline, repeating: interval, leeway: leeway)
    }

    package func cancel() {
      inner.cancel()
    }
  }
}
