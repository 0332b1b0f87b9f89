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
  /// An id's countdown lives until its `0` (none ends one counting overtime), its `stop` flag, or
  /// ``cancel(id:)``. Ids are told apart by type and value: `7 as Int` and `7 as Int64` are two
  /// countdowns. May be called from any thread; `update` runs on the main actor: on the main
  /// thread, with the first value inside this call (as for a receiver; from a handler, right after
  /// that handler's batch), from another thread on the main queue's next turn. The options, the parameters (`update` gets the id) and what this
  /// throws are those of ``start(_:for:whileSuspended:delivering:pastTheEnd:_:)``, and an existing
  /// countdown of `id` is left untouched when it throws; a snapshot keeps every option.
  ///
  /// - Complexity: O(1) amortized.
  public func start<ID: Hashable & Sendable>(
    id: ID,
    for duration: Duration,
    whileSuspended policy: SuspensionPolicy = .keepsRunning,
    delivering deliveries: CountdownDeliveries = .everyChange,
    pastTheEnd ending: CountdownEnding = .stops,
    _ update: @escaping @MainActor (_ id: ID, _ remaining: Int, _ stop: inout Bool) -> Void
  ) throws(CountdownError) {
    try checkMilestones(deliveries, within: duration)
    try startID(
      id, counting: .duration(duration), length: duration, policy, delivering: deliveries, pastTheEnd: ending, update)
  }

  /// Starts (or replaces) the countdown for an id, for a number of seconds: a `TimeInterval`, as
  /// Foundation APIs and servers often give it.
  ///
  /// - Throws: What ``start(_:seconds:whileSuspended:delivering:pastTheEnd:_:)`` throws.
  public func start<ID: Hashable & Sendable>(
    id: ID,
    seconds: TimeInterval,
    whileSuspended policy: SuspensionPolicy = .keepsRunning,
    delivering deliveries: CountdownDeliveries = .everyChange,
    pastTheEnd ending: CountdownEnding = .stops,
    _ update: @escaping @MainActor (_ id: ID, _ remaining: Int, _ stop: inout Bool) -> Void
  ) throws(CountdownError) {
    let duration = try duration(ofTimeInterval: seconds)
    try checkMilestones(deliveries, within: duration)
    try startID(
      id, counting: .duration(duration), length: duration, policy, delivering: deliveries, pastTheEnd: ending, update)
  }

  /// Starts (or replaces) the countdown for an id, to an absolute date (converted once, now, as in
  /// ``start(_:until:whileSuspended:delivering:pastTheEnd:_:)``). A date in the past ends at once
  /// with a single `0`; counting overtime, it starts in overtime instead.
  ///
  /// - Throws: What ``start(_:until:whileSuspended:delivering:pastTheEnd:_:)`` throws.
  public func start<ID: Hashable & Sendable>(
    id: ID,
    until date: Date,
    whileSuspended policy: SuspensionPolicy = .keepsRunning,
    delivering deliveries: CountdownDeliveries = .everyChange,
    pastTheEnd ending: CountdownEnding = .stops,
    _ update: @escaping @MainActor (_ id: ID, _ remaining: Int, _ stop: inout Bool) -> Void
  ) throws(CountdownError) {
    let (target, length) = try target(for: date, keepingThePast: ending == .countsOvertime)
    try startID(id, counting: target, length: length, policy, delivering: deliveries, pastTheEnd: ending, update)
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
    try! startID(id, counting: .countingUp, length: nil, policy, tick)
  }

  /// Ends the countdown of `id` without a further call.
  ///
  /// - Returns: Whether `id` had a countdown.
  @discardableResult
  public func cancel<ID: Hashable & Sendable>(id: ID) -> Bool {
    guard let record = state.withLock({ $0.ids.cancelled(IDKey(id)) }) else { return false }
    defer { tellIDObservers([record.token.key]) }
    return engine.cancel(record.token)
  }

  /// Freezes the countdown of `id`; ``resume(id:)`` continues it from the same value.
  ///
  /// A countdown in phases is paused in the phase running at the call: the ends due and not
  /// delivered yet (during a suspension, say) pass first, told at once by one call, paused.
  ///
  /// - Returns: Whether `id` had a countdown; for a countdown in phases, whether it was running
  ///   (`false` once its plan paused it after a phase, or ended).
  @discardableResult
  public func pause<ID: Hashable & Sendable>(id: ID) -> Bool {
    let key = IDKey(id)
    guard let target = record(of: key) else { return false }
    defer { tellIDObservers([key]) }
    return engine.pause(target.token)
  }

  /// Continues the countdown of `id` frozen by ``pause(id:)``, with a prompt delivery of its current value
  /// (inside this call on the main actor).
  ///
  /// - Returns: Whether `id` had a countdown; for a countdown in phases, whether it was paused.
  @discardableResult
  public func resume<ID: Hashable & Sendable>(id: ID) -> Bool {
    let key = IDKey(id)
    guard let target = record(of: key) else { return false }
    defer { tellIDObservers([key]) }
    return engine.resume(target.token)
  }

  /// Whether `id` has a countdown (running or paused).
  public func contains<ID: Hashable & Sendable>(id: ID) -> Bool {
    token(for: id).map(engine.contains) ?? false
  }

  /// How long ago, on the manager's clock, the countdown of `id` ended, when its `0` comes after
  /// its end: read in the handler's call with that `0`, to tell a timer that ran out long ago from
  /// one that ends now.
  ///
  /// ```swift
  /// // At launch: an order's countdown ran out an hour ago, while the app was not running. Its
  /// // notification rang then; its handler is given its 0 now, inside the restore: no ring again.
  /// try manager.restore(snapshot) { id, remaining, _ in
  ///   store.remaining[id] = remaining
  ///   if remaining == 0, (manager.endedAgo(id: id) ?? .zero) < .seconds(5) {
  ///     store.ring(id)
  ///   }
  /// }
  /// ```
  ///
  /// A `0` comes late when a countdown ran out while the app was not running (the restore
  /// delivers it, and lists the id in ``CountdownRestoration/ended`` with the date), or while the
  /// manager was suspended (``resumeTicking()`` delivers it, a foreground later): in that `0`'s
  /// call, this says how long ago the end was. So it does for whatever else held it (a device that
  /// slept, a main queue held up, a start at a date already past), as ``endedAgo(_:)`` does for a
  /// receiver, and measured to the same instant: the one the `0`'s batch of calls stands for, the
  /// same for every countdown of the batch, ids and receivers alike. Otherwise `nil`: a countdown
  /// that has not ended, one whose `0` comes at its end (within the manager's end tolerance), any
  /// call but that `0`'s and outside calls, an id with no countdown.
  ///
  /// - Complexity: O(1); nothing is paid for it at other callbacks.
  public func endedAgo<ID: Hashable & Sendable>(id: ID) -> Duration? {
    // The id looked up once for both.
    guard let (token, endedAt) = state.withLock({ $0.ids[IDKey(id)].map { ($0.token, $0.endedAt) } }) else {
      return nil
    }
    // Ended before its registration (a restore) or its delivery (a resume): measured from that
    // end; otherwise from its deadline, which the engine knows.
    return engine.endedAgo(token, endedAt: endedAt)
  }

  /// Before a resume of the suspended manager: notes when each countdown of an id that ran out
  /// while suspended ended, as its `0`, which the resume delivers, comes late (``endedAgo(id:)``).
  /// O(*n*) in the ids, once a resume, as the resume itself is in the countdowns.
  func noteEndsPassedWhileSuspended() {
    guard engine.isSuspended else { return }
    let records = state.withLock { $0.ids.generations }
    guard !records.isEmpty else { return }
    let (now, statuses) = engine.statuses(of: records.map(\.token))
    var ends: [(token: IDRegistry.Token, generation: Int, at: Int64)] = []
    for (record, status) in zip(records, statuses) {
      // Frozen ones (paused, or pausing while suspended) and those counting overtime have no end
      // that passed; the others' time left is negative by as long ago as it passed.
      guard let status, status.kind == .countdown, !status.isFrozen, !status.countsOvertime, status.nanoseconds <= 0
      else { continue }
      let (endedAt, overflow) = now.nanosecondsSinceOrigin.addingReportingOverflow(status.nanoseconds)
      ends.append((record.token, record.generation, overflow ? .min : endedAt))
    }
    guard !ends.isEmpty else { return }
    state.withLock { $0.ids.endedWhileSuspended(ends) }
  }

  /// The exact time left for `id` (elapsed, for a listener), or `nil` without a countdown: a
  /// `Duration`, where a handler's `remaining` counts whole intervals; negative past the deadline
  /// of a countdown counting overtime.
  public func timeLeft<ID: Hashable & Sendable>(id: ID) -> Duration? {
    token(for: id).flatMap(engine.timeLeft(for:))
  }

  /// Gives the countdown of `id` more time, or, with a negative `time`, less, without replacing
  /// it; its length (the span of ``timerDates(id:)``, kept by snapshots) changes by as much, so
  /// progress keeps its start.
  ///
  /// ```swift
  /// // A late bid extends the auction by 30 s: every view of it, and its Live Activity's dates.
  /// try manager.addTime(.seconds(30), id: lot.id)
  /// if let dates = manager.timerDates(id: lot.id) {
  ///   let state = AuctionAttributes.ContentState(ends: dates.timerInterval, pausedAt: dates.pauseTime)
  ///   await activity.update(ActivityContent(state: state, staleDate: dates.endDate))
  /// }
  /// ```
  ///
  /// Otherwise as ``addTime(_:to:)``: the same delivery of the new value, the same rules for a
  /// paused countdown, for time taken past the end and for overtime, the same errors (the
  /// countdown and its dates are then left untouched). ``timeLeft(id:)``, ``timerDates(id:)`` and
  /// ``endDate(id:)`` say the new time as soon as this returns.
  ///
  /// - Returns: Whether `id` had a countdown that is running or paused.
  @discardableResult
  public func addTime<ID: Hashable & Sendable>(_ time: Duration, id: ID) throws(CountdownError) -> Bool {
    let key = IDKey(id)
    guard let target = record(of: key) else { return false }
    let (token, generation) = (target.token, target.generation)
    guard let added = try engine.timeAdded(time, to: token) else { return false }
    #if COUNTDOWN_CHECK_INVARIANTS
      if added != time, PlantedFault.current == .trap { preconditionFailure("planted trap: \(time) taken, \(added)") }
    #endif
    // The length follows unless the id was started again meanwhile: the new start has its own.
    state.withLock { $0.ids.timeAdded(added, token: token, generation: generation) }
    tellIDObservers([key])
    return true
  }

  /// Whether the countdown (or count-up) of `id` is paused by ``pause(id:)``; `false` without one.
  public func isPaused<ID: Hashable & Sendable>(id: ID) -> Bool {
    guard let token = token(for: id) else { return false }
    return engine.statuses(of: [token]).statuses[0]?.isPaused ?? false
  }

  /// The record of `key`: its token, length and what a start of another kind keeps with it, read
  /// in one look-up, so that an operation on a single countdown pays for no second one. Copied out
  /// whole: read field by field in place, each field's read validated its index again (a pause
  /// cost a seventh more).
  func record(of key: IDKey) -> IDRegistry.Record? {
    state.withLock { $0.ids[key] }
  }

  func token<ID: Hashable & Sendable>(for id: ID) -> IDRegistry.Token? {
    state.withLock { $0.ids.token(for: IDKey(id)) }
  }

  /// Starts `id` counting `target`, whose length (start to end, for its dates) is `length`, with
  /// the options of the public starts (which check a duration's milestones against it).
  func startID<ID: Hashable & Sendable>(
    _ id: ID, counting target: CountdownTarget, length: Duration?, _ policy: SuspensionPolicy,
    delivering deliveries: CountdownDeliveries = .everyChange, pastTheEnd ending: CountdownEnding = .stops,
    _ update: @escaping @MainActor (ID, Int, inout Bool) -> Void
  ) throws(CountdownError) {
    // An overtime countdown's 0 is not its end: the id stays its own until stop or cancel.
    let endsAtZero = target != .countingUp && ending == .stops
    let atMilestones = deliveries.milestones != nil
    try claimID(id, endsAtZero: endsAtZero, length: length, atMilestones: atMilestones, update) {
      token, handler throws(CountdownError) in
      try engine.register(
        token, target, whileSuspended: policy, delivering: deliveries, pastTheEnd: ending, handler: handler)
    }
  }

  /// Claims `id` (with `length`, kept for its dates), makes its handler from `update` and has
  /// `handToEngine` register it under the id's token; gives the id back its previous state if that
  /// throws. Every start of an id comes here, restores too. `endsAtZero`: a 0 ends it (not a
  /// count-up's, nor an overtime one's). `atMilestones`: ``CountdownReadAloud/read(_:)-(Int)`` in
  /// the handler reads the time left, which a milestone's value is not after a suspension.
  /// `endedAt`: for a restore of a countdown that ran out while the app was not running, when, on
  /// the manager's clock (``endedAgo(id:)``). `tellsObservers`: whether the id observers hear of
  /// the start now; `false` for a caller that tells them once of every id it starts (a restore).
  /// Only a `0` that ends it is its running out; a stop in the handler is not.
  func claimID<ID: Hashable & Sendable>(
    _ id: ID, endsAtZero: Bool, length: Duration?, atMilestones: Bool = false, endedAt: Int64? = nil,
    tellsObservers: Bool = true,
    _ update: @escaping @MainActor (ID, Int, inout Bool) -> Void,
    handToEngine: (IDRegistry.Token, @escaping CountdownHandler) throws(CountdownError) -> Void
  ) throws(CountdownError) {
    try claimID(id, length: length, endedAt: endedAt, tellsObservers: tellsObservers) {
      token, generation throws(CountdownError) in
      let update =
        atMilestones
        ? HandlerDelivery.markingMilestoneDeliveries(on: engine, registeredUnder: { _ in token }, update) : update
      let handler = MainQueueHandler.make { [weak self] value, stop in
        if HandlerDelivery.isRead {
          HandlerDelivery.delivering(to: token) { update(id, value, &stop) }
        } else {
          update(id, value, &stop)
        }
        if stop || (endsAtZero && value == 0) {
          self?.countdownEnded(token, generation: generation, ranOut: endsAtZero && value == 0)
        }
      }
      try handToEngine(token, handler)
    }
  }

  /// Claims `id` as ``claimID(_:endsAtZero:length:atMilestones:endedAt:tellsObservers:_:handToEngine:)``
  /// does, for a start that makes its handlers itself: `register` registers under the id's token
  /// what the start counts, its handler calling ``countdownEnded(_:generation:ranOut:)`` with
  /// `generation` when it ends; the id gets back its previous state if that throws.
  func claimID<ID: Hashable & Sendable>(
    _ id: ID, length: Duration?, endedAt: Int64? = nil, tellsObservers: Bool = true,
    register: (IDRegistry.Token, _ generation: Int) throws(CountdownError) -> Void
  ) throws(CountdownError) {
    let key = IDKey(id)
    // Claim the id (the engine call happens outside the lock: replacing a countdown releases the
    // old handler, which may run user code).
    let claim = state.withLock { $0.ids.claim(key, length: length, endedAt: endedAt) }
    do {
      try register(claim.token, claim.generation)
    } catch {
      // Rejected: give the id back its previous state, unless another start, a cancel or an end came
      // in between.
      state.withLock { $0.ids.startRejected(claim) }
      throw error
    }
    // A cancel that ran between the claim and the registration found nothing to end: if the id no
    // longer names this token, end the registration now, or it would run on unreachable. (A token
    // the id still names may be another start's registration, which replaced ours: it stays.)
    if !state.withLock({ $0.ids.stillHolds(claim) }) {
      engine.cancel(claim.token)
    }
    if tellsObservers { tellIDObservers([key]) }
  }

  /// The countdown of the id's `generation` ended (`ranOut`: with its `0`, else by its stop
  /// flag): the id drops its token, unless it was started again or cancelled since.
  func countdownEnded(_ token: IDRegistry.Token, generation: Int, ranOut: Bool) {
    state.withLock { $0.ids.countdownEnded(token: token, generation: generation) }
    tellIDObservers([token.key], ended: ranOut)
  }
}
