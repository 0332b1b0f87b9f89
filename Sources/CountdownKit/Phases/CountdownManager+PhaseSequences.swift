public import CountdownCore
import Foundation

extension CountdownManager {
  /// Starts (or replaces) a countdown in phases for an id: one countdown that walks `plan`, phase
  /// after phase, from its first phase now.
  ///
  /// ```swift
  /// let pomodoro = try CountdownPlan(blocks: [
  ///   CountdownPlan.Block(
  ///     [CountdownPhase("Focus", .seconds(25 * 60)), CountdownPhase("Break", .seconds(5 * 60))], repeated: .forever,
  ///     longBreak: CountdownPhase("Long break", .seconds(15 * 60), pausesAfter: true), every: 4)
  /// ])
  /// try manager.start(id: "focus", plan: pomodoro) { _, update, _ in
  ///   for end in update.phaseEnds { chime(for: end.phase) }
  ///   if let position = update.position { show(position.phase.name, update.remaining) }
  /// }
  /// ```
  ///
  /// One engine registration runs the whole plan: it counts down the current phase, and at the
  /// phase's end moves on to the next in O(1), so a sequence is one countdown to the engine, however
  /// many phases its plan has.
  /// `update` runs on the main actor as a single countdown's handler does (the first call inside
  /// this one on the main thread), with a ``CountdownPhaseUpdate``: the position, each phase end
  /// once, in the plan's order, with its lateness, and the plan's end, after which the id is free.
  /// After an absence the ends passed come in one call, bounded: a cycle's worth one by one, the
  /// older ones summed up (``CountdownPhaseUpdate/earlierPhaseEnds``).
  ///
  /// The id's operations act on the sequence: ``pause(id:)`` and ``resume(id:)`` freeze and
  /// continue the current phase, ``addTime(_:id:)`` moves its end (and every later one), and
  /// ``cancel(id:)`` ends it with no further call; ``skipPhase(id:)``, ``restartPhase(id:)`` and
  /// ``goToPreviousPhase(id:)`` move it through the plan; ``phasePosition(id:)`` reads it.
  /// ``timeLeft(id:)``, ``isPaused(id:)`` and ``timerDates(id:)`` speak of the current phase.
  /// Starting the id again, with a plan or a duration, replaces it. A snapshot
  /// (``snapshot(of:)-(ID.Type)``, and so what `keepSaved` saves) holds it with its plan and
  /// phase; ``restore(_:_:phases:)`` brings it back where its plan is after any gap.
  ///
  /// - Parameters:
  ///   - id: The id, told apart by type and value as for ``start(id:for:whileSuspended:delivering:pastTheEnd:_:)``.
  ///   - plan: The phases to walk.
  ///   - policy: What the plan does while the manager is suspended:
  ///     ``CountdownCore/SuspensionPolicy/keepsRunning`` (the default) walks on, and the ends passed
  ///     are delivered at the resume, late; ``CountdownCore/SuspensionPolicy/pauses`` freezes it as
  ///     a single countdown freezes: after the resume the phase has the time it had left, no end
  ///     comes for the time away, and every later end moves by as long.
  ///   - deliveries: Which values of each phase are delivered, as for a single countdown; a
  ///     phase's end is always delivered.
  ///   - update: Called with the id, the update, and a flag that ends the sequence when set.
  /// - Throws: ``CountdownCore/CountdownError/invalidMilestone`` for a milestone below zero, and
  ///   ``CountdownCore/CountdownError/outOfRange`` for a first phase whose end lies beyond the
  ///   manager's clock (the plan itself was checked when it was made); an existing countdown of
  ///   `id` is then left untouched.
  /// - Complexity: O(1) amortized.
  public func start<ID: Hashable & Sendable>(
    id: ID,
    plan: CountdownPlan,
    whileSuspended policy: SuspensionPolicy = .keepsRunning,
    delivering deliveries: CountdownDeliveries = .everyChange,
    _ update: @escaping @MainActor (_ id: ID, _ update: CountdownPhaseUpdate, _ stop: inout Bool) -> Void
  ) throws(CountdownError) {
    // The update is made from the call in place, and works out the position and the dates only
    // when the app asks for them.
    try startSequence(id: id, plan: plan, whileSuspended: policy, delivering: deliveries, update)
  }

  /// Starts (or replaces) the countdown in phases of `id`, walking `plan` from its first phase,
  /// with the update as the cursor says it, on the manager's clock: what
  /// ``start(id:plan:whileSuspended:delivering:_:)`` runs, with the position worked out at each call.
  package func startPhases<ID: Hashable & Sendable>(
    id: ID, plan: CountdownPlan, whileSuspended policy: SuspensionPolicy = .keepsRunning,
    delivering deliveries: CountdownDeliveries = .everyChange,
    _ update: @escaping @MainActor (_ id: ID, _ update: PhaseSequenceUpdate, _ stop: inout Bool) -> Void
  ) throws(CountdownError) {
    let layout = plan.layout
    try startSequence(id: id, plan: plan, whileSuspended: policy, delivering: deliveries) { id, phaseUpdate, stop in
      update(id, PhaseSequenceUpdate(phaseUpdate, in: layout), &stop)
    }
  }

  /// Starts (or replaces) the countdown in phases of `id`: a sequence walking `plan` from its
  /// first phase now, and one registration under the id, its handlers made for `update`
  /// (``PhaseHandlers``: they and the sequence hold each other until the sequence detaches).
  private func startSequence<ID: Hashable & Sendable>(
    id: ID, plan: CountdownPlan, whileSuspended policy: SuspensionPolicy, delivering deliveries: CountdownDeliveries,
    _ update: @escaping @MainActor (_ id: ID, _ update: CountdownPhaseUpdate, _ stop: inout Bool) -> Void
  ) throws(CountdownError) {
    let now = clockNow
    let sequence = PhaseSequence(
      plan: plan, policy: policy, deliveries: deliveries, startingAt: now, context: callContext)
    try claimID(id, length: nil, attachment: sequence) { token, generation throws(CountdownError) in
      let handlers = PhaseHandlers.maker(of: sequence, id: id, token: token, generation: generation, update)
      try sequence.registerFirst(token, handlers: handlers, on: engine) {
        cursor, unchanged, handler throws(CountdownError) in
        let request = try RegistrationRequest(
          sequence.target(of: cursor).target, whileSuspended: policy, delivering: deliveries)
        // The first phase's end was worked out at `now`: registered as of that reading, its first
        // value is the phase's whole length, and the clock is read once per start, not twice.
        // A cursor another thread changed meanwhile was worked out later: the clock is read again.
        if unchanged {
          try engine.submit(token, request, readAt: CountdownInstant(nanosecondsSinceOrigin: now), handler: handler)
        } else {
          try engine.submit(token, request, pausedAt: nil, handler: handler)
        }
      }
    }
  }

  /// Skips the current phase of `id`'s countdown in phases: no end is delivered for it, and the
  /// next phase starts now at its full length, running or paused as this one was.
  ///
  /// ```swift
  /// // "Skip break": back to work now.
  /// manager.skipPhase(id: "focus")
  /// ```
  ///
  /// The handler is called with the next phase's first value (inside this call on the main
  /// thread). Skipping the plan's last phase ends the plan as ``cancel(id:)`` does, with no call.
  ///
  /// - Parameter id: The id of a countdown started with a plan.
  /// - Returns: Whether `id` has a countdown in phases (`false` for a single countdown's id).
  /// - Complexity: O(log *p*), *p* the phases written in the plan.
  @discardableResult
  public func skipPhase<ID: Hashable & Sendable>(id: ID) -> Bool {
    changePhase(id: id) { cursor, now, plan in cursor.skip(at: now, in: plan) }
  }

  /// Starts the current phase of `id`'s countdown in phases again, at its full length, running or
  /// paused as it was; the plan's later ends move with it.
  ///
  /// ```swift
  /// // Interrupted: this focus session starts over.
  /// manager.restartPhase(id: "focus")
  /// ```
  ///
  /// - Parameter id: The id of a countdown started with a plan.
  /// - Returns: Whether `id` has a countdown in phases.
  /// - Complexity: O(log *p*), *p* the phases written in the plan.
  @discardableResult
  public func restartPhase<ID: Hashable & Sendable>(id: ID) -> Bool {
    changePhase(id: id) { cursor, now, plan in cursor.restart(at: now, in: plan) }
  }

  /// Goes back to the phase before the current one of `id`'s countdown in phases, at its full
  /// length, running or paused as the current one was; at the plan's first phase, that phase
  /// starts again. No end is delivered for the phase left.
  ///
  /// ```swift
  /// // The runner wants the last interval again.
  /// manager.goToPreviousPhase(id: "intervals")
  /// ```
  ///
  /// - Parameter id: The id of a countdown started with a plan.
  /// - Returns: Whether `id` has a countdown in phases.
  /// - Complexity: O(log *p*), *p* the phases written in the plan.
  @discardableResult
  public func goToPreviousPhase<ID: Hashable & Sendable>(id: ID) -> Bool {
    changePhase(id: id) { cursor, now, plan in cursor.goBack(at: now, in: plan) }
  }

  /// Where `id`'s countdown in phases is now: its phase, cycle, next phase, time left and end
  /// dates.
  ///
  /// ```swift
  /// if let position = manager.phasePosition(id: "focus") {
  ///   label.text = "\(position.phase.name) · next: \(position.nextPhase?.name ?? "done")"
  /// }
  /// ```
  ///
  /// Read between two calls of the handler, it says the phase the last call said: a phase end not
  /// delivered yet (its call queued, or the app suspended) has not moved it.
  ///
  /// - Parameter id: The id of a countdown started with a plan.
  /// - Returns: The position, or `nil` without a countdown in phases for `id`.
  /// - Complexity: O(log *p*), *p* the phases written in the plan.
  public func phasePosition<ID: Hashable & Sendable>(id: ID) -> CountdownPhasePosition? {
    let wallNow = wallClock()
    let now = clockNow
    return planPosition(id: id, at: now).map { CountdownPhasePosition($0, now: now, wallNow: wallNow) }
  }

  /// Where `id`'s countdown in phases is at `now`, on the manager's clock; `nil` without one.
  package func planPosition<ID: Hashable & Sendable>(id: ID, at now: Int64) -> PlanPosition? {
    guard let sequence = phaseSequence(of: id) else { return nil }
    sequence.followEngine(engine)
    return sequence.state.withLock { $0.cursor.position(at: now, in: sequence.plan.layout) }
  }

  func phaseSequence<ID: Hashable & Sendable>(of id: ID) -> PhaseSequence? {
    state.withLock { $0.ids[IDKey(id)]?.attachment } as? PhaseSequence
  }

  /// Changes the cursor of `id`'s sequence with `change` and hands its phase to the engine.
  private func changePhase<ID: Hashable & Sendable>(
    id: ID, _ change: (inout PhaseCursor, Int64, PlanLayout) -> Void
  ) -> Bool {
    guard let sequence = phaseSequence(of: id) else { return false }
    sequence.followEngine(engine)
    let now = clockNow
    guard
      let (ended, handsOver, generation, token) = sequence.state.withLock({
        state -> (Bool, Bool, UInt64, IDRegistry.Token?)? in
        guard !state.detached else { return nil }
        change(&state.cursor, now, sequence.plan.layout)
        let handsOver = PhaseSequence.changed(&state)
        return (state.cursor.isEnded(in: sequence.plan.layout), handsOver, state.generation, state.token)
      })
    else { return false }
    // The plan's end goes to the engine as any change does (a hand-over on its way ends the
    // registration), and the id is then free. Another thread handing over hands this change too:
    // it returns once the engine has it, as it does when it hands it itself.
    sequence.deliverChange(of: generation, handsOver: handsOver, on: engine)
    if ended {
      #if COUNTDOWN_CHECK_INVARIANTS
        sequence.beforeEndingTheID.withLock { $0 }?()
      #endif
      // This sequence's own record only: a new start of the id made meanwhile keeps running.
      if let token { endSequence(token: token, sequence) }
    }
    tellIDObservers([IDKey(id)])
    return true
  }

  /// Frees the id of `sequence`, whose plan an operation ended, if the id still has it (under
  /// `token`, which a sequence has alone): as ``cancel(id:)`` does, without touching a later start.
  private func endSequence(token: IDRegistry.Token, _ sequence: PhaseSequence) {
    // The record removed (and what it holds) is released after the lock.
    _ = state.withLock { $0.ids.attachmentEnded(token: token) }
    sequence.detach()
    engine.cancel(token)
  }

  /// The handler's part past its common call (``PhaseSequence/valueReading()``): a value after
  /// the plan's end, or outside a batch of the engine's callbacks, is handed on with the cursor as
  /// it stands; a `0` is the phase's end, which moves the cursor on
  /// (every end passed reported, bounded) and registers the next phase before the app is called;
  /// `phasesEnded` is called then, when the plan goes on after them. `update` is given the call
  /// and the wall clock's date at its instant. A sequence its id no longer has calls nothing.
  @MainActor
  static func phaseSequence<ID: Hashable & Sendable>(
    _ sequence: PhaseSequence, of id: ID, delivered value: Int, _ stop: inout Bool,
    phasesEnded: @MainActor () -> Void, update: @MainActor (ID, PhaseCall, Date, inout Bool) -> Void
  ) {
    let engine = sequence.engine
    let (now, wallNow) = sequence.callInstant()
    // A plan frozen while suspended: its phase's end is where the engine moved it.
    sequence.followEngine(engine)
    let cursor: PhaseCursor
    if value != 0 {
      // A value within the phase: no end passed, nothing to hand over.
      guard let current = sequence.state.withLock({ $0.detached ? nil : $0.cursor }) else { return }
      cursor = current
      update(
        id, PhaseCall(cursor: cursor, now: now, remaining: sequence.remaining(of: cursor, at: now), ends: nil),
        wallNow, &stop)
    } else {
      let layout = sequence.plan.layout
      guard
        let (moved, passed, handsOver, withinOwnHandOver) = sequence.state.withLock({
          state -> (PhaseCursor, PassedPhaseEnds, Bool, Bool)? in
          guard !state.detached else { return nil }
          // The main thread is handing over, so up this call's stack: this `0` came from its write.
          let withinOwnHandOver = state.handingOver && state.handingOverOnMainThread
          switch state.cursor.timing {
          case .running(let deadline) where state.handingOver && now < deadline:
            // The `0` of a registration a change on its way replaces (time added, a skip): the
            // cursor's phase has not ended. Counted as a change, so that the hand-over registers
            // the phase's end again even if this `0` came from its own latest write.
            return (state.cursor, .none, PhaseSequence.changed(&state), false)
          case .running(let deadline):
            // The engine says the phase ended: at its deadline, or later.
            let ends = state.cursor.advanced(to: max(now, deadline), in: layout)
            return (state.cursor, ends, PhaseSequence.changed(&state), withinOwnHandOver)
          case .paused(let left) where left <= 0:
            // Time taken from a paused phase down to nothing ended it: the next one waits, paused.
            state.cursor.timing = .running(deadline: now)
            let ends = state.cursor.advanced(to: now, in: layout)
            state.cursor.pause(at: now)
            return (state.cursor, ends, PhaseSequence.changed(&state), withinOwnHandOver)
          case .paused:
            // A `0` sent before a pause took effect: the phase stays paused with what it has.
            return (state.cursor, .none, false, false)
          }
        })
      else { return }
      cursor = moved
      // The next phase goes to the engine before the app is called (or the plan's end ends the
      // registration), unless another thread is handing a change over: it hands this one too.
      // Inside this thread's own hand-over, it is written here, and that hand-over writes it again.
      if handsOver {
        sequence.handOver(on: engine)
      } else if withinOwnHandOver {
        sequence.writeWithinOwnHandOver(on: engine)
      }
      let ends = withPlantedFault(passed)
      // The followers hear the phase end after the next phase went to the engine (or, handed over
      // by another thread, after that thread's change, which they hear too), before the app's handler.
      if !cursor.isEnded(in: layout), ends.count > 0 { phasesEnded() }
      update(
        id, PhaseCall(cursor: cursor, now: now, remaining: sequence.remaining(of: cursor, at: now), ends: ends),
        wallNow, &stop)
    }
    if sequence.isEnded(cursor) {
      stop = true
      // The plan's end: the sequence lets go of its handler (the registration ended with it).
      sequence.detach()
    } else if stop {
      sequence.stopped()
    }
  }

  /// The ends a call delivers: `ends`, or, in a build with internal checks where a checker's
  /// self-test planted ``PlantedFault/phaseEndDeliveredTwice``, its last end twice.
  private static func withPlantedFault(_ ends: PassedPhaseEnds) -> PassedPhaseEnds {
    #if COUNTDOWN_CHECK_INVARIANTS
      if PlantedFault.current == .phaseEndDeliveredTwice, let last = ends.ends.last {
        var twice = ends
        twice.ends.append(last)
        return twice
      }
    #endif
    return ends
  }
}
