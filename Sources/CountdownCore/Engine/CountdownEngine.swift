public import Dispatch

// The engine's folders, and where a tick goes from wakeup to callback:
// `Documentation/Contributors.docc/Architecture.md`.

/// Drives any number of countdowns from one timer.
///
/// Registrations are keyed by the identity of a receiver object (a view, a cell, a model, or any
/// token): registering the same receiver again replaces its countdown, never adds a second one.
/// The engine never retains a receiver: it holds it weakly, and a lookup by receiver compares that
/// reference with the object it is given, so an object that takes a dead receiver's address is
/// never mistaken for it. Ending a running countdown when its receiver dies is the handler's part
/// (capture the receiver weakly and set `stop`), as CountdownKit's manager does for every
/// countdown; a paused one, which gets no calls, is removed by the engine within a minute and an
/// interval after its receiver is gone (``pause(_:)``).
///
/// One timer wakes the engine; each wakeup's callbacks reach the delivery queue as one batch. A
/// tick's values are those at the grid instant its wakeup stands for, computed when the batch is
/// prepared, so a stalled delivery queue or a late wakeup never delivers stale, skipped or
/// duplicated values. Final 0s delivered together (after a stall, a sleep of the device or a
/// suspension, or at one instant) come in the order of their deadlines, ties in the order the
/// countdowns were registered.
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

  /// Marks `deliveryQueue`, so the engine can tell when it already runs there.
  let deliveryQueueKey = DispatchSpecificKey<Bool>()
  /// The clock's timers fire on the delivery queue (``TimersFireOnTheirQueue``): a wakeup needs
  /// no `deliveryQueueKey` lookup to know where it runs.
  let wakeupsRunOnDeliveryQueue: Bool
  /// `deliveryQueue` is the main queue: a call on the main thread runs on it
  /// (``MainThreadMark``).
  let deliversOnMainQueue: Bool
  let state: EngineLock
  /// The delivery pass's chunk, kept between passes; touched only on the delivery queue.
  let passScratch = PassScratch()
  /// The clock reading of the callbacks being called, for the handlers.
  package let callReadings = CallReadings()
  /// The generation of the arming last handed to the timer, which tells a wakeup whether it is
  /// that arming's fire.
  let armingStamp = ArmingStamp()

  /// How many passes one turn of the delivery queue runs in a row: its own, then those for what
  /// each one's callbacks left (a registration made from a callback, owed its first value). Past
  /// that, the rest waits for the queue's next turn, so that a chain of registrations, each made
  /// from the last one's first callback, never holds the queue.
  static let passesInARow = 16

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
  ///     tolerance: a smaller end tolerance is not supported, and ``endTolerance`` is the tolerance
  ///     (the tighter promise), whether one is given or not.
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
    // The wakeup grid's step: the interval (shared alignment) or the tolerance (per countdown).
    let windowNanoseconds: Int64
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
    self.alignment = alignment
    self.endTolerance = .nanoseconds(endWindow)
    self.clock = clock
    wakeupsRunOnDeliveryQueue = clock is any TimersFireOnTheirQueue
    self.deliveryQueue = deliveryQueue
    deliversOnMainQueue = MainThreadMark.isMainQueue(deliveryQueue)
    let grid = WakeupGrid(interval: intervalNanoseconds, window: windowNanoseconds, endWindow: endWindow)
    state = EngineLock(EngineState(grid: grid, usesWheel: usesWheel))
    deliveryQueue.setSpecific(key: deliveryQueueKey, value: true)
  }

  deinit {
    deliveryQueue.setSpecific(key: deliveryQueueKey, value: nil)
    let (timer, cancellation) = state.withLock { state in
      (state.arming.timer, state.cancelAll())
    }
    timer?.cancel()
    _ = consume cancellation  // what it released goes here, outside the lock
  }

  // MARK: - Registering

  /// Starts (or replaces) the countdown of `receiver`.
  ///
  /// The first callback is a prompt delivery: it comes at once (not at the next tick), on the
  /// delivery queue, with the current value; then one comes each time the value changes. A
  /// countdown that reaches 0 is called once with 0 and ends; so does one whose handler sets
  /// `stop`. A `deadline` in the past or a zero `duration` ends at once with a single 0.
  ///
  /// Called on the delivery queue (from code running there, or, for the main queue, on the main
  /// thread, inside another queue's `sync` too; after `dispatchMain()`, in a block of the main
  /// queue), this makes the first callback itself, before it returns, once: the handler may
  /// register, cancel or replace countdowns (this one too), as any callback may, and no lock is
  /// held meanwhile. A past deadline's 0, or `stop` set in that callback, ends the countdown inside
  /// this call. Called from a callback, where a pass is running, it is made right after that pass,
  /// before the call that ran the pass returns. Called from any other thread, the first callback
  /// is queued on the delivery queue, as every callback made there is. One that delivers only its
  /// end or milestones has no first callback.
  ///
  /// ```swift
  /// sessionQueue.async {
  ///   // On the engine's delivery queue: the first callback (30) runs before `register` returns.
  ///   try? engine.register(session, .duration(.seconds(30))) { [weak session] remaining, stop in
  ///     guard let session else { return stop = true }
  ///     if remaining == 0 { session.expire() }
  ///   }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - receiver: The object the countdown belongs to: its key, never retained.
  ///   - target: What to count: a duration, a deadline, or up from zero.
  ///   - policy: Whether time spent suspended counts (``SuspensionPolicy/keepsRunning``, default)
  ///     or not (``SuspensionPolicy/pauses``).
  ///   - deliveries: Every change (default), only the final 0 (``CountdownDeliveries/onlyTheEnd``),
  ///     or milestones and the 0 (``CountdownDeliveries/milestones(_:)``).
  ///   - ending: Whether the countdown ends with its 0 (``CountdownEnding/stops``, default) or
  ///     counts on past its deadline with negative values (``CountdownEnding/countsOvertime``).
  ///   - handler: Called on the delivery queue with the remaining whole intervals, rounded up
  ///     (elapsed ones, when counting up), and a stop flag.
  /// - Throws: ``CountdownError/negativeDuration``, ``CountdownError/invalidCombination`` for only
  ///   the end or milestones of a count-up (which has no end) or overtime with anything but every
  ///   change or for a count-up, ``CountdownError/invalidMilestone`` for a negative milestone, or
  ///   ``CountdownError/outOfRange`` for a deadline
  ///   beyond 292 years or a countdown of more than 2⁵⁵ − 1 intervals (417 days of 1 ns ones); the
  ///   receiver's existing countdown, if any, is left untouched.
  /// - Complexity: O(1) amortized.
  public func register(
    _ receiver: AnyObject,
    _ target: CountdownTarget,
    whileSuspended policy: SuspensionPolicy = .keepsRunning,
    delivering deliveries: CountdownDeliveries = .everyChange,
    pastTheEnd ending: CountdownEnding = .stops,
    handler: @escaping CountdownHandler
  ) throws(CountdownError) {
    let request = try RegistrationRequest(target, whileSuspended: policy, delivering: deliveries, pastTheEnd: ending)
    try submit(receiver, request, pausedAt: nil, handler: handler)
  }

  /// ``register(_:_:whileSuspended:delivering:pastTheEnd:handler:)`` for a request checked
  /// already, or with `pausedAt`, paused at once: registered and paused at that instant (one the
  /// caller read earlier, at which it worked out the request's target), under one acquisition of
  /// the lock, so it is frozen at exactly what the caller meant, as a countdown restored paused
  /// must be (a pause after the registration would take off the time between the readings).
  /// `onDeliveryQueue` is `true` from a caller that knows it runs on the delivery queue (a
  /// main-actor caller of an engine delivering on the main queue: the main thread), which spares
  /// asking the queue; `nil` asks it.
  /// - Throws: ``CountdownError/negativeDuration`` or ``CountdownError/outOfRange`` for a target
  ///   that does not fit on the clock (the request's own checks ran when it was made); the
  ///   receiver's existing countdown, if any, is left untouched.
  package func submit(
    _ receiver: AnyObject, _ request: consuming RegistrationRequest, pausedAt: CountdownInstant?,
    onDeliveryQueue: Bool? = nil, handler: @escaping CountdownHandler
  ) throws(CountdownError) {
    try submit(
      receiver, request, at: pausedAt?.nanosecondsSinceOrigin ?? clock.now.nanosecondsSinceOrigin,
      paused: pausedAt != nil, onDeliveryQueue: onDeliveryQueue, handler: handler)
  }

  /// The registration ``submit(_:_:pausedAt:onDeliveryQueue:handler:)`` makes, at `reading`
  /// (inlined into it).
  @inline(__always)
  private func submit(
    _ receiver: AnyObject, _ request: consuming RegistrationRequest, at reading: Int64, paused: Bool,
    onDeliveryQueue: Bool?, handler: @escaping CountdownHandler
  ) throws(CountdownError) {
    // On the delivery queue, the first value is prepared in the registration's own lock and
    // delivered before this returns.
    let context = !paused && (onDeliveryQueue ?? isOnDeliveryQueue) ? passScratch.takeContext() : nil
    // The failure comes out beside the registration, not as a `Result` of it: such a `Result` is
    // copied and destroyed through its generic value witnesses, hundreds of instructions per
    // registration.
    var failure: CountdownError?
    let registration = state.withLock { state -> Registration in
      do throws(CountdownError) {
        var registration = try state.accept(receiver, handler, request, reading: reading, deliveringHereWith: context)
        if paused { return Self.pausing(receiver, in: &state, at: reading, after: registration) }
        if registration.owesPromptDelivery, registration.delivery == nil, let context {
          registration.delivery = state.beginPromptDeliveryHere(context, at: reading, near: registration.position)
        }
        return registration
      } catch {
        failure = error
        return Registration(actions: EngineActions(), replaced: nil)
      }
    }
    try complete(registration, failure: failure, context: context, reading: reading)
  }

  /// What a registration's call does once out of its lock: throws `failure` (the context handed
  /// back), or does what the registration decided, its first value delivered here, at `reading`,
  /// if it owes one and `context` was taken for it. Inlined into each registering call.
  @inline(__always)
  func complete(
    _ registration: consuming Registration, failure: CountdownError?, context: consuming DeliveryContext?,
    reading: Int64
  ) throws(CountdownError) {
    if let failure {
      if let context { handBack(context) }
      throw failure
    }
    // Moved out, not copied (see `EngineActions.take()`).
    let (actions, owesPromptDelivery, delivery) = (
      registration.actions.take(), registration.owesPromptDelivery, registration.delivery
    )
    _ = consume registration  // the handler it replaced, if any, is released here, outside the lock
    // The context is moved along, never copied: each copy would retain it.
    guard let context = consume context else { return perform(actions) }
    guard owesPromptDelivery else {
      handBack(context)
      return perform(actions)
    }
    deliverOnQueue(actions, delivery, context: context, reading: reading)
  }

  /// Does what a call decided under the lock: the timer's part, then queuing a pass, unless
  /// `runsPassHere` (the caller, on the delivery queue, runs it itself).
  func perform(_ actions: borrowing EngineActions, runsPassHere: Bool = false) {
    // Most calls leave the timer alone: matching `.none` first spares copying the action (with its
    // timer reference) into the loop below.
    switch actions.timer {
    case .none: break
    default: performTimer(actions.timer)
    }
    if actions.queuePass, !runsPassHere {
      deliveryQueue.async { [weak self] in
        self?.deliverPending()
      }
    }
  }

  /// Pauses `receiver`, just registered by `registration`, at `reading`: what is left to do after
  /// both. The pause's timer action, if any, comes after the registration's and wins (the last
  /// arming decided is the timer's).
  static func pausing(
    _ receiver: AnyObject, in state: inout EngineState, at reading: Int64, after registration: Registration
  ) -> Registration {
    var registration = registration
    registration.owesPromptDelivery = false  // paused: its value waits for its resume
    let timer = state.pause(receiver, now: reading).timer
    if case .none = timer {} else { registration.actions.timer = timer }
    return registration
  }
}
