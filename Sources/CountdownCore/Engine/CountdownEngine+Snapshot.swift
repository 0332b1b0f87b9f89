// Registrations' statuses read out, and registrations counted again from them: what CountdownKit's
// snapshots are made of.

extension CountdownEngine {
  /// The statuses of the registrations of `receivers` at one instant, read under one acquisition
  /// of the lock.
  ///
  /// - Returns: The clock reading they were read at, and for each receiver, in order, what its
  ///   registration counts (`nil` without a running or paused one).
  /// - Complexity: O(*n*) in the number of receivers.
  package func statuses(of receivers: [AnyObject]) -> (now: CountdownInstant, statuses: [RegistrationStatus?]) {
    let now = clock.now.nanosecondsSinceOrigin
    let statuses = state.withLock { state in
      receivers.map { receiver -> RegistrationStatus? in
        guard let index = state.liveIndex(of: receiver) else { return nil }
        let timing = state.table[index].timing
        return RegistrationStatus(
          kind: timing.kind, policy: timing.policy, skipsChanges: timing.skipsChanges,
          countsOvertime: timing.countsOvertime,
          milestones: timing.deliversMilestones ? state.slots.milestones(of: state.table[index].slot)?.values : nil,
          walksSegments: timing.walksSegments,
          segmentSpan: timing.walksSegments ? state.slots.walk(of: state.table[index].slot)?.span : nil,
          isPaused: timing.isPaused,
          isFrozen: timing.isPaused || (timing.policy == .pauses && state.suspension.since != nil),
          nanoseconds: timing.signedNanoseconds(
            at: state.suspension.instant(for: timing, at: state.clampedToLatestInstant(now))))
      }
    }
    return (CountdownInstant(nanosecondsSinceOrigin: now), statuses)
  }

  /// Starts (or replaces) a count-up of `receiver` that started at `start`, an instant of this
  /// engine's clock (one before now, so the first value is the time already elapsed; a later one
  /// counts from now): a listener carried over from another process.
  ///
  /// With `pausedAt` (an instant read earlier, at which the caller worked out `start`), it is
  /// registered and paused at that instant under one lock: frozen at exactly the time elapsed then.
  /// - Complexity: O(1) amortized.
  package func carryOver(
    _ receiver: AnyObject, countingUpFrom start: CountdownInstant,
    whileSuspended policy: SuspensionPolicy = .keepsRunning, pausedAt: CountdownInstant? = nil,
    handler: @escaping CountdownHandler
  ) {
    let paused = pausedAt != nil
    let reading = pausedAt?.nanosecondsSinceOrigin ?? clock.now.nanosecondsSinceOrigin
    let registration = state.withLock { state in
      let registration = state.acceptCarriedOver(
        receiver, handler, countingUpFrom: start.nanosecondsSinceOrigin, policy: policy, reading: reading)
      return paused ? Self.pausing(receiver, in: &state, at: reading, after: registration) : registration
    }
    let (actions, owesPromptDelivery) = (registration.actions, registration.owesPromptDelivery)
    _ = consume registration  // the handler it replaced, if any, is released here, outside the lock
    deliverHere(actions, owesPromptDelivery: owesPromptDelivery, reading: reading)
  }
}
