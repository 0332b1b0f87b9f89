import CountdownKit
import Foundation
import XCTest

/// Every public entry point, fed hostile values: a typed error or a defined result, never a trap,
/// and the receiver's existing countdown untouched.
final class BadInputTests: XCTestCase {
  func testHostileValuesEverywhere() throws {
    try MainActor.assumeIsolated {
      let wall = TestWallClock()
      let (manager, clock) = try makeManager(wall: wall)
      let label = CountdownLabel("victim")
      try manager.start(label, seconds: 10) { label, remaining, _ in label.shown.append(remaining) }
      try manager.start(id: "victim", for: .seconds(10)) { _, _, _ in }

      let durations: [Duration] = [.seconds(-1), .nanoseconds(-1), .seconds(Int64.max), .seconds(Int64.min)]
      for duration in durations {
        XCTAssertThrowsError(try manager.start(label, for: duration) { _, _, _ in }, "\(duration)")
        XCTAssertThrowsError(try manager.start(id: "victim", for: duration) { _, _, _ in }, "\(duration)")
        XCTAssertThrowsError(try manager.after(duration) {}, "\(duration)")
        XCTAssertThrowsError(try manager.values(for: duration), "\(duration)")
        XCTAssertThrowsError(try CountdownManager(interval: duration.components.seconds < 0 ? duration : .zero))
      }
      for seconds in [-1, Int.min, Int.max] {
        XCTAssertThrowsError(try manager.start(label, seconds: seconds) { _, _, _ in }, "\(seconds)")
      }
      for interval in [TimeInterval.nan, .infinity, -.infinity, -1, 1e300] {
        XCTAssertThrowsError(try manager.start(label, timeInterval: interval) { _, _, _ in }, "\(interval)")
      }
      for date in [Date.distantFuture, Date(timeIntervalSinceReferenceDate: .infinity), Date(timeIntervalSinceReferenceDate: .nan)] {
        XCTAssertThrowsError(try manager.start(label, until: date) { _, _, _ in }, "\(date)")
        XCTAssertThrowsError(try manager.start(id: "victim", until: date) { _, _, _ in }, "\(date)")
        XCTAssertThrowsError(try manager.values(until: date), "\(date)")
      }
      for date in [Date.distantFuture, Date(timeIntervalSinceReferenceDate: .nan)] {
        XCTAssertThrowsError(try manager.calibrate(serverNow: date))
      }
      XCTAssertEqual(manager.serverOffset, .zero, "a rejected calibration changes nothing")
      XCTAssertThrowsError(try clock.advance(by: .seconds(-1)))
      XCTAssertThrowsError(try clock.jump(by: .seconds(Int64.max)))

      // All rejected: the existing countdowns run on as before.
      try clock.advance(by: .seconds(1))
      XCTAssertEqual(label.shown, [10, 9])
      XCTAssertEqual(manager.remaining(id: "victim"), .seconds(9))

      // Defined results, not errors: a zero duration and a date long past end at once with one 0.
      let past = CountdownLabel("past"), zero = CountdownLabel("zero")
      try manager.start(past, until: .distantPast) { label, remaining, _ in label.shown.append(remaining) }
      try manager.start(zero, timeInterval: 0) { label, remaining, _ in label.shown.append(remaining) }
      try clock.advance(by: .seconds(2))
      XCTAssertEqual(past.shown, [0])
      XCTAssertEqual(zero.shown, [0])
      // Cancelling, pausing and querying the unknown are answered, not trapped.
      let stranger = CountdownLabel("stranger")
      XCTAssertFalse(manager.cancel(stranger))
      XCTAssertFalse(manager.pause(stranger))
      XCTAssertFalse(manager.resume(stranger))
      XCTAssertNil(manager.remaining(for: stranger))
      XCTAssertFalse(manager.cancel(id: UUID()))
    }
  }

  func testErrorsAreTyped() throws {
    try MainActor.assumeIsolated {
      let (manager, _) = try makeManager()
      let label = CountdownLabel("a")
      do throws(CountdownError) {
        try manager.start(label, seconds: -3) { _, _, _ in }
        XCTFail("accepted")
      } catch {
        XCTAssertEqual(error, .negativeDuration)  // `error` is a CountdownError: typed throws
      }
      do throws(CountdownError) {
        try manager.start(label, timeInterval: .nan) { _, _, _ in }
        XCTFail("accepted")
      } catch {
        XCTAssertEqual(error, .nonFiniteValue)
      }
    }
  }
}
