public import Foundation

extension CountdownManager {
  /// A new observable countdown of `duration`, for a SwiftUI view or model to own.
  ///
  /// ```swift
  /// let resend = try CountdownManager.shared.countdown(for: .seconds(30))
  /// // In a view: Text(resend.hasEnded ? "Resend code" : "Resend in \(resend.remaining) s")
  /// ```
  ///
  /// Its ``ObservableCountdown/remaining`` holds the current value at once. Releasing the model
  /// ends the countdown. The options are those of
  /// ``ObservableCountdown/restart(for:whileSuspended:delivering:pastTheEnd:)``: counting overtime, the model
  /// goes on below `0` (``ObservableCountdown/isOvertime``):
  ///
  /// ```swift
  /// let talk = try manager.countdown(for: .seconds(25 * 60), pastTheEnd: .countsOvertime)
  /// ```
  /// - Throws: ``CountdownCore/CountdownError/negativeDuration`` or
  ///   ``CountdownCore/CountdownError/outOfRange``; ``CountdownCore/CountdownError/invalidMilestone``
  ///   for a milestone below zero or beyond `duration`;
  ///   ``CountdownCore/CountdownError/invalidCombination`` for overtime with anything but every
  ///   change.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
  @MainActor
  public func countdown(
    for duration: Duration, whileSuspended policy: SuspensionPolicy = .keepsRunning,
    delivering deliveries: CountdownDeliveries = .everyChange, pastTheEnd ending: CountdownEnding = .stops
  ) throws(CountdownError) -> ObservableCountdown {
    let countdown = ObservableCountdown(manager: self)
    try countdown.restart(for: duration, whileSuspended: policy, delivering: deliveries, pastTheEnd: ending)
    return countdown
  }

  /// A new observable countdown to `date` (converted once, now, as for
  /// ``start(_:until:whileSuspended:delivering:pastTheEnd:_:)``).
  ///
  /// - Throws: ``CountdownCore/CountdownError/outOfRange`` or
  ///   ``CountdownCore/CountdownError/nonFiniteValue``; ``CountdownCore/CountdownError/invalidMilestone``
  ///   for a milestone below zero; ``CountdownCore/CountdownError/invalidCombination`` for overtime
  ///   with anything but every change.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
  @MainActor
  public func countdown(
    until date: Date, whileSuspended policy: SuspensionPolicy = .keepsRunning,
    delivering deliveries: CountdownDeliveries = .everyChange, pastTheEnd ending: CountdownEnding = .stops
  ) throws(CountdownError) -> ObservableCountdown {
    let countdown = ObservableCountdown(manager: self)
    try countdown.restart(until: date, whileSuspended: policy, delivering: deliveries, pastTheEnd: ending)
    return countdown
  }
}

extension CountdownManager {
  /// Has this manager's suspensions refresh `model`'s dates while `follows` (its countdown pauses
  /// while the manager is suspended), or no longer.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
  @MainActor
  func refreshAtSuspensions(_ model: ObservableCountdown, handle: CountdownHandle, _ follows: Bool) {
    let key = ObjectIdentifier(handle)
    guard follows else {
      forgetAtSuspensions(handle)
      return
    }
    let refresh: @MainActor @Sendable () -> Void = { [weak model] in model?.followSuspension() }
    // A refresh this replaces is released outside the lock.
    let replaced = state.withLock { $0.modelFollowsSuspensions(key, refresh: refresh) }
    _ = replaced
  }

  /// Stops refreshing the model keyed by `handle` at suspensions: it was released, or counts on
  /// through them. From any thread.
  func forgetAtSuspensions(_ handle: CountdownHandle) {
    // The closure (and the weak reference in it) is released outside the lock.
    let removed = state.withLock { $0.modelStopsFollowingSuspensions(ObjectIdentifier(handle)) }
    _ = removed
  }

  /// Refreshes the dates of every model whose countdown pauses while suspended, the manager having
  /// just suspended or resumed: at once on the main thread, else on the main queue's next turn
  /// (each reads the manager's state when it runs).
  func refreshModelsAtSuspension() {
    let models = state.withLock { Array($0.modelsFrozenWhileSuspended.values) }
    guard !models.isEmpty else { return }
    let refresh = { @MainActor in
      for model in models { model() }
    }
    if Thread.isMainThread {
      MainActor.assumeIsolated(refresh)
    } else {
      DispatchQueue.main.async(execute: refresh)
    }
  }
}
