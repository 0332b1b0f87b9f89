// Reading registrations out and counting them again: what CountdownKit's snapshots are made of.
// Kept apart from the engine's transitions: it only reads the table, and registers through
// `EngineState.register` as `register(_:_:pausedAt:handler:)` does.

extension CountdownEngine {
  /// Reads the registrations of `receivers` at one instant, under one acquisition of the lock.
  ///
  /// - Returns: The clock instant of the reading, and for each receiver, in order, what its
  ///   registration counts (`nil` without a running or paused one).
  /// - Complexity: O(*n*) in the number of receivers.
  package func readings(of receivers: [AnyObject]) -> (now: CountdownInstant, readings: [RegistrationReading?]) {
    let now = clock.now.nanosecondsSinceOrigin
    let readings = state.withLock { state in
      receivers.map { receiver -> RegistrationReading? in
        guard let index = state.liveIndex(of: receiver) else { return nil }
        let timing = state.table[index].timing
        return RegistrationReading(
          kind: timing.kind, policy: timing.policy, deliversOnlyTheEnd: timing.deliversOnlyTheEnd,
          countsOvertime: timing.countsOvertime,
          milestones: timing.deliversMilestones ? state.slots.milestones(of: state.table[index].slot)?.values : nil,
          isPaused: timing.isPaused, isFrozen: timing.isPaused || (timing.policy == .pauses && state.suspendedSince != nil),
          nanoseconds: timing.signedNanoseconds(at: state.instant(for: timing, at: state.reading(now))))
      }
    }
    return (CountdownInstant(nanosecondsSinceOrigin: now), readings)
  }

  /// Starts (or replaces) a count-up of `receiver` that started at `start`, an instant of this
  /// engine's clock (one before now, so the first value is the time already elapsed; a later one
  /// counts from now): a listener carried over from another process.
  ///
  /// For ``SuspensionPolicy/pauses``, `start` is read on the clock, as for any new registration:
  /// only suspension after now is left out. With `pausedAt` (an instant read earlier, at which the
  /// caller worked out `start`), it is registered and paused at that instant, under one
  /// acquisition of the lock: frozen at exactly the time elapsed then.
  /// - Complexity: O(1) amortized.
  package func register(
    _ receiver: AnyObject, countingUpFrom start: CountdownInstant,
    whileSuspended policy: SuspensionPolicy = .keepsRunning, pausedAt: CountdownInstant? = nil,
    handler: @escaping CountdownHandler
  ) {
    let paused = pausedAt != nil
    let reading = pausedAt?.nanosecondsSinceOrigin ?? clock.now.nanosecondsSinceOrigin
    let registration = state.withLock { state in
      let registration = state.register(
        receiver, handler, countingUpFrom: start.nanosecondsSinceOrigin, policy: policy, reading: reading)
      return paused ? Self.pausing(receiver, in: &state, at: reading, after: registration) : registration
    }
    let actions = registration.actions
    _ = consume registration  // the handler it replaced, if any, is released here, outside the lock
    perform(actions)
  }
}

/// What one registration is counting, read at one instant: enough to write it down, to hand its
/// dates to the system, and to count it again in another process (CountdownKit's snapshots).
/// Every field comes from one reading under the engine's lock, so they all describe the same
/// registration, even while another thread replaces it.
package struct RegistrationReading: Hashable, Sendable {
  /// Down to an end, or up from a start.
  package var kind: CountdownTiming.Kind
  /// Whether time spent suspended counts.
  package var policy: SuspensionPolicy
  /// Whether it delivers only its final `0`.
  package var deliversOnlyTheEnd: Bool
  /// Whether it counts on past its deadline (``CountdownEnding/countsOvertime``).
  package var countsOvertime: Bool = false
  /// The milestones it is delivered at (``CountdownDeliveries/milestones(_:)``), if any.
  package var milestones: Set<Int>? = nil
  /// Whether it is frozen by a pause.
  package var isPaused: Bool
  /// Whether its time stands still at the reading: paused, or counting on running time
  /// (``SuspensionPolicy/pauses``) while the engine is suspended.
  package var isFrozen: Bool
  /// The remaining (countdown) or elapsed (counting up) nanoseconds at the reading's instant, on
  /// the time the registration counts on (the engine's running time for ``SuspensionPolicy/pauses``).
  /// Signed for a running countdown: negative when its deadline passed that long ago and its `0`
  /// is not delivered yet, or it counts overtime (then, paused too).
  package var nanoseconds: Int64
}
