public import Foundation

extension CountdownManager {
  /// Starts (or replaces) the countdown for an id instead of an object: for SwiftUI views and
  /// value-type models.
  ///
  /// ```swift
  /// try CountdownManager.shared.start(id: order.id, for: order.deliveryWindow) { id, remaining, _ in
  ///   store.remaining[id] = remaining
  /// }
  /// ```
  ///
  /// An id's countdown lives until it ends, its `stop` flag is set, or ``cancel(id:)``. Ids are
  /// told apart by type and value: `7 as Int` and `7 as Int64` are two countdowns. May be called
  /// from any thread; `update` runs on the main actor: on the main thread, with the first value
  /// inside this call (as for a receiver), from another thread on the main queue's next turn.
  ///
  /// The options are those of every start (see
  /// ``start(_:for:whileSuspended:delivering:pastTheEnd:_:)``), each with its default:
  ///
  /// ```swift
  /// try manager.start(id: "autosave", for: .seconds(30), delivering: .onlyTheEnd) { _, _, _ in
  ///   document.save()  // called once, with 0: the manager wakes for the end alone
  /// }
  /// try manager.start(id: "keynote", for: .seconds(25 * 60), pastTheEnd: .countsOvertime) { id, remaining, _ in
  ///   overrun[id] = remaining < 0  // -1, -2, … once the talk runs over
  /// }
  /// ```
  ///
  /// Counting overtime, the id's countdown lives until `stop` is set or ``cancel(id:)``. A
  /// snapshot keeps every option.
  ///
  /// - Parameters:
  ///   - id: The countdown's key.
  ///   - duration: How long to count down. Zero ends at once with a single `0`.
  ///   - policy: Whether time spent suspended counts (default) or pauses the countdown.
  ///   - deliveries: Which values reach `update`: every change (default), only the end, or
  ///     milestones and the end.
  ///   - ending: Whether the countdown ends with its `0` (default) or counts overtime.
  ///   - update: Called on the main actor with the id, the remaining whole intervals and the stop
  ///     flag.
  /// - Throws: ``CountdownCore/CountdownError/negativeDuration`` or
  ///   ``CountdownCore/CountdownError/outOfRange``; ``CountdownCore/CountdownError/invalidMilestone``
  ///   for a milestone below zero or beyond `duration`; ``CountdownCore/CountdownError/invalidCombination``
  ///   for overtime with anything but every change. An existing countdown of `id` is then left
  ///   untouched.
  /// - Complexity: O(1) amortized.
  public func start<ID: Hashable & Sendable>(
    id: ID,
    for duration: Duration,
    whileSuspended policy: SuspensionPolicy = .keepsRunning,
    delivering deliveries: CountdownDeliveries = .everyChange,
    pastTheEnd ending: CountdownEnding = .stops,
    _ update: @escaping @MainActor (_ id: ID, _ remaining: Int, _ stop: inout Bool) -> Void
  ) throws(CountdownError) {
    try start(id: id, .duration(duration), policy, delivering: deliveries, pastTheEnd: ending, update)
  }

  /// Starts (or replaces) the countdown for an id, for a number of seconds: a `TimeInterval`, as
  /// Foundation APIs and servers often give it.
  ///
  /// - Throws: ``CountdownCore/CountdownError/nonFiniteValue`` for NaN or an infinity,
  ///   ``CountdownCore/CountdownError/negativeDuration`` or ``CountdownCore/CountdownError/outOfRange``;
  ///   and what ``start(id:for:whileSuspended:delivering:pastTheEnd:_:)`` throws for its options.
  public func start<ID: Hashable & Sendable>(
    id: ID,
    seconds: TimeInterval,
    whileSuspended policy: SuspensionPolicy = .keepsRunning,
    delivering deliveries: CountdownDeliveries = .everyChange,
    pastTheEnd ending: CountdownEnding = .stops,
    _ update: @escaping @MainActor (_ id: ID, _ remaining: Int, _ stop: inout Bool) -> Void
  ) throws(CountdownError) {
    try start(
      id: id, .duration(duration(ofTimeInterval: seconds)), policy, delivering: deliveries, pastTheEnd: ending, update)
  }

  /// Starts (or replaces) the countdown for an id, to an absolute date (converted once, now, as in
  /// ``start(_:until:whileSuspended:delivering:pastTheEnd:_:)``). A date in the past ends at once
  /// with a single `0`; counting overtime, it starts in overtime instead.
  ///
  /// - Throws: ``CountdownCore/CountdownError/outOfRange`` or
  ///   ``CountdownCore/CountdownError/nonFiniteValue``; and what
  ///   ``start(id:for:whileSuspended:delivering:pastTheEnd:_:)`` throws for its options.
  public func start<ID: Hashable & Sendable>(
    id: ID,
    until date: Date,
    whileSuspended policy: SuspensionPolicy = .keepsRunning,
    delivering deliveries: CountdownDeliveries = .everyChange,
    pastTheEnd ending: CountdownEnding = .stops,
    _ update: @escaping @MainActor (_ id: ID, _ remaining: Int, _ stop: inout Bool) -> Void
  ) throws(CountdownError) {
    let deadline = try deadline(for: date, keepingThePast: ending == .countsOvertime)
    try start(id: id, .deadline(deadline), policy, delivering: deliveries, pastTheEnd: ending, update)
  }

  /// Calls `tick` every interval with the number of whole intervals elapsed, until `stop` is set
  /// or ``cancel(id:)``: a count-up timer or a poll, keyed by an id.
  ///
  /// ```swift
  /// manager.listen(id: call.id) { id, elapsed, _ in
  ///   durations[id] = elapsed
  /// }
  /// ```
  ///
  /// Listening again with the same id replaces the previous listener (or countdown) of that id.
  public func listen<ID: Hashable & Sendable>(
    id: ID,
    whileSuspended policy: SuspensionPolicy = .keepsRunning,
    _ tick: @escaping @MainActor (_ id: ID, _ elapsed: Int, _ stop: inout Bool) -> Void
  ) {
    // Counting up has no duration to validate: this cannot throw.
    try! start(id: id, .countingUp, policy, tick)
  }

  /// Ends the countdown of `id` without a further call.
  ///
  /// - Returns: Whether `id` had a countdown.
  @discardableResult
  public func cancel<ID: Hashable & Sendable>(id: ID) -> Bool {
    guard let token = state.withLock({ $0.idCancelled(IDKey(id)) }) else { return false }
    defer { idsChanged([token.id]) }
    return engine.cancel(token)
  }

  /// Freezes the countdown of `id`; ``resume(id:)`` continues it from the same value.
  ///
  /// - Returns: Whether `id` had a countdown.
  @discardableResult
  public func pause<ID: Hashable & Sendable>(id: ID) -> Bool {
    guard let token = token(for: id) else { return false }
    defer { idsChanged([token.id]) }
    return engine.pause(token)
  }

  /// Continues the countdown of `id` frozen by ``pause(id:)``, with a prompt delivery of its current value
  /// (inside this call on the main thread).
  ///
  /// - Returns: Whether `id` had a countdown.
  @discardableResult
  public func resume<ID: Hashable & Sendable>(id: ID) -> Bool {
    guard let token = token(for: id) else { return false }
    defer { idsChanged([token.id]) }
    return engine.resume(token)
  }

  /// Whether `id` has a countdown (running or paused).
  public func contains<ID: Hashable & Sendable>(id: ID) -> Bool {
    token(for: id).map(engine.contains) ?? false
  }

  /// The exact time left for `id` (elapsed, for a listener), or `nil` without a countdown: a
  /// `Duration`, where a handler's `remaining` counts whole intervals; negative past the deadline
  /// of a countdown counting overtime.
  public func timeLeft<ID: Hashable & Sendable>(id: ID) -> Duration? {
    token(for: id).flatMap(engine.timeLeft(for:))
  }

  func token<ID: Hashable & Sendable>(for id: ID) -> IDToken? {
    state.withLock { $0.ids.token(for: IDKey(id)) }
  }

  func start<ID: Hashable & Sendable>(
    id: ID, _ target: CountdownTarget, _ policy: SuspensionPolicy, delivering deliveries: CountdownDeliveries = .everyChange,
    pastTheEnd ending: CountdownEnding = .stops, _ update: @escaping @MainActor (ID, Int, inout Bool) -> Void
  ) throws(CountdownError) {
    try checkMilestones(deliveries, for: target)
    // An overtime countdown's 0 is not its end: the id stays its own until stop or cancel.
    let endsAtZero = target != .countingUp && ending == .stops
    let atMilestones = deliveries.milestones != nil
    try start(id: id, endsAtZero: endsAtZero, length: length(of: target), atMilestones: atMilestones, update) {
      token, handler throws(CountdownError) in
      try engine.register(token, target, whileSuspended: policy, delivering: deliveries, pastTheEnd: ending, handler: handler)
    }
  }

  /// Claims `id`, makes its handler and has `register` hand the handler to the engine, keyed by the
  /// id's token; gives the id back its previous state if `register` throws. Every start of an id
  /// comes here, restores from a snapshot too.
  ///
  /// - Parameters:
  ///   - id: The id to claim.
  ///   - endsAtZero: Whether a 0 ends the countdown (not for a count-up, whose 0 is its first tick).
  ///   - length: A countdown's length, start to end (`nil` for a count-up), kept for its dates.
  ///   - atMilestones: Whether it is delivered at milestones: ``CountdownReadAloud/read(_:)-(Int)`` in
  ///     its handler then reads the time it has left, which a milestone's value is not after a
  ///     suspension.
  ///   - update: The app's handler, called with the id, the value and whether to stop.
  ///   - register: Hands the handler made from `update` to the engine, under the id's token.
  func start<ID: Hashable & Sendable>(
    id: ID, endsAtZero: Bool, length: Duration?, atMilestones: Bool = false,
    _ update: @escaping @MainActor (ID, Int, inout Bool) -> Void,
    register: (IDToken, @escaping CountdownHandler) throws(CountdownError) -> Void
  ) throws(CountdownError) {
    let key = IDKey(id)
    // Claim the id (the engine call happens outside the lock: replacing a countdown releases the
    // old handler, which may run user code).
    let claim = state.withLock { $0.idStarted(key, length: length) }
    let (token, start) = (claim.token, claim.start)
    let update = atMilestones ? CountdownReadAloud.markingMilestoneDeliveries(of: token, on: engine, update) : update
    let handler = MainQueueHandler.make { [weak self] value, stop in
      update(id, value, &stop)
      if stop || (endsAtZero && value == 0) {
        self?.forget(token, start: start)
      }
    }
    do {
      try register(token, handler)
    } catch {
      // Rejected: give the id back its previous state, unless another start, a cancel or an end came
      // in between.
      state.withLock { $0.idStartRejected(claim) }
      throw error
    }
    // A `cancel(id:)` or `cancelAll()` that ran between claiming the id and registering found
    // nothing in the engine to end. If the id no longer names this token, it was cancelled: end
    // the registration now, or it would run on where the id can no longer reach it. (A token the
    // id still names may be another start's registration, which replaced ours: it stays.)
    if state.withLock({ $0.ids.token(for: key) !== token }) {
      engine.cancel(token)
    }
    idsChanged([key])
  }

  /// Drops the id's token once the countdown of its `start` ended, unless it was started again since.
  private func forget(_ token: IDToken, start: Int) {
    state.withLock { $0.idCountdownEnded(token: token, start: start) }
    idsChanged([token.id])
  }
}
