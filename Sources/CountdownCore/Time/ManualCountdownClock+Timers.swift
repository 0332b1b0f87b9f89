// The clock's side of its timers: what a ``ManualTimer`` asks of the clock that made it (arm,
// disarm after a fire, forget), under the clock's lock.

extension ManualCountdownClock {
  /// Arms (or, with `nil`, disarms) the timer `id`, to repeat every `period` nanoseconds if given,
  /// with a leeway of `leeway` nanoseconds; for ``ManualTimer``. The arming is recorded when
  /// ``startRecordingArms()`` asked for it; each fire comes at the end of the leeway when
  /// ``firesAtTheEndOfTheLeeway`` is set, else at its deadline (before the jitter, if any).
  ///
  /// Armed for the past while no advance runs, it also fires on its queue at once; the next advance
  /// fires it instead if it comes first (the test advances on that very queue), never both.
  func schedule(_ id: Int, at deadline: CountdownInstant?, repeating period: Int64? = nil, leeway: Int64) {
    let overdue = state.withLock { state -> (ManualTimer, UInt64)? in
      state.timers[id]?.period = deadline == nil ? nil : period
      guard let timer = state.timers[id]?.timer else { return nil }
      state.armings?.append(
        Arming(
          timer: id, deadline: deadline, period: period.map(Duration.nanoseconds),
          leeway: .nanoseconds(max(0, leeway))))
      guard var deadline = deadline?.nanosecondsSinceOrigin else {
        state.timers[id]?.armed = nil
        return nil
      }
      if state.firesAtTheEndOfTheLeeway {
        // A repeating timer's later deadlines follow on its grid: each at the end of its leeway too.
        deadline = deadline.addingSaturated(max(0, leeway))
      }
      let sequence = state.nextSequence
      state.nextSequence += 1
      state.timers[id]?.armed = (deadline, sequence)
      return state.advancing == 0 && deadline <= state.now ? (timer, sequence) : nil
    }
    if let (timer, sequence) = overdue {
      timer.fireOnQueue(ifStillArmedAs: sequence)
    }
  }

  /// Disarms the timer `id` (or moves a repeating one on to its next deadline) if it is still armed
  /// as its `sequence`th arming; for ``ManualTimer``.
  func disarm(_ id: Int, ifArmedAs sequence: UInt64) -> Bool {
    state.withLock { state in
      guard state.timers[id]?.timer != nil, state.timers[id]?.armed?.sequence == sequence else { return false }
      state.timers[id]?.noteFired(at: state.now)
      return true
    }
  }

  /// Forgets the timer `id` for good; for ``ManualTimer``.
  func remove(_ id: Int) {
    _ = state.withLock { $0.timers.removeValue(forKey: id) }
  }
}
