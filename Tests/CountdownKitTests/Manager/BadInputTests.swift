import CountdownKit
import Foundation
import XCTest

/// Every public entry point, fed hostile values: a typed error or a defined result, never a trap,
/// and the receiver's existing countdown untouched.
final class BadInputTests: XCTestCase {
  func testHostileValuesEverywhere() throws {
    try withManualManager { manager, clock, _ in
      let label = CountdownLabel("victim")
      try manager.start(label, seconds: 10) { label, remaining, _ in label.shown.append(remaining) }
      try manager.start(id: "victim", for: .seconds(10)) { _, _, _ in }

      Self.rejectsBadDurations(manager, label)
      Self.rejectsBadDatesAndTimeIntervals(manager, label)
      XCTAssertThrowsError(try clock.advance(by: .seconds(-1)))
      XCTAssertThrowsError(try clock.jump(by: .seconds(Int64.max)))

      // All rejected: the existing countdowns run on as before.
      try clock.advance(by: .seconds(1))
      XCTAssertEqual(label.shown, [10, 9])
      XCTAssertEqual(manager.timeLeft(id: "victim"), .seconds(9))
      XCTAssertFalse(manager.contains(id: "never started"))

      try Self.endsZeroAndPastDeadlinesAtOnce(manager, clock)
      Self.answersForStrangers(manager)
    }
  }

  /// Negative and unrepresentable durations, through every entry point that takes one.
  @MainActor
  private static func rejectsBadDurations(_ manager: CountdownManager, _ label: CountdownLabel) {
    for duration: Duration in [.seconds(-1), .nanoseconds(-1), .seconds(Int64.max), .seconds(Int64.min)] {
      Self.assertRejected("\(duration)") { () throws(CountdownError) in
        try manager.start(label, for: duration) { _, _, _ in }
      }
      Self.assertRejected("id, \(duration)") { () throws(CountdownError) in
        try manager.start(id: "victim", for: duration) { _, _, _ in }
      }
      Self.assertRejected("never started, \(duration)") { () throws(CountdownError) in
        try manager.start(id: "never started", for: duration) { _, _, _ in }
      }
      Self.assertRejected("after \(duration)") { () throws(CountdownError) in try manager.after(duration) {} }
      Self.assertRejected("values for \(duration)") { () throws(CountdownError) in _ = try manager.values(for: duration)
      }
    }
    for interval: Duration in [.zero, .seconds(-1), .nanoseconds(-1), .seconds(Int64.min)] {
      assertThrows(oneOf: [.invalidInterval, .outOfRange], "interval \(interval)") { () throws(CountdownError) in
        _ = try CountdownManager(interval: interval)
      }
    }
    for seconds: TimeInterval in [-1, -Double.greatestFiniteMagnitude, Double(Int.max)] {
      Self.assertRejected("\(seconds) s") { () throws(CountdownError) in
        try manager.start(label, seconds: seconds) { _, _, _ in }
      }
    }
  }

  /// Non-finite, negative and far-off time intervals and dates, and calibrations with them.
  @MainActor
  private static func rejectsBadDatesAndTimeIntervals(_ manager: CountdownManager, _ label: CountdownLabel) {
    for interval in [TimeInterval.nan, .infinity, -.infinity, -1, 1e300] {
      Self.assertRejected("\(interval)") { () throws(CountdownError) in
        try manager.start(label, seconds: interval) { _, _, _ in }
      }
    }
    let dates = [
      Date.distantFuture, Date(timeIntervalSinceReferenceDate: .infinity), Date(timeIntervalSinceReferenceDate: .nan),
    ]
    for date in dates {
      Self.assertRejected("until \(date)") { () throws(CountdownError) in
        try manager.start(label, until: date) { _, _, _ in }
      }
      Self.assertRejected("id until \(date)") { () throws(CountdownError) in
        try manager.start(id: "victim", until: date) { _, _, _ in }
      }
      Self.assertRejected("values until \(date)") { () throws(CountdownError) in _ = try manager.values(until: date) }
      Self.assertRejected("calibration to \(date)") { () throws(CountdownError) in
        try manager.calibrate(serverNow: date)
      }
    }
    XCTAssertEqual(manager.serverOffset, .zero, "a rejected calibration changes nothing")
  }

  /// Defined results, not errors: a zero duration and a date long past end at once with one 0.
  @MainActor
  private static func endsZeroAndPastDeadlinesAtOnce(_ manager: CountdownManager, _ clock: ManualCountdownClock) throws
  {
    let past = CountdownLabel("past"), zero = CountdownLabel("zero")
    try manager.start(past, until: .distantPast) { label, remaining, _ in label.shown.append(remaining) }
    try manager.start(zero, seconds: 0) { label, remaining, _ in label.shown.append(remaining) }
    try clock.advance(by: .seconds(2))
    XCTAssertEqual(past.shown, [0])
    XCTAssertEqual(zero.shown, [0])
  }

  /// Cancelling, pausing and querying the unknown are answered, not trapped.
  @MainActor
  private static func answersForStrangers(_ manager: CountdownManager) {
    let stranger = CountdownLabel("stranger")
    XCTAssertFalse(manager.cancel(stranger))
    XCTAssertFalse(manager.pause(stranger))
    XCTAssertFalse(manager.resume(stranger))
    XCTAssertNil(manager.timeLeft(for: stranger))
    XCTAssertFalse(manager.cancel(id: UUID()))
  }

  /// Fails unless `call` throws one of the errors bad input gets.
  private static func assertRejected(
    _ name: @autoclosure () -> String, line: UInt = #line, _ call: () throws(CountdownError) -> Void
  ) {
    assertThrows(oneOf: [.negativeDuration, .outOfRange, .nonFiniteValue], name(), line: line, call)
  }

  func testErrorsAreTyped() throws {
    try withManualManager { manager, _, _ in
      let label = CountdownLabel("a")
      assertThrows(.negativeDuration, "seconds: -3") { () throws(CountdownError) in
        try manager.start(label, seconds: -3) { _, _, _ in }
      }
      assertThrows(.nonFiniteValue, "timeInterval: .nan") { () throws(CountdownError) in
        try manager.start(label, seconds: .nan) { _, _, _ in }
      }
    }
  }
}
