// What the engine answers about its registrations: reads under the lock, which change nothing.

extension CountdownEngine {

  /// Whether `receiver` has a running or paused registration.
  public func contains(_ receiver: AnyObject) -> Bool {
    state.withLock { $0.liveIndex(of: receiver) != nil }
  }

  /// The value `receiver` would be shown now: remaining whole intervals (rounded up), or elapsed
  /// ones when counting up, or below 0 past the deadline of one counting overtime; `nil` without a
  /// registration.
  public func value(for receiver: AnyObject) -> Int? {
    let now = clock.now.nanosecondsSinceOrigin
    return state.withLock { state in
      state.liveIndex(of: receiver).map { index in
        let timing = state.table[index].timing
        return Int(
          timing.value(
            at: state.suspension.instant(for: timing, at: state.clampedToLatestInstant(now)),
            interval: state.grid.interval))
      }
    }
  }

  /// The exact time left for `receiver` (elapsed, when counting up; negative past the deadline of
  /// one counting overtime); `nil` without a registration.
  /// A `Duration`, where ``value(for:)`` and a handler's value count whole intervals.
  public func timeLeft(for receiver: AnyObject) -> Duration? {
    let now = clock.now.nanosecondsSinceOrigin
    return state.withLock { state in
      state.liveIndex(of: receiver).map { index in
        let timing = state.table[index].timing
        return .nanoseconds(
          timing.nanoseconds(at: state.suspension.instant(for: timing, at: state.clampedToLatestInstant(now))))
      }
    }
  }

  /// The number of registrations (including ones whose receiver died and awaits removal).
  public var count: Int {
    state.withLock { $0.table.count }
  }

  /// What the engine has done so far.
  public var statistics: EngineStatistics {
    state.withLock { state in
      EngineStatistics(
        receivers: state.table.count, hasTimer: state.arming.hasTimer, wakeups: state.counts.wakeups,
        batches: state.counts.batches, deliveries: state.counts.deliveries)
    }
  }

  /// Whether ``suspendTicking()`` is in effect.
  public var isSuspended: Bool {
    state.withLock { $0.suspension.since != nil }
  }
}
