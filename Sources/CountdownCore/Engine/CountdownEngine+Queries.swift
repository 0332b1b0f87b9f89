// What the engine answers about its registrations: reads under the lock, which change nothing.

extension CountdownEngine {

  /// Whether `receiver` has a running or paused registration: `false` once its final `0` is
  /// prepared in the batch being delivered (asked from another handler of that batch), though
  /// that `0` is still to come.
  public func contains(_ receiver: AnyObject) -> Bool {
    state.withLock { $0.liveIndex(of: receiver) != nil }
  }

  /// The value `receiver` would be shown now: remaining whole intervals (rounded up), or elapsed
  /// ones when counting up, or below 0 past the deadline of one counting overtime; for a walk of a
  /// plan's segments, those left in the segment it is in now (ends due passed, told or not yet);
  /// `nil` without a registration.
  public func value(for receiver: AnyObject) -> Int? {
    let now = clock.now.nanosecondsSinceOrigin
    return state.withLock { state in
      state.liveIndex(of: receiver).map { index in
        let now = state.clampedToLatestInstant(now)
        let timing = state.timingPassingSegmentEnds(at: index, now: now)
        return Int(
          timing.value(
            at: state.suspension.instant(for: timing, at: now), interval: state.grid.interval))
      }
    }
  }

  /// The exact time left for `receiver` (elapsed, when counting up; negative past the deadline of
  /// one counting overtime; for a walk, in the segment it is in now, as ``value(for:)``); `nil`
  /// without a registration.
  /// A `Duration`, where ``value(for:)`` and a handler's value count whole intervals.
  public func timeLeft(for receiver: AnyObject) -> Duration? {
    let now = clock.now.nanosecondsSinceOrigin
    return state.withLock { state in
      state.liveIndex(of: receiver).map { index in
        let now = state.clampedToLatestInstant(now)
        let timing = state.timingPassingSegmentEnds(at: index, now: now)
        return .nanoseconds(timing.nanoseconds(at: state.suspension.instant(for: timing, at: now)))
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
  /// deadline already past (a countdown restored after the app was not running). In that 0's own
  /// call, this says how late, measured to the instant its batch stands for: the clock's reading
  /// the batch was prepared at, the same for every callback of the batch, whatever the calls
  /// before it in the batch did or took. Otherwise `nil`: a 0 that came within ``endTolerance`` of
  /// its deadline (on time), any other call (a callback of the same batch before or after that 0's
  /// included) or no call, a countdown that has not ended, one counting overtime, a receiver
  /// without a registration. Nothing is paid for this at any callback but a final 0's.
  /// - Complexity: O(1) amortized.
  public func endedAgo(_ receiver: AnyObject) -> Duration? {
    endedAgo(receiver, endedAt: nil)
  }

  /// Now on the engine's clock, in nanoseconds since its origin. Read here, not as `clock.now`
  /// from another module, which copied the clock's existential (a retain and a release) at each
  /// read.
  package var nanosecondsNow: Int64 { clock.now.nanosecondsSinceOrigin }

  /// ``endedAgo(_:)``, measured from `endedAt`, a clock instant at which the caller knows the
  /// countdown ended (one that ran out while no process ran, restored with nothing left, or while
  /// the engine was suspended), instead of its deadline; `nil` as that says, and within
  /// ``endTolerance`` of `endedAt`.
  package func endedAgo(_ receiver: AnyObject, endedAt: Int64?) -> Duration? {
    // The mark is the delivery queue's: asked anywhere else, no 0's call is this caller's.
    guard isOnDeliveryQueue, let end = callReadings.endBeingCalled else { return nil }
    return state.withLock { state in
      state.lateness(ofTheEndIn: end.slot, of: receiver, at: end.reading, endedAt: endedAt)
    }.map(Duration.nanoseconds)
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
