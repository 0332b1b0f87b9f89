// Ending, freezing and continuing registrations: each one lock entry, one transition of the state.

extension CountdownEngine {

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
    let (found, removed) = state.withLock { $0.cancel(receiver) }
    _ = consume removed  // released outside the lock
    return found
  }

  /// Ends every registration without a further call.
  ///
  /// Once this returns, on any thread, no callback of the registrations it removed begins.
  public func cancelAll() {
    let removed = state.withLock { $0.cancelAll() }
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
}
