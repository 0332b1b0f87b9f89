public import CountdownCore
public import Foundation

// The manager's observable models: made here, above the manager, which knows nothing of them.
extension CountdownManager {
  /// A new observable countdown of `duration`, for a SwiftUI view or model to own.
  ///
  /// ```swift
  /// let resend = try CountdownManager.shared.countdown(for: .seconds(30))
  /// // In a view: Text(resend.hasEnded ? "Resend code" : "Resend in \(resend.remaining) s")
  /// ```
  ///
  /// Its ``ObservableCountdown/remaining`` holds the current value at once; releasing the model
  /// ends the countdown. The options, and what this throws, are those of
  /// ``ObservableCountdown/restart(for:whileSuspended:delivering:pastTheEnd:)``:
  ///
  /// ```swift
  /// let talk = try manager.countdown(for: .seconds(25 * 60), pastTheEnd: .countsOvertime)
  /// ```
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
  /// - Throws: What ``ObservableCountdown/restart(until:whileSuspended:delivering:pastTheEnd:)``
  ///   throws.
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

  /// Has this manager's suspensions call `refresh`, which brings the dates of the model of
  /// `handle` up to date, while its countdown pauses while the manager is suspended; `nil`: no
  /// longer. The closure holds its model weakly.
  @MainActor
  func followSuspensions(of handle: CountdownHandle, _ refresh: (@MainActor @Sendable () -> Void)?) {
    let key = ObjectIdentifier(handle)
    guard let refresh else {
      stopFollowingSuspensions(handle)
      return
    }
    // A refresh this replaces is released outside the lock.
    let replaced = state.withLock { $0.modelFollowsSuspensions(key, refresh: refresh) }
    _ = replaced
  }
}

// The observable model of a countdown in phases.
extension CountdownManager {
  /// A new observable countdown in phases walking `plan`, for a SwiftUI view or model to own.
  ///
  /// ```swift
  /// let pomodoroModel = try CountdownManager.shared.countdown(plan: pomodoro)
  /// // In a view: Text("\(pomodoroModel.phase?.name ?? "Done") \(pomodoroModel.remaining)")
  /// ```
  ///
  /// Its ``ObservablePhaseCountdown/phase`` and ``ObservablePhaseCountdown/remaining`` hold the
  /// first phase's values at once; releasing the model ends the sequence. The options, and what
  /// this throws, are those of ``ObservablePhaseCountdown/restart(plan:whileSuspended:delivering:)``.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
  @MainActor
  public func countdown(
    plan: CountdownPlan, whileSuspended policy: SuspensionPolicy = .keepsRunning,
    delivering deliveries: CountdownDeliveries = .everyChange
  ) throws(CountdownError) -> ObservablePhaseCountdown {
    let countdown = ObservablePhaseCountdown(manager: self)
    try countdown.restart(plan: plan, whileSuspended: policy, delivering: deliveries)
    return countdown
  }
}
