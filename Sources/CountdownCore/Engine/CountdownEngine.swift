public import Dispatch

// How the engine is built (folders of Sources/CountdownCore):
// - Vocabulary/: the public types a caller passes and gets back.
// - Table/: where registrations live. `ReceiverTable` is a hash table keyed by receiver identity,
//   its buckets doubly linked lists threaded through one dense pool of `ReceiverNode`s; each node
//   holds its `CountdownTiming` and its slot in `RegistrationSlots` (handler, weak receiver), pages
//   that never move, so a pass calls handlers through plain pointers.
// - Engine/: `EngineState` is everything behind the lock (with its rules, written at its top, and
//   their checks); its transitions return `EngineActions` (make, arm or cancel the timer; queue a
//   delivery pass) that this class performs once the lock is released. Nothing user-supplied
//   (clock, timer, handler) ever runs under the lock. `PendingEnds` and `ChangeWheel` index what
//   changes when.
// - Engine/Delivery/: the delivery pass.
// - Time/: clocks and timers: the real continuous clock with its Dispatch timer, the manual clock.
//
// Where a tick goes, from wakeup to callback:
// 1. The timer fires on the delivery queue itself (one thread hand-off per tick, not two). On the
//    shared grid it repeats every interval while each wakeup is the grid instant after the last
//    one, so a steady wakeup makes no call into the timer (`EngineState.timerDecision`).
//    `timerDidReport` reads the clock once; then one lock entry notes the wakeup
//    (`EngineState.noteWakeup`: the grid instant it stands for), begins the pass and prepares its
//    first chunk (`beginPass`, Delivery/CountdownEngine+Pass.swift). (A manual clock fires on the
//    thread that advances it; off the delivery queue, a pass is queued there, at most one at a
//    time.)
// 2. `runPass` calls the chunk's callbacks with the lock released; a further chunk (past 1 024
//    callbacks) takes the lock once more, prepared by walking the pool (`walkCommonCase` for the
//    common case, Delivery/CountdownEngine+Delivery.swift); one last lock entry finishes the pass
//    (`finishPass`): it removes what ended, counts, and re-arms the timer only if the plan changed.
// 3. Two indexes spare a wakeup the walk where few registrations are due. On the shared grid, a
//    countdown's final 0 comes at its deadline, between grid instants: registrations at their last
//    value wait in `PendingEnds`, and a wakeup for ends takes only what is due from there. With
//    per-countdown alignment every registration waits in `ChangeWheel`, in the list of the window
//    of its next change, and a wakeup takes the lists of the windows that passed.

/// Drives any number of countdowns from one timer.
///
/// Registrations are keyed by the identity of a receiver object (a view, a cell, a model, or any
/// token): registering the same receiver again replaces its countdown, never adds a second one.
/// The engine never retains a receiver: it holds it weakly, and a lookup by receiver compares that
/// reference with the object it is given, so an object that takes a dead receiver's address is
/// never mistaken for it. Ending a running countdown when its receiver dies is the handler's part
/// (capture the receiver weakly and set `stop`), as CountdownKit's manager does for every
/// countdown; a paused one, which gets no calls, is removed by the engine at the next wakeup after
/// its receiver is gone.
///
/// One timer wakes the engine; each wakeup's callbacks reach the delivery queue as one batch. A
/// tick's values are those at the grid instant its wakeup stands for, computed when the batch is
/// prepared, so a stalled delivery queue or a late wakeup never delivers stale, skipped or
/// duplicated values.
///
/// ```swift
/// let engine = try CountdownEngine(interval: .seconds(1), deliveryQueue: sessionQueue)
/// try engine.register(session, .duration(.seconds(30))) { [weak session] remaining, stop in
///   guard let session else { return stop = true }
///   if remaining == 0 { session.expire() }
/// }
/// ```
///
/// All methods are safe from any thread and from inside a callback.
public final class CountdownEngine: Sendable {
  /// The time between value changes.
  public let interval: Duration
  /// How wakeups are placed.
  public let alignment: CountdownAlignment
  /// The most a countdown's final 0 comes after its deadline.
  public let endTolerance: Duration
  /// Where time comes from.
  public let clock: any CountdownClock
  /// Where callbacks run. Must be a serial queue.
  public let deliveryQueue: DispatchQueue

  let intervalNanoseconds: Int64
  /// The wakeup grid's step: the interval (shared alignment) or the tolerance (per countdown).
  let windowNanoseconds: Int64
  /// Marks `deliveryQueue`, so the engine can tell when it already runs there.
  private let deliveryQueueKey = DispatchSpecificKey<Bool>()
  let state: EngineLock
  /// The delivery pass's chunk, kept between passes; touched only on the delivery queue.
  let passScratch = PassScratch()

  /// How many callbacks one pass prepares under the lock before calling them with the lock released.
  /// Large enough that a screenful of labels (a thousand) is prepared at once and flips together
  /// (each chunk boundary waits for the next chunk's preparation), small enough that the lock is
  /// held only briefly.
  package static let chunkSize = 1024
  /// How many registrations one pass looks at under the lock at most, so that registering from
  /// another thread is never held up for a whole tick.
  static let scanLimit = 4096

  /// Creates an engine. It makes no timer until the first registration.
  ///
  /// A countdown's values flip on the wakeup grid; its final 0 is an event of its own, delivered
  /// within `endTolerance` after its deadline (never before), when a system-rendered timer for the
  /// same deadline reaches zero. Ends due within the same `endTolerance` window share a wakeup.
  ///
  /// ```swift
  /// // Values flip together every second; each 0 comes within 10 ms of its deadline.
  /// let engine = try CountdownEngine(interval: .seconds(1), endTolerance: .milliseconds(10), deliveryQueue: queue)
  /// ```
  ///
  /// - Parameters:
  ///   - interval: The step of every countdown (1 second for most UIs; 100 ms for a quiz clock).
  ///   - alignment: ``CountdownAlignment/shared`` (all values flip together) or
  ///     ``CountdownAlignment/perCountdown(tolerance:)``.
  ///   - endTolerance: The most a final 0 comes after its deadline; `nil` (default): 5 % of the
  ///     interval. With per-countdown alignment every change, the end included, comes within the
  ///     tolerance: a smaller end tolerance is not supported.
  ///   - clock: ``ContinuousCountdownClock`` by default; ``ManualCountdownClock`` in tests.
  ///   - deliveryQueue: A serial queue for the callbacks.
  /// - Throws: ``CountdownError/invalidInterval`` for an interval of zero or less, a tolerance
  ///   outside `0 < tolerance <= interval` or an end tolerance outside `0 < endTolerance <= interval`;
  ///   ``CountdownError/invalidCombination`` for an end tolerance below the per-countdown tolerance;
  ///   ``CountdownError/outOfRange`` for one beyond 292 years.
  public init(
    interval: Duration,
    alignment: CountdownAlignment = .shared,
    endTolerance: Duration? = nil,
    clock: any CountdownClock = .continuous,
    deliveryQueue: DispatchQueue
  ) throws(CountdownError) {
    let intervalNanoseconds = try interval.countdownNanoseconds()
    guard intervalNanoseconds > 0 else { throw .invalidInterval }
    switch alignment {
    case .shared:
      windowNanoseconds = intervalNanoseconds
    case .perCountdown(let tolerance):
      let tolerance = try tolerance.countdownNanoseconds()
      guard tolerance > 0, tolerance <= intervalNanoseconds else { throw .invalidInterval }
      windowNanoseconds = tolerance
    }
    var endWindow = max(1, intervalNanoseconds / 20)
    if let endTolerance {
      endWindow = try endTolerance.countdownNanoseconds()
      guard endWindow > 0, endWindow <= intervalNanoseconds else { throw .invalidInterval }
    }
    let usesWheel: Bool
    if case .perCountdown = alignment {
      // Every change, the end included, comes within the tolerance: the wheel delivers it.
      guard endTolerance == nil || endWindow >= windowNanoseconds else { throw .invalidCombination }
      endWindow = windowNanoseconds
      usesWheel = true
    } else {
      usesWheel = false
    }
    self.interval = interval
    self.intervalNanoseconds = intervalNanoseconds
    self.alignment = alignment
    self.endTolerance = .nanoseconds(endWindow)
    self.clock = clock
    self.deliveryQueue = deliveryQueue
    state = EngineLock(EngineState(interval: intervalNanoseconds, window: windowNanoseconds, endWindow: endWindow, usesWheel: usesWheel))
    deliveryQueue.setSpecific(key: deliveryQueueKey, value: true)
  }

  deinit {
    deliveryQueue.setSpecific(key: deliveryQueueKey, value: nil)
    let (timer, handlers) = state.withLock { state in
      (state.timer, state.removeAll())
    }
    timer?.cancel()
    _ = handlers  // released here, outside the lock
  }

  // MARK: - Registering

  /// Starts (or replaces) the countdown of `receiver`.
  ///
  /// The first callback is a prompt delivery: it comes at once (not at the next tick), on the
  /// delivery queue, with the current value; then one comes each time the value changes. A
  /// countdown that reaches 0 is called once with 0 and ends; so does one whose handler sets
  /// `stop`. A `deadline` in the past or a zero `duration` ends at once with a single 0.
  ///
  /// - Parameters:
  ///   - receiver: The object the countdown belongs to: its key, never retained.
  ///   - target: What to count: a duration, a deadline, or up from zero.
  ///   - policy: Whether time spent suspended counts (``SuspensionPolicy/keepsRunning``, default)
  ///     or not (``SuspensionPolicy/pauses``).
  ///   - deliveries: Every change (default), only the final 0 (``CountdownDeliveries/onlyTheEnd``),
  ///     or milestones and the 0 (``CountdownDeliveries/milestones(_:)``).
  ///   - handler: Called on the delivery queue with the remaining whole intervals, rounded up
  ///     (elapsed ones, when counting up), and a stop flag.
  /// - Throws: ``CountdownError/negativeDuration``, ``CountdownError/invalidCombination`` for only
  ///   the end or milestones of a count-up (which has no end), ``CountdownError/invalidMilestone``
  ///   for a negative milestone, or ``CountdownError/outOfRange`` for a deadline
  ///   beyond 292 years or a countdown of more than 2⁵⁵ − 1 intervals (417 days of 1 ns ones); the
  ///   receiver's existing countdown, if any, is left untouched.
  /// - Complexity: O(1) amortized.
  public func register(
    _ receiver: AnyObject,
    _ target: CountdownTarget,
    whileSuspended policy: SuspensionPolicy = .keepsRunning,
    delivering deliveries: CountdownDeliveries = .everyChange,
    handler: @escaping CountdownHandler
  ) throws(CountdownError) {
    if case .countingUp = target, deliveries != .everyChange { throw .invalidCombination }
    let milestones = try Self.milestoneList(for: deliveries)
    let reading = clock.now.nanosecondsSinceOrigin
    let interval = intervalNanoseconds
    let window = windowNanoseconds
    let outcome = state.withLock { state -> Result<(EngineActions, CountdownHandler?), CountdownError> in
      // The timing is made from the reading clamped under the lock: a suspension, resume or tick
      // that another thread made after this reading is never undone.
      let now = state.monotone(reading)
      do throws(CountdownError) {
        var timing = try Self.timing(for: target, policy: policy, deliveries: deliveries, at: now, interval: interval)
        let planned = Self.planMilestones(milestones, in: &timing, at: now, interval: interval)
        return .success(
          state.register(receiver, handler, timing, now: now, interval: interval, window: window, milestones: planned))
      } catch {
        return .failure(error)
      }
    }
    let (actions, replaced) = try outcome.get()
    _ = replaced  // the old handler is released here, outside the lock
    perform(actions)
  }

  /// The timing of a new registration at clock instant `now`, on the clock's own time. Pure
  /// arithmetic: it runs under the engine's lock.
  private static func timing(
    for target: CountdownTarget, policy: SuspensionPolicy, deliveries: CountdownDeliveries, at now: Int64,
    interval: Int64
  ) throws(CountdownError) -> CountdownTiming {
    var timing: CountdownTiming
    switch target {
    case .duration(let duration):
      guard duration >= .zero else { throw .negativeDuration }
      let length = try duration.countdownNanoseconds()
      let (deadline, overflow) = now.addingReportingOverflow(length)
      guard !overflow else { throw .outOfRange }
      timing = CountdownTiming(countdownTo: deadline, policy: policy)
    case .deadline(let instant):
      timing = CountdownTiming(countdownTo: instant.nanosecondsSinceOrigin, policy: policy)
    case .countingUp:
      timing = CountdownTiming(countingUpFrom: now, policy: policy)
    }
    guard timing.valueFits(at: now, interval: interval) else { throw .outOfRange }
    // Only the end: silent until its deadline, unless that has passed already (then its 0 is its
    // first delivery).
    if deliveries == .onlyTheEnd, timing.anchor > now {
      timing.deliverOnlyTheEnd()
    }
    return timing
  }

  // MARK: - Cancelling and pausing

  /// Ends the countdown of `receiver` without a further call.
  ///
  /// Once this returns, on any thread, no callback of the registration begins, not even one
  /// already prepared for the current batch. A callback begins when its pass checks, just before
  /// calling it, that its registration was not removed: one that passed that check before this
  /// returned (on the delivery queue, while this ran on another thread) runs to its end.
  /// - Returns: Whether `receiver` had a registration.
  /// - Complexity: O(1) amortized.
  @discardableResult
  public func cancel(_ receiver: AnyObject) -> Bool {
    let (found, removed) = state.withLock { state -> (Bool, CountdownHandler?) in
      guard let index = state.table.index(of: ObjectIdentifier(receiver)) else { return (false, nil) }
      // A registration of a dead object that lived at this address is removed too, but it was not
      // `receiver`'s.
      let isRunning = state.isRegistration(at: index, of: receiver) && !state.table[index].timing.isFinished
      state.noteRemoval(of: state.table[index].slot)
      defer { state.checkInvariantsIfEnabled() }
      return (isRunning, state.remove(at: index))
    }
    _ = consume removed  // released outside the lock
    return found
  }

  /// Ends every registration without a further call.
  ///
  /// Once this returns, on any thread, no callback of the registrations it removed begins.
  public func cancelAll() {
    let removed = state.withLock { state in
      state.noteRemovalOfAll()
      defer { state.checkInvariantsIfEnabled() }
      return state.removeAll()
    }
    _ = removed  // released outside the lock
  }

  /// Freezes the countdown of `receiver` where it is; it gets no callbacks until ``resume(_:)``.
  ///
  /// Once this returns, on any thread, no callback of the registration begins until it is
  /// resumed, not even one already prepared for the current batch.
  /// - Returns: Whether `receiver` had a registration.
  @discardableResult
  public func pause(_ receiver: AnyObject) -> Bool {
    let now = clock.now.nanosecondsSinceOrigin
    let window = windowNanoseconds
    let (found, action) = state.withLock { $0.pause(receiver, now: now, window: window) }
    perform(EngineActions(timer: action))
    return found
  }

  /// Continues a countdown frozen by ``pause(_:)`` from where it stopped, delivering its current
  /// value promptly (unless it delivers only its end).
  ///
  /// - Returns: Whether `receiver` had a registration.
  @discardableResult
  public func resume(_ receiver: AnyObject) -> Bool {
    let now = clock.now.nanosecondsSinceOrigin
    let interval = intervalNanoseconds
    let window = windowNanoseconds
    let (found, actions) = state.withLock { $0.resume(receiver, now: now, interval: interval, window: window) }
    perform(actions)
    return found
  }

  // MARK: - Queries

  /// Whether `receiver` has a running or paused registration.
  public func contains(_ receiver: AnyObject) -> Bool {
    state.withLock { $0.liveIndex(of: receiver) != nil }
  }

  /// The value `receiver` would be shown now: remaining whole intervals (rounded up), or elapsed
  /// ones when counting up; `nil` without a registration.
  public func value(for receiver: AnyObject) -> Int? {
    let now = clock.now.nanosecondsSinceOrigin
    return state.withLock { state in
      state.liveIndex(of: receiver).map { index in
        let timing = state.table[index].timing
        return Int(timing.value(at: state.instant(for: timing, at: state.reading(now)), interval: intervalNanoseconds))
      }
    }
  }

  /// The exact time left for `receiver` (elapsed, when counting up); `nil` without a registration.
  /// A `Duration`, where ``value(for:)`` and a handler's value count whole intervals.
  public func timeLeft(for receiver: AnyObject) -> Duration? {
    let now = clock.now.nanosecondsSinceOrigin
    return state.withLock { state in
      state.liveIndex(of: receiver).map { index in
        let timing = state.table[index].timing
        return .nanoseconds(timing.nanoseconds(at: state.instant(for: timing, at: state.reading(now))))
      }
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
        receivers: state.table.count, hasTimer: state.hasTimer, wakeups: state.wakeups,
        batches: state.batches, deliveries: state.deliveries)
    }
  }

  // MARK: - Suspending

  /// Stops the timer: no wakeups and no CPU until ``resumeTicking()``. Prompt deliveries (the
  /// first value of a new registration) still happen.
  ///
  /// This stops ticking for the whole engine; one registration is frozen with ``pause(_:)`` instead.
  public func suspendTicking() {
    let now = clock.now.nanosecondsSinceOrigin
    perform(EngineActions(timer: state.withLock { $0.suspendTicking(at: $0.monotone(now)) }))
  }

  /// Restarts after ``suspendTicking()``: every registration promptly gets one callback with its
  /// corrected value, those that ran out meanwhile get their single 0, and ticking continues.
  /// Registrations with ``SuspensionPolicy/pauses`` continue from where they were: the time spent
  /// suspended never counts for them (nor, for one registered while suspended, any time before it
  /// was registered).
  ///
  /// This restarts the whole engine; one paused registration continues with ``resume(_:)``.
  public func resumeTicking() {
    let now = clock.now.nanosecondsSinceOrigin
    let actions = state.withLock { state -> EngineActions in
      guard state.resumeTicking(at: state.monotone(now)) else { return .none }
      var actions = EngineActions()
      actions.queuePass = state.requestPass()
      return actions
    }
    perform(actions)
  }

  /// Whether ``suspendTicking()`` is in effect.
  public var isSuspended: Bool {
    state.withLock { $0.suspendedSince != nil }
  }

  // MARK: - Wakeups

  private func timerDidReport(_ event: CountdownTimerEvent) {
    guard case .fired = event else { return settle() }
    // The wakeup's one clock reading: its pass's instants and its re-arm use it too.
    let now = clock.now.nanosecondsSinceOrigin
    let onDeliveryQueue = DispatchQueue.getSpecific(key: deliveryQueueKey) == true
    let context = onDeliveryQueue ? passScratch.takeContext() : DeliveryContext()
    var chunk = onDeliveryQueue ? passScratch.takeChunk() : DeliveryChunk(capacity: 0)
    var garbage: [CountdownHandler] = []
    let (actions, begun) = state.withLock { state -> (EngineActions, (PassKind, PassProgress)?) in
      var actions = noteWakeup(at: now, state: &state)
      guard actions.queuePass else { return (actions, nil) }
      // On the delivery queue (the real timer fires there; a manual clock may be advanced there),
      // with no pass running: the pass begins in this same lock, its first chunk prepared.
      guard onDeliveryQueue, state.delivery == nil else {
        actions.queuePass = state.requestPass()
        return (actions, nil)
      }
      actions.queuePass = false
      return (actions, beginPass(context, at: now, into: &chunk, garbage: &garbage, state: &state))
    }
    garbage.removeAll()  // released outside the lock
    perform(actions)
    if let (kind, progress) = begun {
      runPass(kind, progress, &chunk, context: context, reading: now)
    }
    if onDeliveryQueue {
      passScratch.giveBack(chunk, context)
    }
  }

  /// Under the lock: notes a wakeup at clock instant `now`. Returns the timer's part, and, as
  /// `queuePass`, whether a pass has work to do.
  private func noteWakeup(at now: Int64, state: inout EngineState) -> EngineActions {
    var actions = EngineActions()
    let armed = state.noteTimerFired(at: now)
    // Once per wakeup, not per removal: see `shrinkIfSparse`.
    state.table.shrinkIfSparse()
    guard state.suspendedSince == nil else { return actions }
    if state.table.isEmpty, state.awaitingPromptDelivery.isEmpty, !state.promptDeliveriesNeedWalk {
      // The lazy cancel: a wakeup that finds nothing to do ends the timer.
      actions.timer = state.removeTimer()
      return actions
    }
    state.noteWakeup(at: now, armedFor: armed, window: windowNanoseconds)
    if !state.hasPendingWork, state.delivery == nil {
      // Armed for an end that is gone, or woken early for one: arm for what comes next. Not
      // while a pass runs (on the delivery queue, or up this thread's stack): the bound on the
      // next change is still the one from before it, and may be this very instant, so the
      // timer would fire here again and again; the pass re-arms when it ends.
      actions.timer = state.rearm(now: now, window: windowNanoseconds)
    }
    state.checkInvariantsIfEnabled()
    actions.queuePass = state.hasPendingWork
    return actions
  }

  /// A clock advanced by hand settles its timers once per step: what is pending is delivered now,
  /// on the delivery queue, or queued there.
  private func settle() {
    let onDeliveryQueue = DispatchQueue.getSpecific(key: deliveryQueueKey) == true
    let (queuePass, deliverHere) = state.withLock { state -> (Bool, Bool) in
      guard state.hasPendingWork else { return (false, false) }
      return onDeliveryQueue ? (false, true) : (state.requestPass(), false)
    }
    perform(EngineActions(queuePass: queuePass))
    guard deliverHere else { return }
    deliverPending()
    // A pass can leave work behind (the first delivery of a countdown registered from one of its
    // callbacks), which a real delivery queue runs right after it, at the same instant: so does
    // this, rather than at the next step.
    while state.withLock({ $0.delivery == nil && $0.hasPendingWork }) {
      deliverPending()
    }
  }

  /// Does what a call decided under the lock: the timer's part, then queuing a pass.
  func perform(_ actions: EngineActions) {
    // Most registrations leave the timer alone: matching `.none` first spares copying the action
    // (with its timer reference) into the loop below.
    if case .none = actions.timer {} else {
      perform(actions.timer)
    }
    if actions.queuePass {
      deliveryQueue.async { [weak self] in
        self?.deliverPending()
      }
    }
  }

  /// Makes, arms or cancels the timer, outside the lock. After arming, it asks whether a newer
  /// arming was decided meanwhile by another thread, whose own arming may have run before this
  /// one, and applies that one too: the latest decision is the timer's last.
  private func perform(_ action: TimerAction) {
    var action = action
    while true {
      switch action {
      case .none:
        return
      case .make:
        // On the delivery queue: a wakeup then runs its pass where it fires, instead of handing it
        // to another thread. A late wakeup (the queue was busy) is corrected like any other.
        let timer = clock.makeTimer(on: deliveryQueue) { [weak self] event in
          self?.timerDidReport(event)
        }
        let repeats = timer.supportsRepeating
        let now = clock.now.nanosecondsSinceOrigin
        action = state.withLock { $0.install(timer, repeats: repeats, now: now, window: windowNanoseconds) }
      case .arm(let timer, let deadline, let period, let generation):
        if let deadline, let period {
          timer.schedule(at: CountdownInstant(nanosecondsSinceOrigin: deadline), repeating: .nanoseconds(period))
        } else {
          timer.schedule(at: deadline.map(CountdownInstant.init(nanosecondsSinceOrigin:)))
        }
        action = state.withLock { $0.currentArming(ifNewerThan: generation) }
      case .cancel(let timer):
        timer.cancel()
        return  // the timer is released here, outside the lock
      }
    }
  }
}
