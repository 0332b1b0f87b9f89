public import Foundation

extension CountdownManager {
  /// Starts (or replaces) the countdown shown by `receiver`, for `duration`.
  ///
  /// ```swift
  /// try manager.start(button, for: .seconds(59)) { button, remaining, stop in
  ///   button.title = remaining > 0 ? "Resend in \(remaining) s" : "Resend code"
  /// }
  /// ```
  ///
  /// `update` is called with the current value before this returns (a reused cell's label holds
  /// the new item's time when `configure(with:)` returns), then at each change, and last with `0`;
  /// setting `stop` ends the countdown after that call. Called from a handler, the first value
  /// comes right after that handler's batch instead, before the call that ran the batch returns.
  /// A chain of starts, each made from the last one's first call (a label catching up past
  /// departures, each one's `0` starting the next), made on the main thread, gets its first 17
  /// links inside the call (the first start's value, then 16 passes); the rest come on the main
  /// queue's next turns, 16 a turn, so that a chain that never ends cannot hold the main queue. When each call comes: the article *Time semantics*, "When callbacks come".
  ///
  /// The options, each with its default, are the same on every start, by receiver or by id:
  /// - `whileSuspended`: ``CountdownCore/SuspensionPolicy/keepsRunning`` (a sale that ends at
  ///   18:00) or ``CountdownCore/SuspensionPolicy/pauses`` (a quiz clock).
  /// - `delivering`: ``CountdownCore/CountdownDeliveries/everyChange`` (a label, the only one with
  ///   a prompt first call), ``CountdownCore/CountdownDeliveries/onlyTheEnd`` (one call, with `0`)
  ///   or ``CountdownCore/CountdownDeliveries/milestones(_:)`` (see ``milestones(_:)``).
  /// - `pastTheEnd`: ``CountdownCore/CountdownEnding/stops`` or
  ///   ``CountdownCore/CountdownEnding/countsOvertime`` (`-1`, `-2`, … after the deadline, until
  ///   `stop`, a cancel or replacement, or the receiver goes away):
  ///
  /// ```swift
  /// try manager.start(orderCell, for: .seconds(20 * 60), pastTheEnd: .countsOvertime) { cell, remaining, _ in
  ///   cell.etaLabel.text = RemainingTime(seconds: remaining).formatted()  // "20:00" … "0:00", then "−0:01", …
  /// }
  /// ```
  ///
  /// Main-actor isolated, as the views that show countdowns are: starting a plain (non-`Sendable`)
  /// object from another thread, which would race with the callback, does not compile. Other keys
  /// use ``start(id:for:whileSuspended:delivering:pastTheEnd:_:)``, from any thread; ``cancel(_:)``,
  /// ``pause(_:)``, ``resume(_:)``, ``contains(_:)`` and ``timeLeft(for:)`` use only the receiver's
  /// identity, from any thread too.
  ///
  /// - Parameters:
  ///   - receiver: The object that shows the countdown. Held weakly; keys the countdown.
  ///   - duration: How long to count down. Zero ends at once with a single `0`.
  ///   - policy: Whether time spent suspended counts (default) or pauses the countdown.
  ///   - deliveries: Which values reach `update`: every change (default), only the end, or
  ///     milestones and the end.
  ///   - ending: Whether the countdown ends with its `0` (default) or counts overtime.
  ///   - update: Called on the main actor with the receiver, the remaining whole intervals (rounded
  ///     up, so never less than what is left) and the stop flag.
  /// - Throws: ``CountdownCore/CountdownError/negativeDuration`` or
  ///   ``CountdownCore/CountdownError/outOfRange``; ``CountdownCore/CountdownError/invalidMilestone``
  ///   for a milestone below zero or beyond `duration`; ``CountdownCore/CountdownError/invalidCombination``
  ///   for overtime with anything but every change. An existing countdown of `receiver` is then
  ///   left untouched.
  /// - Complexity: O(1) amortized.
  @MainActor
  public func start<Receiver: AnyObject>(
    _ receiver: Receiver,
    for duration: Duration,
    whileSuspended policy: SuspensionPolicy = .keepsRunning,
    delivering deliveries: CountdownDeliveries = .everyChange,
    pastTheEnd ending: CountdownEnding = .stops,
    _ update: @escaping @MainActor (_ receiver: Receiver, _ remaining: Int, _ stop: inout Bool) -> Void
  ) throws(CountdownError) {
    do throws(CountdownError) {
      try checkMilestones(deliveries, within: duration)
      try startWeakReceiver(receiver, .duration(duration), policy, delivering: deliveries, pastTheEnd: ending, update)
    } catch {
      #if COUNTDOWN_CHECK_INVARIANTS
        if PlantedFault.current == .refusalCancelsTarget { cancel(receiver) }
        if PlantedFault.current == .refusalPausesTarget { pause(receiver) }
      #endif
      throw error
    }
  }

  /// Starts (or replaces) the countdown shown by `receiver`, for a number of seconds: a
  /// `TimeInterval`, as Foundation APIs and servers often give it (`for: .seconds(n)` takes a whole
  /// number too).
  ///
  /// The options are those of ``start(_:for:whileSuspended:delivering:pastTheEnd:_:)``.
  /// - Throws: ``CountdownCore/CountdownError/nonFiniteValue`` for NaN or an infinity, and what
  ///   ``start(_:for:whileSuspended:delivering:pastTheEnd:_:)`` throws.
  @MainActor
  public func start<Receiver: AnyObject>(
    _ receiver: Receiver,
    seconds: TimeInterval,
    whileSuspended policy: SuspensionPolicy = .keepsRunning,
    delivering deliveries: CountdownDeliveries = .everyChange,
    pastTheEnd ending: CountdownEnding = .stops,
    _ update: @escaping @MainActor (_ receiver: Receiver, _ remaining: Int, _ stop: inout Bool) -> Void
  ) throws(CountdownError) {
    let duration = try duration(ofTimeInterval: seconds)
    try checkMilestones(deliveries, within: duration)
    try startWeakReceiver(receiver, .duration(duration), policy, delivering: deliveries, pastTheEnd: ending, update)
  }

  /// Starts (or replaces) the countdown shown by `receiver`, to an absolute date, such as a sale's
  /// end sent by a server.
  ///
  /// The date is converted once, now, to the continuous clock (through the server offset, if
  /// calibrated): a later change of the device's clock does not move the countdown. A date in the
  /// past ends at once with a single `0`; counting overtime, it starts in overtime instead. The
  /// options are those of ``start(_:for:whileSuspended:delivering:pastTheEnd:_:)``.
  ///
  /// - Throws: ``CountdownCore/CountdownError/outOfRange`` for a date too far away (such as
  ///   `Date.distantFuture`), ``CountdownCore/CountdownError/nonFiniteValue``, and what
  ///   ``start(_:for:whileSuspended:delivering:pastTheEnd:_:)`` throws for its options.
  @MainActor
  public func start<Receiver: AnyObject>(
    _ receiver: Receiver,
    until date: Date,
    whileSuspended policy: SuspensionPolicy = .keepsRunning,
    delivering deliveries: CountdownDeliveries = .everyChange,
    pastTheEnd ending: CountdownEnding = .stops,
    _ update: @escaping @MainActor (_ receiver: Receiver, _ remaining: Int, _ stop: inout Bool) -> Void
  ) throws(CountdownError) {
    try startWeakReceiver(
      receiver, target(for: date, keepingThePast: ending == .countsOvertime).target, policy, delivering: deliveries,
      pastTheEnd: ending, update)
  }

  /// Calls `tick` every interval with the number of whole intervals elapsed, until the receiver is
  /// deallocated, cancelled, or `stop` is set: a count-up timer, or a poll.
  ///
  /// ```swift
  /// manager.listen(callView) { view, elapsed, _ in
  ///   view.durationLabel.text = RemainingTime(seconds: elapsed).formatted()
  /// }
  /// ```
  ///
  /// Main-actor isolated for the same reason as ``start(_:for:whileSuspended:delivering:pastTheEnd:_:)``.
  /// - Complexity: O(1) amortized.
  @MainActor
  public func listen<Receiver: AnyObject>(
    _ receiver: Receiver,
    whileSuspended policy: SuspensionPolicy = .keepsRunning,
    _ tick: @escaping @MainActor (_ receiver: Receiver, _ elapsed: Int, _ stop: inout Bool) -> Void
  ) {
    // Counting up has no duration to validate: this cannot throw.
    try! startWeakReceiver(receiver, .countingUp, policy, tick)
  }

  /// Ends the countdown of `receiver` without a further call — not even one already queued for
  /// this tick, when called on the main actor.
  ///
  /// - Returns: Whether `receiver` had a countdown.
  @discardableResult
  public func cancel(_ receiver: AnyObject) -> Bool {
    engine.cancel(receiver)
  }

  /// Ends every countdown, listener, one-shot action and async sequence of this manager without a
  /// further call (a sequence finishes without its `0`); when called on the main actor, not even
  /// a call already queued for this tick comes.
  ///
  /// ```swift
  /// func signOut() {
  ///   CountdownManager.shared.cancelAll()
  /// }
  /// ```
  ///
  /// The manager stays usable; an ``ObservableCountdown`` this ends keeps the value it showed.
  /// - Complexity: O(*n*) in the number of countdowns.
  public func cancelAll() {
    // Ids first: a start(id:) racing with this either is cancelled below, or comes after and
    // finds its id free; no id is left pointing at a token the engine no longer counts.
    let ids = state.withLock { $0.ids.allCancelled() }
    engine.cancelAll()
    tellIDObservers(ids.keys)
    _ = ids  // the tokens are released outside the lock
  }

  /// Freezes the countdown of `receiver`; ``resume(_:)`` continues it from the same value.
  ///
  /// A paused countdown costs at most one wakeup a minute while nothing else ticks: the manager
  /// checks then that its receiver still lives (and at every tick it makes anyway). One whose
  /// receiver is deallocated is removed, without a call, within a minute and one interval.
  ///
  /// - Returns: Whether `receiver` had a countdown.
  @discardableResult
  public func pause(_ receiver: AnyObject) -> Bool {
    engine.pause(receiver)
  }

  /// Continues a countdown frozen by ``pause(_:)``, with a prompt delivery of its current value
  /// (inside this call on the main actor).
  ///
  /// - Returns: Whether `receiver` had a countdown.
  @discardableResult
  public func resume(_ receiver: AnyObject) -> Bool {
    engine.resume(receiver)
  }

  /// How late the end of `receiver`'s countdown came, read in its handler's call with its `0`: to
  /// tell a timer that ran out long ago from one that ends now.
  ///
  /// ```swift
  /// try manager.start(orderCell, for: .seconds(20 * 60)) { cell, remaining, _ in
  ///   cell.etaLabel.text = RemainingTime(seconds: remaining).formatted()
  ///   // The device slept through the end: the order's alert rang then, not again now.
  ///   if remaining == 0, (manager.endedAgo(cell) ?? .zero) < .seconds(5) {
  ///     store.ring(order.id)
  ///   }
  /// }
  /// ```
  ///
  /// A `0` comes late whatever held it: a suspension (``resumeTicking()`` delivers it a foreground
  /// later), a device that slept, a main queue held up, a start at a date already past. In that
  /// `0`'s call, this says how long before the instant the call stands for the end was (the
  /// instant of its batch of calls, the same for every countdown of the batch); otherwise `nil`: a
  /// `0` that came on time (within the manager's end tolerance), any call but that `0`'s and
  /// outside calls, a countdown that has not ended, one counting overtime, a receiver without a
  /// countdown. The form for ids is ``endedAgo(id:)``.
  /// - Complexity: O(1); nothing is paid for it at other callbacks.
  public func endedAgo(_ receiver: AnyObject) -> Duration? {
    engine.endedAgo(receiver)
  }

  /// Whether `receiver` has a countdown (running or paused).
  public func contains(_ receiver: AnyObject) -> Bool {
    engine.contains(receiver)
  }

  /// The exact time left for `receiver` (elapsed, for a listener), or `nil` without a countdown: a
  /// `Duration`, where a handler's `remaining` counts whole intervals; negative past the deadline
  /// of a countdown counting overtime.
  public func timeLeft(for receiver: AnyObject) -> Duration? {
    engine.timeLeft(for: receiver)
  }

  /// Gives the countdown of `receiver` more time, or, with a negative `time`, less, without
  /// replacing it: the same handler goes on, called with the new value once, before this returns,
  /// without waiting for the next tick.
  ///
  /// ```swift
  /// // A late bid: the cell's label jumps from 0:05 to 0:35 and counts on.
  /// try CountdownManager.shared.addTime(.seconds(30), to: cell)
  /// ```
  ///
  /// ``timeLeft(for:)`` says the new time as soon as this returns. A paused (or frozen) countdown
  /// keeps its new time until it runs again: its handler hears of it then. Time taken past the end
  /// ends a running countdown with its single `0`, delivered as the new value is (one that delivers
  /// only its end or milestones too, as a start past its date does), and leaves a paused one paused
  /// at `0` until it resumes, which ends it so; short of the end, one that delivers only its end or
  /// milestones stays silent until its next one; one counting overtime moves further past its
  /// deadline (`-10` becomes `-15`).
  ///
  /// - Parameters:
  ///   - time: The time to add; negative to take time away.
  ///   - receiver: The object whose countdown it is.
  /// - Returns: Whether `receiver` had a countdown that is running or paused.
  /// - Throws: ``CountdownCore/CountdownError/invalidCombination`` for a listener (a count-up has
  ///   no end to move); ``CountdownCore/CountdownError/outOfRange`` for an end beyond 292 years
  ///   from now or a countdown of more than 2⁵⁵ − 1 intervals (`Int.max` where `Int` has 32 bits:
  ///   68 years of 1 s ones). The countdown is then left untouched.
  @discardableResult
  public func addTime(_ time: Duration, to receiver: AnyObject) throws(CountdownError) -> Bool {
    try engine.addTime(time, to: receiver)
  }

  /// The number of countdowns and listeners.
  public var count: Int { engine.count }

  /// Starts a countdown keyed by `receiver`, held weakly: once it is gone, the countdown ends
  /// without a call (paused ones too: the engine removes those itself).
  @MainActor
  func startWeakReceiver<Receiver: AnyObject>(
    _ receiver: Receiver, _ target: CountdownTarget, _ policy: SuspensionPolicy,
    delivering deliveries: CountdownDeliveries = .everyChange, pastTheEnd ending: CountdownEnding = .stops,
    pausedAt: CountdownInstant? = nil, _ update: @escaping @MainActor (Receiver, Int, inout Bool) -> Void
  ) throws(CountdownError) {
    // Held as `AnyObject`, not as `Receiver`: a `WeakReference<Receiver>` looks up its generic
    // type's metadata at every start this generic method makes unspecialized (about 330
    // instructions); the callback's downcast is free in release builds.
    let weakReceiver = WeakReference<AnyObject>(receiver)
    let update =
      deliveries.milestones == nil
      ? update : HandlerDelivery.markingMilestoneDeliveries(on: engine, registeredUnder: { $0 }, update)
    let handler = MainQueueHandler.make { value, stop in
      guard let receiver = weakReceiver.receiver(as: Receiver.self, stop: &stop) else { return }
      // Marked for what reads it (a read-aloud) only: a plain call costs a label's callback nothing.
      if HandlerDelivery.isRead {
        HandlerDelivery.delivering(to: receiver) { update(receiver, value, &stop) }
      } else {
        update(receiver, value, &stop)
      }
    }
    let request = try RegistrationRequest(target, whileSuspended: policy, delivering: deliveries, pastTheEnd: ending)
    // On the main actor, so running the main queue's work (the main thread, or a block of the main
    // queue after `dispatchMain()`): on the engine's delivery queue, the main queue.
    try engine.submit(receiver, request, pausedAt: pausedAt, onDeliveryQueue: true, handler: handler)
  }
}
