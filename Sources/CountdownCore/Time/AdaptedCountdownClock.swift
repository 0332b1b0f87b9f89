public import Dispatch

/// Any Swift `Clock` measured in `Duration` as the clock of an engine: a test clock from another
/// library (swift-clocks' `TestClock`, say), so that one test drives the countdowns and the rest
/// of the app's time together.
///
/// ```swift
/// let testClock = TestClock()  // any Clock<Duration>
/// let manager = try CountdownManager(clock: .adapting(testClock))
/// ```
///
/// Instants are counted from the base clock's `now` when the adapter is made. Each wakeup is a
/// task that sleeps on the base clock until the engine's next deadline (with the engine's leeway
/// as the sleep's tolerance) and then hands the engine its wakeup on the engine's queue;
/// re-arming cancels the previous sleep. The engine's values
/// stay exact whatever the base clock does (a late wakeup corrects itself), but its callbacks
/// come on its delivery queue after the sleeping task is resumed, not inside the call that moved
/// the base clock: for callbacks within that very call, use ``ManualCountdownClock`` (itself a
/// `Clock`).
public struct AdaptedCountdownClock<Base: Clock>: CountdownClock where Base.Duration == Duration {
  /// The clock time is read from and slept on.
  public let base: Base
  /// The base clock's instant that this clock calls zero.
  public let origin: Base.Instant

  /// An engine clock reading `base`, from its `now` on.
  public init(_ base: Base) {
    self.base = base
    origin = base.now
  }

  /// The time since ``origin`` on the base clock.
  public var now: CountdownInstant {
    CountdownInstant(nanosecondsSinceOrigin: origin.duration(to: base.now).nanosecondsSaturating)
  }

  /// Makes a timer whose wakeups are sleeps on the base clock, reported on `queue`.
  public func makeTimer(
    on queue: DispatchQueue, handler: @escaping @Sendable (CountdownTimerEvent) -> Void
  ) -> any CountdownTimer {
    AdaptedClockTimer(clock: self, queue: queue, handler: handler)
  }

  /// Sleeps on the base clock until the instant this clock calls `deadline`, allowing the base
  /// clock to wake up to `tolerance` after it.
  func sleep(until deadline: CountdownInstant, tolerance: Duration) async throws {
    try await base.sleep(
      until: origin.advanced(by: .nanoseconds(deadline.nanosecondsSinceOrigin)), tolerance: tolerance)
  }
}

extension CountdownClock {
  /// An engine clock reading and sleeping on `clock`: see ``AdaptedCountdownClock``.
  public static func adapting<Base: Clock>(_ clock: Base) -> Self
  where Self == AdaptedCountdownClock<Base>, Base.Duration == Duration {
    AdaptedCountdownClock(clock)
  }
}

/// The timer of an ``AdaptedCountdownClock``: one sleeping task per armed deadline.
final class AdaptedClockTimer<Base: Clock>: CountdownTimer, Sendable where Base.Duration == Duration {
  private let clock: AdaptedCountdownClock<Base>
  private let queue: DispatchQueue
  private let handler: @Sendable (CountdownTimerEvent) -> Void
  /// The sleeping task and the arming it serves (a task woken after a re-arm must not fire).
  private let state = LockedState<(task: Task<Void, Never>?, arming: UInt64, cancelled: Bool)>((nil, 0, false))

  init(
    clock: AdaptedCountdownClock<Base>, queue: DispatchQueue, handler: @escaping @Sendable (CountdownTimerEvent) -> Void
  ) {
    self.clock = clock
    self.queue = queue
    self.handler = handler
  }

  /// Sleeps on the base clock until `deadline`, with `leeway` as the sleep's tolerance.
  func schedule(at deadline: CountdownInstant?, leeway: Duration) {
    let previous = state.withLock { state -> Task<Void, Never>? in
      let previous = state.task
      state.task = nil
      state.arming += 1
      guard let deadline, !state.cancelled else { return previous }
      let arming = state.arming
      state.task = Task { [clock, weak self] in
        guard (try? await clock.sleep(until: deadline, tolerance: leeway)) != nil else { return }
        self?.fire(ifArmedAs: arming)
      }
      return previous
    }
    previous?.cancel()
  }

  func cancel() {
    let task = state.withLock { state in
      state.cancelled = true
      state.arming += 1
      defer { state.task = nil }
      return state.task
    }
    task?.cancel()
  }

  private func fire(ifArmedAs arming: UInt64) {
    queue.async { [weak self] in
      guard let self, self.state.withLock({ $0.arming == arming && !$0.cancelled }) else { return }
      self.handler(.fired)
    }
  }

  deinit {
    state.withLock { $0.task }?.cancel()
  }
}
