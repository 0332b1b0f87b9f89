public import Foundation

extension CountdownManager {
  /// Makes `Date`s given to this manager count on the server's clock: pass the server's time as
  /// read from a response (and when it was received).
  ///
  /// ```swift
  /// manager.calibrate(serverNow: response.serverDate)
  /// try manager.start(cell, until: item.saleEnd) { ... }  // saleEnd is in server time
  /// ```
  ///
  /// - Throws: ``CountdownError/nonFiniteValue`` for a date that is not finite; the previous
  ///   calibration stays.
  public func calibrate(serverNow: Date, receivedAt: Date? = nil) throws(CountdownError) {
    let local = receivedAt ?? wallClock()
    let offset = serverNow.timeIntervalSince(local)
    guard offset.isFinite else { throw .nonFiniteValue }
    state.withLock { $0.serverOffset = .seconds(offset) }
  }

  /// How far the server's clock is ahead of this device's (negative: behind).
  public var serverOffset: Duration {
    state.withLock { $0.serverOffset }
  }

  /// The engine instant that corresponds to `date` on the (calibrated) wall clock.
  func deadline(for date: Date) throws(CountdownError) -> CountdownInstant {
    let offset = state.withLock { $0.serverOffset }
    let secondsAhead = date.timeIntervalSince(wallClock())
    guard secondsAhead.isFinite else { throw .nonFiniteValue }
    // 9.2e9 s is the most Int64 nanoseconds hold; refuse before Duration's conversion traps.
    guard abs(secondsAhead) < 9.2e9 else { throw .outOfRange }
    return try engine.clock.now.advanced(by: .seconds(secondsAhead) - offset)
  }
}
