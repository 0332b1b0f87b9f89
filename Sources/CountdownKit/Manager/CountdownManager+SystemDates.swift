public import Foundation

extension CountdownManager {
  /// What the system needs to show the countdown of `id` by itself: its range, and its pause time
  /// while it is frozen (see ``CountdownTimerDates``).
  ///
  /// ```swift
  /// if let dates = manager.timerDates(id: order.id) {
  ///   Text(timerInterval: dates.timerInterval, pauseTime: dates.pauseTime, countsDown: true)
  /// }
  /// ```
  ///
  /// Worked out on each call from the countdown's deadline on the continuous clock, so the end is
  /// the moment the manager delivers its `0`, and from its length, so the range spans the whole
  /// countdown however the device's clock was changed. A countdown started at a server date
  /// (after ``calibrate(serverNow:receivedAt:)``) ends at that date less the ``serverOffset``: the
  /// device's date for it. After the user changes the device's clock (`NSSystemClockDidChange`),
  /// ask again and hand the system the new dates: the deadline has not moved, its device date has.
  /// - Returns: The dates, or `nil` for an id without a countdown (none, ended, or a count-up).
  public func timerDates<ID: Hashable & Sendable>(id: ID) -> CountdownTimerDates? {
    guard let (token, length) = state.withLock({ $0.ids[IDKey(id)].map { ($0.token, $0.length) } }) else {
      return nil
    }
    return timerDates(of: token, length: length)
  }

  /// When the countdown of `id` ends, on this device's clock: the ``CountdownTimerDates/endDate``
  /// of ``timerDates(id:)``, for a notification trigger.
  ///
  /// ```swift
  /// if let end = manager.endDate(id: order.id) {
  ///   let trigger = UNTimeIntervalNotificationTrigger(timeInterval: end.timeIntervalSinceNow, repeats: false)
  ///   let request = UNNotificationRequest(identifier: order.id, content: content, trigger: trigger)
  ///   try await UNUserNotificationCenter.current().add(request)
  /// }
  /// ```
  ///
  /// - Returns: The date, or `nil` for an id without a running countdown: none, a count-up, or a
  ///   frozen one (paused, or ``CountdownCore/SuspensionPolicy/pauses`` while the manager is
  ///   suspended), which has no end until it runs again.
  public func endDate<ID: Hashable & Sendable>(id: ID) -> Date? {
    timerDates(id: id)?.endDate
  }

  /// The countdown of `id` as a range of dates on this device's clock, from its start to its end:
  /// the ``CountdownTimerDates/timerInterval`` of ``timerDates(id:)``.
  ///
  /// ```swift
  /// if let range = manager.timerInterval(id: order.id) {
  ///   ProgressView(timerInterval: range, countsDown: true)
  /// }
  /// ```
  ///
  /// A frozen countdown's range is laid out from now; show it with
  /// ``CountdownTimerDates/pauseTime`` (or use ``timerDates(id:)``, which has both).
  /// - Returns: The range, or `nil` for an id without a countdown (or with a count-up).
  public func timerInterval<ID: Hashable & Sendable>(id: ID) -> ClosedRange<Date>? {
    timerDates(id: id)?.timerInterval
  }

  /// Whether the countdown (or count-up) of `id` is paused by ``pause(id:)``; `false` without one.
  public func isPaused<ID: Hashable & Sendable>(id: ID) -> Bool {
    guard let token = token(for: id) else { return false }
    return engine.statuses(of: [token]).statuses[0]?.isPaused ?? false
  }

  /// The system dates of `receiver`'s countdown, whose length (start to end) is `length`; `nil`
  /// without a countdown or for a count-up.
  func timerDates(of receiver: AnyObject, length: Duration?) -> CountdownTimerDates? {
    guard let status = engine.statuses(of: [receiver]).statuses[0], status.kind == .countdown else { return nil }
    return dates(of: status, length: length)
  }

  /// The system dates of a countdown read as `status`, whose length (start to end) is `length`.
  func dates(of status: RegistrationStatus, length: Duration?) -> CountdownTimerDates {
    let now = wallClock()
    // A frozen countdown has what it has left; a running one that is overdue ended in the past.
    let left = status.isFrozen ? max(0, status.nanoseconds) : status.nanoseconds
    let end = now + Double(left) / 1e9
    let whole = max(length?.nanosecondsSaturating ?? 0, left, 0)
    let start = end - Double(whole) / 1e9
    return CountdownTimerDates(timerInterval: min(start, end)...end, pauseTime: status.isFrozen ? now : nil)
  }

  /// How long a countdown to `target` registered now runs, start to end: the span of its
  /// ``CountdownTimerDates/timerInterval``; `nil` for a count-up.
  func length(of target: CountdownTarget) -> Duration? {
    switch target {
    case .duration(let duration): duration
    case .deadline(let deadline): max(.zero, engine.clock.now.duration(to: deadline))
    case .countingUp: nil
    }
  }
}
