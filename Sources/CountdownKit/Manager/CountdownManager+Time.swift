public import CountdownCore
public import Foundation

extension CountdownManager {
  /// Makes `Date`s given to this manager count on the server's clock: pass the server's time as
  /// read from a response (and when it was received).
  ///
  /// ```swift
  /// try manager.calibrate(serverNow: response.serverDate)
  /// try manager.start(cell, until: item.saleEnd) { cell, remaining, _ in  // saleEnd is in server time
  ///   cell.timeLabel.text = RemainingTime(seconds: remaining).formatted()
  /// }
  /// ```
  ///
  /// - Throws: ``CountdownCore/CountdownError/nonFiniteValue`` for a date that is not finite, or
  ///   ``CountdownCore/CountdownError/outOfRange`` for an offset too large to represent; the previous
  ///   calibration stays.
  public func calibrate(serverNow: Date, receivedAt: Date? = nil) throws(CountdownError) {
    let local = receivedAt ?? wallClock()
    let offset = serverNow.timeIntervalSince(local)
    try Self.checkServerOffset(offset)
    // Whole nanoseconds, as a snapshot writes it: a measured offset has no finer meaning.
    let nanoseconds = Duration.nanoseconds(Int64((offset * 1e9).rounded()))
    state.withLock { $0.calibrated(serverOffset: nanoseconds) }
  }

  /// How far the server's clock is ahead of this device's (negative: behind).
  public var serverOffset: Duration {
    state.withLock { $0.serverOffset }
  }

  /// What a countdown to `date`, a date on the server's clock if calibrated, counts in the engine's
  /// terms, and its length. A date ahead is a duration, which the engine counts from its own
  /// reading of its clock, so a start reads each clock once. A date in the past is now, unless
  /// `keepingThePast`.
  func target(for date: Date, keepingThePast: Bool = false) throws(CountdownError) -> (
    target: CountdownTarget, length: Duration
  ) {
    let offset = state.withLock { $0.serverOffset }
    let deviceSecondsAhead = date.timeIntervalSince(wallClock())
    guard deviceSecondsAhead.isFinite else { throw .nonFiniteValue }
    // A span the clock holds on the server's clock is within twice its range on this device's
    // (`checkServerOffset` bounds the offset). Farther, before `Duration.seconds` could trap: past,
    // it ends at once (even `Date.distantPast`), or is out of range counting overtime.
    guard abs(deviceSecondsAhead) < 2 * Self.representableSeconds else {
      guard deviceSecondsAhead < 0, !keepingThePast else { throw .outOfRange }
      return (.duration(.zero), .zero)
    }
    let serverAhead = Duration.seconds(deviceSecondsAhead) - offset
    guard serverAhead < .seconds(Self.representableSeconds) else { throw .outOfRange }
    guard serverAhead <= .zero else { return (.duration(serverAhead), serverAhead) }
    // A date in the past is now; counting overtime, the countdown starts that late, at an instant
    // only this manager's clock can place.
    guard keepingThePast, serverAhead < .zero else { return (.duration(.zero), .zero) }
    return (.deadline(try engine.clock.now.exactlyAdvanced(by: serverAhead)), .zero)
  }

  /// A `TimeInterval` as a `Duration`, refusing what `Duration(seconds:)` would trap on or the
  /// clock could not hold.
  func duration(ofTimeInterval timeInterval: TimeInterval) throws(CountdownError) -> Duration {
    guard timeInterval.isFinite else { throw .nonFiniteValue }
    guard timeInterval >= 0 else { throw .negativeDuration }
    guard timeInterval < Self.representableSeconds else { throw .outOfRange }
    return .seconds(timeInterval)
  }

  /// Refuses a server offset of `seconds` that dates could not be mapped through: one calibration
  /// and every restored snapshot keep the same bound.
  static func checkServerOffset(_ seconds: Double) throws(CountdownError) {
    guard seconds.isFinite else { throw .nonFiniteValue }
    guard abs(seconds) < representableSeconds else { throw .outOfRange }
  }

  /// Seconds a deadline may lie ahead: the clock counts nanoseconds in 64 bits (about 292 years).
  static let representableSeconds: Double = 9.2e9
}

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
  /// Worked out on each call from the countdown's deadline and length (see
  /// ``CountdownTimerDates``); a countdown started at a server date ends at that date less the
  /// ``serverOffset``. For a countdown in phases, the range is the phase the last call told, from
  /// its start to its end, as ``timerDates(for:)`` has it. After a change of the device's clock
  /// (`NSSystemClockDidChange`), ask again.
  /// - Returns: The dates, or `nil` for an id without a countdown (none, ended, or a count-up).
  public func timerDates<ID: Hashable & Sendable>(id: ID) -> CountdownTimerDates? {
    guard let record = record(of: IDKey(id)) else { return nil }
    return timerDates(of: record.token, length: record.length)
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

  /// The system dates of `receiver`'s countdown of `length`; `nil` without one or for a count-up.
  func timerDates(of receiver: AnyObject, length: Duration?) -> CountdownTimerDates? {
    guard let status = engine.statuses(of: [receiver]).statuses[0], status.kind == .countdown else { return nil }
    // A countdown in phases: the span of its current phase, read with the status.
    return dates(of: status, length: status.segmentSpan.map { .nanoseconds($0) } ?? length)
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

}

extension CountdownManager {
  /// Milestones given as times left, for ``CountdownCore/CountdownDeliveries/milestones(_:)``,
  /// which counts them in this manager's intervals.
  ///
  /// ```swift
  /// // Warn at 10 minutes, turn red at 60 s, buzz at 10 s; and the end.
  /// try manager.start(
  ///   id: "exam", for: .seconds(7_200),
  ///   delivering: manager.milestones([.seconds(600), .seconds(60), .seconds(10)])
  /// ) { _, left, _ in exam.reached(left) }
  /// ```
  /// - Throws: ``CountdownCore/CountdownError/invalidMilestone`` for a time below zero or not a
  ///   whole number of intervals.
  public func milestones(_ times: Set<Duration>) throws(CountdownError) -> CountdownDeliveries {
    try .milestones(Self.intervals(of: times, interval: engine.interval))
  }

  /// `times`, each a whole number of `interval`s, counted in them; throws `invalidMilestone` else.
  static func intervals(of times: Set<Duration>, interval: Duration) throws(CountdownError) -> Set<Int> {
    let interval = interval.nanosecondsSaturating
    var values = Set<Int>()
    for time in times {
      guard time >= .zero, let nanoseconds = try? time.countdownNanoseconds(),
        Duration.nanoseconds(nanoseconds) == time,
        nanoseconds % interval == 0, let value = Int(exactly: nanoseconds / interval)
      else { throw .invalidMilestone }
      values.insert(value)
    }
    return values
  }

  /// Checks that no milestone of a countdown of `duration` lies beyond it (its instant would come
  /// before the start): the one milestone check only the manager can make, once per start. The
  /// engine checks the rest (none below zero) as it takes the request; a date's milestones already
  /// passed are not checked, as the engine does not deliver them.
  func checkMilestones(_ deliveries: CountdownDeliveries, within duration: Duration) throws(CountdownError) {
    guard let values = deliveries.milestones, duration >= .zero else { return }
    let length = duration.nanosecondsSaturating
    let interval = engine.interval.nanosecondsSaturating
    for value in values {
      let (time, overflow) = Int64(value).multipliedReportingOverflow(by: interval)
      guard !overflow, time <= length else { throw .invalidMilestone }
    }
  }
}
