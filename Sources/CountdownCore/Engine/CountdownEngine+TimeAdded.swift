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
  /// the current batch is not delivered), then goes on from there; one that delivers only its end
  /// (``CountdownDeliveries/onlyTheEnd``) stays silent, its 0 coming at the new deadline. A paused
  /// countdown, or one that pauses while the engine is suspended (``SuspensionPolicy/pauses``), has
  /// its frozen time changed; a paused one is delivered it when it resumes. Time taken never goes
  /// past the end: a countdown shortened by more than it has left ends at once, with its single 0
  /// (a paused one is left at 0, and ends when it resumes).
  ///
  /// - Parameters:
  ///   - time: The time to add; negative to take time away. Zero changes nothing.
  ///   - receiver: The object whose countdown it is.
  /// - Returns: Whether `receiver` had a countdown that is running or paused.
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
    let interval = intervalNanoseconds
    let window = windowNanoseconds
    let outcome = state.withLock { $0.addTime(change, to: receiver, now: reading, interval: interval, window: window) }
    guard let (applied, actions) = try outcome.get() else { return nil }
    perform(actions)
    return .nanoseconds(applied)
  }
}
