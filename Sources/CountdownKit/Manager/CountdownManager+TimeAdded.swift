extension CountdownManager {
  /// Gives the countdown of `receiver` more time, or, with a negative `time`, less, without
  /// replacing it: the same handler goes on, called with the new value once, before this returns,
  /// without waiting for the next tick.
  ///
  /// ```swift
  /// // A late bid: the cell's label jumps from 0:05 to 0:35 and counts on.
  /// try CountdownManager.shared.addTime(.seconds(30), to: cell)
  /// ```
  ///
  /// Called on the main thread, the handler gets the new value inside this call (from a callback:
  /// right after that callback's batch; from another thread: on the main queue's next turn), and
  /// ``timeLeft(for:)`` says the new time as soon as this returns, as an ``ObservableCountdown``'s
  /// ``ObservableCountdown/addTime(_:)`` shows its new value inside the call.
  ///
  /// A paused countdown (or one that pauses while the manager is suspended) keeps its new time
  /// until it runs again: its handler hears of it then. Time taken never goes past the end: a
  /// running countdown shortened by more than it has left ends, its single `0` coming as the new
  /// value does; a paused one stays paused at `0`, and ends with its `0` when it resumes. One that
  /// delivers only its end stays silent until its new end. One counting overtime has no end to
  /// stop at: time taken moves its deadline back by the whole amount, past or further past it
  /// (`-10` becomes `-15`).
  ///
  /// - Parameters:
  ///   - time: The time to add; negative to take time away.
  ///   - receiver: The object whose countdown it is.
  /// - Returns: Whether `receiver` had a countdown that is running or paused.
  /// - Throws: ``CountdownCore/CountdownError/invalidCombination`` for a listener (a count-up has
  ///   no end to move); ``CountdownCore/CountdownError/outOfRange`` for an end beyond 292 years.
  ///   The countdown is then left untouched.
  @discardableResult
  public func addTime(_ time: Duration, to receiver: AnyObject) throws(CountdownError) -> Bool {
    try engine.addTime(time, to: receiver)
  }

  /// Gives the countdown of `id` more time, or, with a negative `time`, less, without replacing
  /// it: its handler is called with the new value once, promptly (inside this call on the main
  /// thread), without waiting for the next tick, and its length (the span of ``timerDates(id:)``, kept by snapshots) changes by the same
  /// amount, so progress keeps its start.
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
  /// Called on the main thread, the handler gets the new value inside this call (from a callback:
  /// right after that callback's batch; from another thread: on the main queue's next turn). What
  /// this call changes is there as soon as it returns: ``timeLeft(id:)``, ``timerDates(id:)`` and
  /// ``endDate(id:)`` say the new time, as an ``ObservableCountdown``'s
  /// ``ObservableCountdown/addTime(_:)`` shows its new value inside the call.
  ///
  /// A paused countdown keeps its new time until ``resume(id:)``: its handler hears of it then.
  /// Time taken never goes past the end: a running countdown shortened by more than it has left
  /// ends, its single `0` coming as the new value does; a paused one stays paused at `0`
  /// (``isPaused(id:)``, ``contains(id:)``), and ends with its `0` when it resumes. One that
  /// delivers only its end or at milestones stays silent until its next one. One counting
  /// overtime has no end to stop at: time taken moves its deadline back by the whole amount, past
  /// or further past it (`-10` becomes `-15`).
  ///
  /// - Parameters:
  ///   - time: The time to add; negative to take time away.
  ///   - id: The countdown's id.
  /// - Returns: Whether `id` had a countdown that is running or paused.
  /// - Throws: ``CountdownCore/CountdownError/invalidCombination`` for a listener (a count-up has
  ///   no end to move); ``CountdownCore/CountdownError/outOfRange`` for an end beyond 292 years.
  ///   The countdown and its dates are then left untouched.
  @discardableResult
  public func addTime<ID: Hashable & Sendable>(_ time: Duration, id: ID) throws(CountdownError) -> Bool {
    let key = IDKey(id)
    guard let (token, start) = state.withLock({ $0.ids[key].map { ($0.token, $0.start) } }),
      let added = try engine.timeAdded(time, to: token)
    else { return false }
    // The length follows unless the id was started again meanwhile: the new start has its own.
    state.withLock { $0.idTimeAdded(added, token: token, start: start) }
    idsChanged([key])
    return true
  }
}
