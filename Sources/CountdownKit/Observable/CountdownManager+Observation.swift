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
  /// ends the countdown.
  /// - Throws: ``CountdownCore/CountdownError/negativeDuration`` or
  ///   ``CountdownCore/CountdownError/outOfRange``.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
  @MainActor
  public func countdown(
    for duration: Duration, whileSuspended policy: SuspensionPolicy = .keepsRunning
  ) throws(CountdownError) -> ObservableCountdown {
    let countdown = ObservableCountdown(manager: self)
    try countdown.restart(for: duration, whileSuspended: policy)
    return countdown
  }

  /// A new observable countdown to `date` (converted once, now, as for
  /// ``start(_:until:whileSuspended:_:)``).
  ///
  /// - Throws: ``CountdownCore/CountdownError/outOfRange`` or
  ///   ``CountdownCore/CountdownError/nonFiniteValue``.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
  @MainActor
  public func countdown(
    until date: Date, whileSuspended policy: SuspensionPolicy = .keepsRunning
  ) throws(CountdownError) -> ObservableCountdown {
    let countdown = ObservableCountdown(manager: self)
    try countdown.restart(until: date, whileSuspended: policy)
    return countdown
  }
}
