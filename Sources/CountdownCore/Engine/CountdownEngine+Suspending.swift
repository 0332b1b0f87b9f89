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

  /// Restarts after ``suspendTicking()``: every registration promptly gets one callback with its
  /// corrected value, those that ran out meanwhile get their single 0, and ticking continues.
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
