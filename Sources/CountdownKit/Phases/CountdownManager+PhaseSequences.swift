import CountdownCore

// Running a plan under an id, with one engine registration: package API while the public form
// (the receiver's too, and the manager's pause, resume and time added reaching the cursor) is
// built.

extension CountdownManager {
  /// Starts (or replaces) the countdown in phases of `id`, walking `plan` from its first phase.
  ///
  /// - Throws: Nothing a checked plan can cause today; typed for the options to come.
  package func startPhases<ID: Hashable & Sendable>(
    id: ID, plan: CountdownPlan, delivering deliveries: CountdownDeliveries = .everyChange,
    _ update: @escaping @MainActor (_ id: ID, _ update: PhaseSequenceUpdate, _ stop: inout Bool) -> Void
  ) throws(CountdownError) {
    let now = clockNow
    let sequence = PhaseSequence(plan: plan, deliveries: deliveries, startingAt: now)
    let cursor = sequence.state.withLock { $0.cursor }
    let interval = engine.interval
    let engine = engine
    let handle: @MainActor (ID, Int, inout Bool) -> Void = { [weak sequence] id, value, stop in
      guard let sequence else { return }
      Self.phaseSequence(sequence, of: id, delivered: value, on: engine, interval: interval, &stop, update)
    }
    try claimID(id, endsAtZero: false, length: nil, attachment: sequence, handle) {
      token, handler throws(CountdownError) in
      sequence.state.withLock { state in
        state.token = token
        state.handler = handler
      }
      let (target, _) = sequence.target(of: cursor)
      try engine.register(token, target, delivering: deliveries, handler: handler)
    }
  }

  /// Skips the current phase of `id`'s countdown in phases: no end is delivered for it, and the
  /// next phase starts now at its full length (running or paused as this one was).
  ///
  /// - Returns: Whether `id` has a countdown in phases.
  @discardableResult
  package func skipPhase<ID: Hashable & Sendable>(id: ID) -> Bool {
    changePhase(id: id) { cursor, now, plan in cursor.skip(at: now, in: plan) }
  }

  /// Starts the current phase of `id`'s countdown in phases again, at its full length.
  @discardableResult
  package func restartPhase<ID: Hashable & Sendable>(id: ID) -> Bool {
    changePhase(id: id) { cursor, now, plan in cursor.restart(at: now, in: plan) }
  }

  /// Goes back to the phase before the current one of `id`'s countdown in phases, at its full
  /// length.
  @discardableResult
  package func goBackAPhase<ID: Hashable & Sendable>(id: ID) -> Bool {
    changePhase(id: id) { cursor, now, plan in cursor.goBack(at: now, in: plan) }
  }

  /// Where `id`'s countdown in phases is now; `nil` without one.
  package func phasePosition<ID: Hashable & Sendable>(id: ID) -> PlanPosition? {
    guard let sequence = phaseSequence(of: id) else { return nil }
    let now = clockNow
    return sequence.state.withLock { $0.cursor.position(at: now, in: sequence.plan.layout) }
  }

  private func phaseSequence<ID: Hashable & Sendable>(of id: ID) -> PhaseSequence? {
    state.withLock { $0.ids[IDKey(id)]?.attachment } as? PhaseSequence
  }

  /// Changes the cursor of `id`'s sequence with `change` and hands its phase to the engine.
  private func changePhase<ID: Hashable & Sendable>(
    id: ID, _ change: (inout PhaseCursor, Int64, PlanLayout) -> Void
  ) -> Bool {
    guard let sequence = phaseSequence(of: id) else { return false }
    let now = clockNow
    let cursor = sequence.state.withLock { state in
      change(&state.cursor, now, sequence.plan.layout)
      return state.cursor
    }
    if cursor.isEnded(in: sequence.plan.layout) {
      cancel(id: id)
    } else {
      sequence.register(on: engine, cursor)
    }
    tellIDObservers([IDKey(id)])
    return true
  }

  /// The handler's part: a value of the current phase is handed on; its `0` is the phase's end,
  /// which moves the cursor on (every end passed reported, bounded) and registers the next phase
  /// before the app is called.
  @MainActor
  private static func phaseSequence<ID: Hashable & Sendable>(
    _ sequence: PhaseSequence, of id: ID, delivered value: Int, on engine: CountdownEngine, interval: Duration,
    _ stop: inout Bool, _ update: @MainActor (ID, PhaseSequenceUpdate, inout Bool) -> Void
  ) {
    let now = engine.clock.now.nanosecondsSinceOrigin
    let layout = sequence.plan.layout
    let (cursor, ends) = sequence.state.withLock { state -> (PhaseCursor, PassedPhaseEnds) in
      guard value == 0 else { return (state.cursor, .none) }
      // The engine says the phase ended: at its deadline, or later.
      var walked = now
      if case .running(let deadline) = state.cursor.timing { walked = max(now, deadline) }
      let ends = state.cursor.advanced(to: walked, in: layout)
      return (state.cursor, ends)
    }
    let ended = cursor.isEnded(in: layout)
    if value == 0, !ended {
      sequence.register(on: engine, cursor)
    }
    let position = cursor.position(at: now, in: layout)
    let intervalNanoseconds = max(1, (try? interval.countdownNanoseconds()) ?? 1)
    let remaining = position.map { Int(($0.timeLeftInPhase + intervalNanoseconds - 1) / intervalNanoseconds) } ?? 0
    update(id, PhaseSequenceUpdate(position: position, remaining: remaining, ends: ends, now: now), &stop)
    if ended {
      stop = true
    } else if stop {
      // The registration this call belongs to was replaced by the next phase's: end that one.
      if let token = sequence.state.withLock({ $0.token }) { engine.cancel(token) }
    }
  }
}
