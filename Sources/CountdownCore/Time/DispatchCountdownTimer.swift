import Dispatch

/// The real timer behind ``ContinuousCountdownClock``: one `DispatchSourceTimer`, re-armed as a
/// one-shot for each wakeup the engine asks for, so an idle or suspended engine costs no wakeups.
final class DispatchCountdownTimer: CountdownTimer, @unchecked Sendable {
  // @unchecked Sendable: the only state is the dispatch source, whose `schedule` and `cancel`
  // are thread-safe by Dispatch's contract, and an immutable clock.
  private let source: any DispatchSourceTimer
  private let clock: ContinuousCountdownClock

  /// How late Dispatch may fire to coalesce wakeups with other work. Kept small: countdown values
  /// are promised within the engine's tolerance.
  private static let leeway = DispatchTimeInterval.milliseconds(1)

  init(
    clock: ContinuousCountdownClock,
    queue: DispatchQueue,
    handler: @escaping @Sendable (CountdownTimerEvent) -> Void
  ) {
    self.clock = clock
    source = DispatchSource.makeTimerSource(queue: queue)
    source.setEventHandler { handler(.fired) }
    source.schedule(deadline: .distantFuture, leeway: Self.leeway)
    source.activate()
  }

  func schedule(at deadline: CountdownInstant?) {
    guard let deadline else {
      source.schedule(deadline: .distantFuture, leeway: Self.leeway)
      return
    }
    // Dispatch's own clock may stop during sleep; converting through a delay from "now" keeps the
    // deadline on the continuous clock, and a late fire is corrected by the engine.
    let delay = max(0, deadline.nanosecondsSinceOrigin - clock.now.nanosecondsSinceOrigin)
    let clamped = Int(min(delay, Int64(Int32.max) * 1_000_000_000))
    source.schedule(deadline: .now() + .nanoseconds(clamped), leeway: Self.leeway)
  }

  func cancel() {
    source.cancel()
  }

  deinit {
    source.cancel()
  }
}
