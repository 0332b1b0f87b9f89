public import Foundation

// Observable countdowns that count on past their deadline: ``ObservableCountdown/remaining`` goes
// on below 0, ``ObservableCountdown/isOvertime`` says so, and the model never ends by itself.

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
extension ObservableCountdown {
  /// Counts down again, for `duration` from now, counting on past the end if `ending` says so.
  ///
  /// ```swift
  /// try talk.restart(for: .seconds(25 * 60), pastTheEnd: .countsOvertime)
  /// // talk.remaining: 1500, …, 0, then -1, -2, …; talk.isOvertime once it is below 0
  /// ```
  /// - Throws: ``CountdownCore/CountdownError/negativeDuration`` or
  ///   ``CountdownCore/CountdownError/outOfRange``; the current countdown and the values are then
  ///   left as they were.
  public func restart(
    for duration: Duration, whileSuspended policy: SuspensionPolicy = .keepsRunning, pastTheEnd ending: CountdownEnding
  ) throws(CountdownError) {
    try restart(.duration(duration), policy, ending: ending)
  }

  /// Counts down again, to `date`, counting on past it if `ending` says so (a date already
  /// passed starts in overtime).
  ///
  /// - Throws: ``CountdownCore/CountdownError/outOfRange`` or
  ///   ``CountdownCore/CountdownError/nonFiniteValue``; the current countdown and the values are
  ///   then left as they were.
  public func restart(
    until date: Date, whileSuspended policy: SuspensionPolicy = .keepsRunning, pastTheEnd ending: CountdownEnding
  ) throws(CountdownError) {
    try restart(.deadline(manager.deadline(for: date, keepingThePast: ending == .countsOvertime)), policy, ending: ending)
  }
}

extension CountdownManager {
  /// A new observable countdown of `duration` that counts on past its end if `ending` says so.
  ///
  /// ```swift
  /// let delivery = try CountdownManager.shared.countdown(for: .seconds(20 * 60), pastTheEnd: .countsOvertime)
  /// // Text(delivery.remainingTime, format: .countdown): "20:00" … "0:00", then "−0:01", …
  /// ```
  /// - Throws: ``CountdownCore/CountdownError/negativeDuration`` or
  ///   ``CountdownCore/CountdownError/outOfRange``.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
  @MainActor
  public func countdown(
    for duration: Duration, whileSuspended policy: SuspensionPolicy = .keepsRunning, pastTheEnd ending: CountdownEnding
  ) throws(CountdownError) -> ObservableCountdown {
    let countdown = ObservableCountdown(manager: self)
    try countdown.restart(for: duration, whileSuspended: policy, pastTheEnd: ending)
    return countdown
  }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
extension ObservableCountdownList {
  /// Starts the countdown of `id` for `duration`, counting on past its end if `ending` says so:
  /// adds a row, or restarts the row of `id`. A row counting overtime stays running (its
  /// ``ObservableCountdown/isOvertime`` set once below 0) until ``remove(id:)``.
  ///
  /// - Returns: The row.
  /// - Throws: ``CountdownCore/CountdownError/negativeDuration`` or
  ///   ``CountdownCore/CountdownError/outOfRange``; an existing row is then left as it was.
  @discardableResult
  public func start(
    id: ID, for duration: Duration, whileSuspended policy: SuspensionPolicy = .keepsRunning,
    pastTheEnd ending: CountdownEnding
  ) throws(CountdownError) -> ObservableCountdown {
    let row = rows[id] ?? ObservableCountdown(manager: manager)
    try row.restart(for: duration, whileSuspended: policy, pastTheEnd: ending)
    add(row, for: id)
    return row
  }

  /// Starts the countdown of `id` to `date`, counting on past it if `ending` says so.
  ///
  /// - Returns: The row.
  /// - Throws: ``CountdownCore/CountdownError/outOfRange`` or
  ///   ``CountdownCore/CountdownError/nonFiniteValue``; an existing row is then left as it was.
  @discardableResult
  public func start(
    id: ID, until date: Date, whileSuspended policy: SuspensionPolicy = .keepsRunning, pastTheEnd ending: CountdownEnding
  ) throws(CountdownError) -> ObservableCountdown {
    let row = rows[id] ?? ObservableCountdown(manager: manager)
    try row.restart(until: date, whileSuspended: policy, pastTheEnd: ending)
    add(row, for: id)
    return row
  }
}
