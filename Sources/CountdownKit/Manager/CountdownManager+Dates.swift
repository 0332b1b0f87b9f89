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

  /// The engine instant that corresponds to `date` on the (calibrated) wall clock. A date in the
  /// past is now, unless `keepingThePast` (a countdown counting overtime starts that late).
  func deadline(for date: Date, keepingThePast: Bool = false) throws(CountdownError) -> CountdownInstant {
    let offset = state.withLock { $0.serverOffset }
    let secondsAhead = date.timeIntervalSince(wallClock())
    guard secondsAhead.isFinite else { throw .nonFiniteValue }
    let now = engine.clock.now
    // A date in the past is now: the countdown ends at once, even for `Date.distantPast`. Counting
    // overtime, the past is kept (it starts in overtime, that late), as far back as the clock can
    // hold: `Date.distantPast` is out of range there.
    guard secondsAhead - offset.secondsValue > 0 || keepingThePast else { return now }
    guard secondsAhead > -Self.representableSeconds else { throw .outOfRange }
    // Refuse what the clock cannot hold before `Duration(seconds:)` could trap on it.
    guard secondsAhead < Self.representableSeconds else { throw .outOfRange }
    return try now.exactlyAdvanced(by: .seconds(secondsAhead) - offset)
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

extension Duration {
  /// This duration in seconds, as a `Double`.
  var secondsValue: Double {
    Double(components.seconds) + Double(components.attoseconds) / 1e18
  }
}
