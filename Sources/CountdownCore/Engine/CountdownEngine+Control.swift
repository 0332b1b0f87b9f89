// Changing registrations and the engine: ending, freezing, continuing and moving the end of one
// registration, suspending and resuming them all. Each call is one lock entry, one transition of
// the state.

extension CountdownEngine {

  /// Ends the countdown of `receiver` without a further call.
  ///
  /// Once this returns, on any thread, no callback of the registration begins, not even one
  /// already prepared for the current batch. A callback begins when its pass checks, just before
  /// calling it, that its registration was not removed: one that passed that check before this
  /// returned (on the delivery queue, while this ran on another thread) runs to its end.
  /// - Returns: Whether `receiver` had a registration: `false` for a countdown whose final `0` is
  ///   prepared in the batch being delivered (cancelled from another handler of that batch), which
  ///   has ended at its deadline; that `0` is withheld all the same.
  /// - Complexity: O(1) amortized.
  @discardableResult
  public func cancel(_ receiver: AnyObject) -> Bool {
    let cancellation = state.withLock { $0.cancel(receiver) }
    let found = cancellation.found
    if case .none = cancellation.timer {} else { perform(EngineActions(timer: cancellation.timer)) }
    _ = consume cancellation  // what it released goes here, outside the lock
    return found
  }

  /// Ends every registration without a further call.
  ///
  /// Once this returns, on any thread, no callback of the registrations it removed begins.
  public func cancelAll() {
    let cancellation = state.withLock { $0.cancelAll() }
    if case .none = cancellation.timer {} else { perform(EngineActions(timer: cancellation.timer)) }
    _ = consume cancellation  // what it released goes here, outside the lock
  }

  /// Freezes the countdown of `receiver` where it is; it gets no callbacks until ``resume(_:)``.
  ///
  /// Once this returns, on any thread, no callback of the registration begins until it is
  /// resumed, not even one already prepared for the current batch.
  ///
  /// A paused countdown gets no calls that would notice its receiver die, so the engine checks its
  /// receiver itself: at every tick it makes anyway (while other countdowns change), and otherwise
  /// once a minute (once an interval, for an interval longer than that). So only paused countdowns
  /// wake the device at most once a minute, and one whose receiver is deallocated is removed,
  /// without a call, within a minute and one interval after that (while the engine ticks: not
  /// during ``suspendTicking()``).
  /// A registration walking segments is paused in the segment running at this call's reading: the
  /// ends due before it pass first, told by one call at once (paused).
  ///
  /// - Returns: Whether `receiver` had a registration; for one walking a plan's segments, whether
  ///   it was running (not once its plan paused it after a segment, or ended). `false` for a
  ///   countdown whose final `0` is prepared in the batch being delivered (paused from another
  ///   handler of that batch): it has ended at its deadline, and that `0` comes.
  @discardableResult
  public func pause(_ receiver: AnyObject) -> Bool {
    let now = clock.now.nanosecondsSinceOrigin
    let pausing = state.withLock { $0.pause(receiver, now: now) }
    var actions = EngineActions(timer: pausing.timer)
    actions.queuePass = pausing.queuePass
    deliverHere(actions, owesPromptDelivery: pausing.owesPromptDelivery, reading: now)
    return pausing.found
  }

  /// Continues a countdown frozen by ``pause(_:)`` from where it stopped, delivering its current
  /// value promptly (unless it delivers only its end or milestones): on the delivery queue, inside
  /// this call, as ``register(_:_:whileSuspended:delivering:pastTheEnd:handler:)`` makes its first.
  ///
  /// - Returns: Whether `receiver` had a registration; for one walking a plan's segments, whether
  ///   it was paused.
  @discardableResult
  public func resume(_ receiver: AnyObject) -> Bool {
    let now = clock.now.nanosecondsSinceOrigin
    let resumption = state.withLock { $0.resume(receiver, now: now) }
    deliverHere(resumption.actions, owesPromptDelivery: resumption.owesPromptDelivery, reading: now)
    return resumption.found
  }
}

// Suspending and resuming the whole engine.

extension CountdownEngine {

  /// Stops the timer: no wakeups and no CPU until ``resumeTicking()``. Prompt deliveries (the
  /// first value of a new registration) still happen.
  ///
  /// This stops ticking for the whole engine; one registration is frozen with ``pause(_:)`` instead.
  public func suspendTicking() {
    let now = clock.now.nanosecondsSinceOrigin
    perform(EngineActions(timer: state.withLock { $0.suspendTicking(at: now) }))
  }

  /// Restarts after ``suspendTicking()``: every running registration that delivers every change
  /// promptly gets one callback with its corrected value, those that ran out meanwhile get their
  /// single 0 (in the order of their deadlines, ties in registration order), and ticking continues. One that delivers only its end or milestones, or is paused,
  /// gets no prompt callback: its next comes at its time.
  /// Registrations with ``SuspensionPolicy/pauses`` continue from where they were: the time spent
  /// suspended never counts for them (nor, for one registered while suspended, any time before it
  /// was registered).
  ///
  /// This restarts the whole engine; one paused registration continues with ``resume(_:)``.
  public func resumeTicking() {
    let now = clock.now.nanosecondsSinceOrigin
    perform(state.withLock { $0.resumeTicking(at: now) })
  }
}

extension CountdownEngine {
  /// Gives the countdown of `receiver` more time, or, with a negative `time`, less: the same
  /// registration goes on, with the same handler, counting toward an end moved by `time`.
  ///
  /// ```swift
  /// // A late bid extends the auction by 30 s: the label shows 35 at once, not 5.
  /// try engine.addTime(.seconds(30), to: auction)
  /// // A wrong answer costs 10 s.
  /// try engine.addTime(.seconds(-10), to: quiz)
  /// ```
  ///
  /// A running countdown is delivered its new value promptly, once (a value already prepared for
  /// the current batch is not delivered), then goes on from there: on the delivery queue, inside
  /// this call, as ``register(_:_:whileSuspended:delivering:pastTheEnd:handler:)`` makes its
  /// first. One that delivers only its end (``CountdownDeliveries/onlyTheEnd``) stays silent, its
  /// 0 coming at the new deadline. A paused
  /// countdown, or one that pauses while the engine is suspended (``SuspensionPolicy/pauses``), has
  /// its frozen time changed; a paused one is delivered it when it resumes. Time taken never goes
  /// past the end: a countdown shortened by more than it has left ends at once, with its single 0
  /// (a paused one is left at 0, and ends when it resumes). A countdown counting overtime
  /// (``CountdownEnding/countsOvertime``) has no end to stop at: time taken moves its deadline back
  /// by the whole amount, running or paused, past or further past it (-10 becomes -15).
  ///
  /// - Parameters:
  ///   - time: The time to add; negative to take time away. Zero changes nothing.
  ///   - receiver: The object whose countdown it is.
  /// - Returns: Whether `receiver` had a countdown that is running or paused: `false` for one whose
  ///   final `0` is prepared in the batch being delivered (from another handler of that batch),
  ///   which has ended at its deadline; that `0` comes.
  /// - Throws: ``CountdownError/invalidCombination`` for a count-up, which has no end to move;
  ///   ``CountdownError/outOfRange`` for an end beyond 292 years from now or a countdown of more
  ///   than 2⁵⁵ − 1 intervals. The countdown is then left untouched.
  /// - Complexity: O(1) amortized.
  @discardableResult
  public func addTime(_ time: Duration, to receiver: AnyObject) throws(CountdownError) -> Bool {
    try timeAdded(time, to: receiver) != nil
  }

  /// ``addTime(_:to:)``, returning the time it added: less than `time` where the countdown was
  /// shortened past its end (what it had left is taken, no more), zero for no change; `nil` without
  /// a running or paused countdown. For callers that keep the countdown's length beside it.
  package func timeAdded(_ time: Duration, to receiver: AnyObject) throws(CountdownError) -> Duration? {
    let change = try time.countdownNanoseconds()
    let reading = clock.now.nanosecondsSinceOrigin
    let outcome = state.withLock { $0.addTime(change, to: receiver, now: reading) }
    guard let added = try outcome.get() else { return nil }
    deliverHere(added.actions, owesPromptDelivery: added.owesPromptDelivery, reading: reading)
    return .nanoseconds(added.applied)
  }
}
