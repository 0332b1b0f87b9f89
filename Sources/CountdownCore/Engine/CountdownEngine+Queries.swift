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

  /// How late the end of `receiver`'s countdown came, read in its handler's call with its final 0:
  /// how long before the instant that call stands for the countdown's deadline passed.
  ///
  /// ```swift
  /// try engine.register(session, .duration(.seconds(30))) { [weak session] remaining, stop in
  ///   guard let session, remaining == 0 else { return stop = session == nil }
  ///   session.expire()
  ///   if let late = engine.endedAgo(session) {
  ///     print("expired \(late) late: the device slept, or the app was suspended")
  ///   }
  /// }
  /// ```
  ///
  /// A final 0 comes late whatever held it: a suspension (``resumeTicking()`` delivers it), a
  /// stalled delivery queue, a device that slept or a wakeup that came late, a registration at a
  /// deadline already past (a countdown restored after the app was not running). From the moment
  /// that 0 is prepared until its call returns, this says how late; otherwise `nil`: a 0 that came
  /// within ``endTolerance`` of its deadline (on time), a countdown that has not ended, one counting
  /// overtime, a receiver without a registration. The engine knows both instants already (the
  /// deadline, and the latest instant it acted on: the one the 0's batch stands for), so nothing is
  /// paid for this at any callback.
  /// - Complexity: O(1) amortized.
  public func endedAgo(_ receiver: AnyObject) -> Duration? {
    state.withLock { state in
      state.lateness(ofTheEndOf: receiver).map(Duration.nanoseconds)
    }
  }

  /// The instant on the engine's clock at which `receiver`'s countdown ends, as it stands now: its
  /// deadline, moved, for one that pauses while the engine is suspended
  /// (``SuspensionPolicy/pauses``), by the time every suspension so far took (one in course as if
  /// it ended now). Read in its handler's call with its final `0`, it says when that end was due.
  ///
  /// `nil` without a running countdown: none, a paused one, a count-up.
  /// - Complexity: O(1) amortized.
  package func endInstant(of receiver: AnyObject) -> Int64? {
    let now = clock.now.nanosecondsSinceOrigin
    return state.withLock { state in
      guard let index = state.table.index(of: ObjectIdentifier(receiver)), state.isRegistration(at: index, of: receiver)
      else { return nil }
      let timing = state.table[index].timing
      guard timing.kind == .countdown, !timing.isPaused else { return nil }
      // Clock time less the time the registration counts on: the suspensions it did not count.
      let now = state.clampedToLatestInstant(now)
      let suspended = now.subtractingSaturated(state.suspension.instant(for: timing, at: now))
      return timing.deadlineOrStart.addingSaturated(suspended)
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
