public import Foundation

extension CountdownManager {
  /// When the countdown of `id` ends, on this device's clock: the date to give the system, which
  /// renders and fires on the device's wall clock (`Text(timerInterval:countsDown:)`, a Live
  /// Activity's or a widget's state, a notification trigger).
  ///
  /// ```swift
  /// if let end = manager.endDate(id: order.id) {
  ///   let trigger = UNTimeIntervalNotificationTrigger(timeInterval: end.timeIntervalSinceNow, repeats: false)
  /// }
  /// ```
  ///
  /// Worked out on each call from the countdown's deadline on the continuous clock, so it is the
  /// same moment the manager delivers its `0`. A countdown started at a server date (after
  /// ``calibrate(serverNow:receivedAt:)``) ends at that date less the ``serverOffset``: the device's
  /// date for it. After the user changes the device's clock, ask again: the deadline has not
  /// moved, the device's date for it has.
  /// - Returns: The date, or `nil` for an id without a running countdown: none, a count-up, or a
  ///   paused one (a paused countdown has no end until it is resumed; see ``timerInterval(id:)``).
  public func endDate<ID: Hashable & Sendable>(id: ID) -> Date? {
    token(for: id).flatMap { systemDates(of: $0, startedAt: nil)?.endDate }
  }

  /// The countdown of `id` as a range of dates on this device's clock, from its start to its end:
  /// for `Text(timerInterval:countsDown:)` and `ProgressView(timerInterval:)`.
  ///
  /// ```swift
  /// if let range = manager.timerInterval(id: order.id) {
  ///   Text(timerInterval: range, countsDown: true)
  /// }
  /// ```
  ///
  /// The lower bound is when the countdown was started (or restored) on this manager, the upper
  /// its ``endDate(id:)``. A paused countdown's range is the time it has left laid out from now
  /// (`now...now + remaining`): give `pauseTime: range.lowerBound` to show it frozen. Never empty
  /// in a way that traps: a countdown at its end is `end...end`.
  /// - Returns: The range, or `nil` for an id without a countdown (or with a count-up).
  public func timerInterval<ID: Hashable & Sendable>(id: ID) -> ClosedRange<Date>? {
    guard let (token, startedAt) = state.withLock({ $0.ids[IDKey(id)].map { ($0.token, $0.startedAt) } }) else {
      return nil
    }
    return systemDates(of: token, startedAt: startedAt)?.timerInterval
  }

  /// The end date and timer interval of `receiver`'s countdown (see ``endDate(id:)`` and
  /// ``timerInterval(id:)``), started at `startedAt` (`nil`: the range starts now); `nil` without
  /// a countdown or for a count-up.
  func systemDates(of receiver: AnyObject, startedAt: Date?) -> (endDate: Date?, timerInterval: ClosedRange<Date>)? {
    guard let reading = engine.readings(of: [receiver]).readings[0], reading.kind == .countdown else { return nil }
    let now = wallClock()
    let end = now + Double(reading.nanoseconds) / 1e9
    if reading.isPaused {
      return (nil, now...end)
    }
    return (end, min(startedAt ?? now, end)...end)
  }
}
