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
  /// phase's end the engine moves it on to the next, under its one lock, in O(log *p*) (*p* the
  /// phases written in the plan), so a sequence is one countdown to the engine, however many
  /// phases its plan has, and keeps every promise a single countdown keeps: nothing after
  /// ``cancel(id:)`` returns, one call per change.
  /// `update` runs on the main actor as a single countdown's handler does (the first call inside
  /// this one on the main thread), once per change, with a ``CountdownPhaseUpdate``: the position,
  /// each phase end once, in the plan's order, with its lateness, in the call that shows the next
  /// phase, and the plan's end, after which the id is free.
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
    // The first phase's end is worked out at this reading: registered as of it, its first value is
    // the phase's whole length, and the clock is read once per start.
    let now = CountdownInstant(nanosecondsSinceOrigin: clockNow)
    try claimID(id, length: nil) { token, generation throws(CountdownError) in
      try walk(plan, under: token, for: id, generation: generation, policy, deliveries, readAt: now, update)
    }
  }

  /// Registers `plan`'s walk under `token`, the id `id`'s of `generation`, from segment `ordinal`
  /// with `left` nanoseconds to go in it (its length by default), frozen if `paused`, for the app's
  /// `update`; its end frees the id unless it was started again since.
  func walk<ID: Hashable & Sendable>(
    _ plan: CountdownPlan, under token: IDRegistry.Token, for id: ID, generation: Int, _ policy: SuspensionPolicy,
    _ deliveries: CountdownDeliveries, from ordinal: Int = 0, left: Int64? = nil, paused: Bool = false,
    readAt: CountdownInstant? = nil,
    _ update: @escaping @MainActor (_ id: ID, _ update: CountdownPhaseUpdate, _ stop: inout Bool) -> Void
  ) throws(CountdownError) {
    let sequence = IDPhaseDelivery(
      plan: plan, from: ordinal, policy: policy, deliveries: deliveries, context: callContext, id: id, token: token,
      generation: generation, update: update)
    let knowsItsStart = sequence.startsTold(from: ordinal, left: left, paused: paused, readAt: readAt)
    try engine.register(
      token, walk: sequence, left: left, whileSuspended: policy.ofWalk, paused: paused, readAt: readAt,
      callsFirst: !knowsItsStart, handler: PhaseHandlers.values(of: sequence))
  }

  /// Skips the current phase of `id`'s countdown in phases: no end is delivered for it, and the
  /// next phase starts now at its full length, running or paused as this one was.
  ///
  /// ```swift
  /// // "Skip break": back to work now.
  /// manager.skipPhase(id: "focus")
  /// ```
  ///
  /// The handler is called once with the next phase's first value, paused too (inside this call
  /// on the main thread). Skipping the plan's last phase ends the plan as ``cancel(id:)`` does,
  /// with no call.
  ///
  /// - Parameter id: The id of a countdown started with a plan.
  /// - Returns: Whether `id` has a countdown in phases whose plan runs (`false` for a single
  ///   countdown's id, and once the plan has ended, its final call on its way).
  /// - Complexity: O(log *p*), *p* the phases written in the plan.
  @discardableResult
  public func skipPhase<ID: Hashable & Sendable>(id: ID) -> Bool {
    movePhase(id: id, .skip)
  }

  /// Starts the current phase of `id`'s countdown in phases again, at its full length, running or
  /// paused as it was; the plan's later ends move with it. The handler is called once with its
  /// first value, paused too (inside this call on the main thread).
  ///
  /// ```swift
  /// // Interrupted: this focus session starts over.
  /// manager.restartPhase(id: "focus")
  /// ```
  ///
  /// - Parameter id: The id of a countdown started with a plan.
  /// - Returns: Whether `id` has a countdown in phases whose plan runs (`false` once its plan has
  ///   ended, its final call on its way).
  /// - Complexity: O(log *p*), *p* the phases written in the plan.
  @discardableResult
  public func restartPhase<ID: Hashable & Sendable>(id: ID) -> Bool {
    movePhase(id: id, .restart)
  }

  /// Goes back to the phase before the current one of `id`'s countdown in phases, at its full
  /// length, running or paused as the current one was; at the plan's first phase, that phase
  /// starts again. No end is delivered for the phase left; the handler is called once with the
  /// phase's first value, paused too (inside this call on the main thread).
  ///
  /// ```swift
  /// // The runner wants the last interval again.
  /// manager.goToPreviousPhase(id: "intervals")
  /// ```
  ///
  /// - Parameter id: The id of a countdown started with a plan.
  /// - Returns: Whether `id` has a countdown in phases whose plan runs (`false` once its plan has
  ///   ended, its final call on its way).
  /// - Complexity: O(log *p*), *p* the phases written in the plan.
  @discardableResult
  public func goToPreviousPhase<ID: Hashable & Sendable>(id: ID) -> Bool {
    movePhase(id: id, .back)
  }

  /// Moves `id`'s countdown in phases to the phase of `ordinal` (counted across the plan and every
  /// cycle, as ``CountdownPhasePosition/ordinal`` is), `offset` into it: a scrub bar's seek. The
  /// phase runs on from there, or stays paused as the plan was; no end is delivered for the phases
  /// passed over; the handler is called once with the phase's value (inside this call on the main
  /// thread). An ordinal past the plan's last phase ends the plan as ``cancel(id:)`` does.
  ///
  /// ```swift
  /// // The scrub bar let go on the fourth phase, 30 s in.
  /// try manager.seekPhase(id: "intervals", to: 3, offset: .seconds(30))
  /// ```
  ///
  /// - Parameters:
  ///   - id: The id of a countdown started with a plan.
  ///   - ordinal: The phase to move to, 0 or more.
  ///   - offset: How far into that phase, zero or more and below its length.
  /// - Returns: Whether `id` has a countdown in phases whose plan runs (`false` once its plan has
  ///   ended, its final call on its way).
  /// - Throws: ``CountdownCore/CountdownError/outOfRange`` for a negative ordinal, a phase that ends
  ///   past 292 years of plan or, sought now, past the manager's clock, or an offset at or past the
  ///   phase's length; ``CountdownCore/CountdownError/negativeDuration`` for a negative offset.
  ///   Nothing changes then.
  /// - Complexity: O(log *p*), *p* the phases written in the plan.
  @discardableResult
  public func seekPhase<ID: Hashable & Sendable>(id: ID, to ordinal: Int, offset: Duration = .zero)
    throws(CountdownError) -> Bool
  {
    try seekOrMovePhase(id: id, .seek(ordinal: ordinal, offset: offset.countdownNanoseconds()))
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
  /// It says where the plan is at this instant: a phase whose end has passed is over, whether its
  /// call has come or not (while the app is suspended, say, or before a queued call runs).
  ///
  /// - Parameter id: The id of a countdown started with a plan.
  /// - Returns: The position, or `nil` without a countdown in phases for `id` (or once its plan
  ///   has ended).
  /// - Complexity: O(log *p*), *p* the phases written in the plan.
  public func phasePosition<ID: Hashable & Sendable>(id: ID) -> CountdownPhasePosition? {
    token(for: id).flatMap(phasePosition(of:))
  }

  /// Where the walk registered under `key` (an id's token, or a receiver) is now; `nil` without
  /// one, or once its plan has ended.
  func phasePosition(of key: AnyObject) -> CountdownPhasePosition? {
    let wallNow = wallClock()
    let now = clockNow
    guard let (status, sequence) = walk(of: key) else { return nil }
    return CountdownPhasePosition(SegmentCursor(status), at: now, in: sequence.plan.layout, wallNow: wallNow)
  }

  /// The walk registered under `key` (an id's token, or a receiver), as the engine says it stands
  /// now, with what the manager keeps beside it; `nil` without one.
  func walk(of key: AnyObject, passingEnds: Bool = true) -> (SegmentStatus, PhaseSequence)? {
    guard let status = engine.walkStatus(of: key, passingEnds: passingEnds),
      let sequence = status.walk as? PhaseSequence
    else { return nil }
    return (status, sequence)
  }

  /// Makes `move` on `id`'s walk; whether `id` has one. A move past the plan's last phase ends the
  /// plan, and frees the id (unless it was started again meanwhile).
  private func movePhase<ID: Hashable & Sendable>(id: ID, _ move: SegmentMove) -> Bool {
    // A skip, a restart or a move back cannot be refused: only a seek's ordinal or offset can.
    (try? seekOrMovePhase(id: id, move)) ?? false
  }

  /// ``movePhase(id:_:)``, throwing what a seek's refusal throws.
  private func seekOrMovePhase<ID: Hashable & Sendable>(id: ID, _ move: SegmentMove) throws(CountdownError) -> Bool {
    let key = IDKey(id)
    guard let record = record(of: key) else { return false }
    switch try engine.move(record.token, move) {
    // Its plan had ended by the call (its final call on its way): nothing moved, as
    // `phasePosition(id:)` has no phase there.
    case .notFound, .planHadEnded: return false
    case .moved: break
    case .endedPlan: state.withLock { $0.ids.countdownEnded(token: record.token, generation: record.generation) }
    }
    tellIDObservers([key])
    return true
  }
}
