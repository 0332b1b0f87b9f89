import CountdownKit
import Foundation
import XCTest

/// One deadline everywhere: the dates handed to the system (timer texts, Live Activities, widgets,
/// notification triggers) are the device's dates for the deadline the manager counts to.
final class SystemDatesTests: XCTestCase {
  func testAnIDsEndDateAndTimerIntervalFollowItsDeadline() throws {
    try withManualManager { manager, clock, wall in
      let start = wall.now
      try manager.start(id: "sale", for: .seconds(30)) { _, _, _ in }
      XCTAssertEqual(manager.endDate(id: "sale"), start + 30)
      XCTAssertEqual(manager.timerInterval(id: "sale"), start...(start + 30))
      try clock.advance(by: .seconds(10))
      wall.jump(by: 10)
      XCTAssertEqual(manager.endDate(id: "sale"), start + 30, "the same moment as time passes")
      XCTAssertEqual(manager.timerInterval(id: "sale"), start...(start + 30))
      // The user sets the device's clock an hour ahead: the deadline has not moved, its device date has.
      wall.jump(by: 3_600)
      XCTAssertEqual(manager.endDate(id: "sale"), start + 3_630)
      XCTAssertNil(manager.endDate(id: "unknown"))
      XCTAssertNil(manager.timerInterval(id: "unknown"))
      manager.listen(id: "up") { _, _, _ in }
      XCTAssertNil(manager.endDate(id: "up"), "a count-up has no end")
      XCTAssertNil(manager.timerInterval(id: "up"))
    }
  }

  func testAServerDateMapsToTheDeviceDateLessTheOffset() throws {
    try withManualManager { manager, _, wall in
      try manager.calibrate(serverNow: wall.now + 3_600)  // the server is an hour ahead
      let serverEnd = wall.now + 3_600 + 90
      try manager.start(id: 1, until: serverEnd) { _, _, _ in }
      let offset = Double(manager.serverOffset.components.seconds)
      XCTAssertEqual(
        manager.endDate(id: 1)?.timeIntervalSince1970 ?? 0, (serverEnd - offset).timeIntervalSince1970, accuracy: 1e-6)
      XCTAssertEqual(
        manager.endDate(id: 1)?.timeIntervalSince1970 ?? 0, (wall.now + 90).timeIntervalSince1970, accuracy: 1e-6)
      XCTAssertEqual(manager.timeLeft(id: 1), .seconds(90))
    }
  }

  func testAPausedCountdownHasNoEndAndLaysOutWhatIsLeft() throws {
    try withManualManager { manager, clock, wall in
      try manager.start(id: "quiz", for: .seconds(60)) { _, _, _ in }
      try clock.advance(by: .seconds(15))
      wall.jump(by: 15)
      manager.pause(id: "quiz")
      try clock.advance(by: .seconds(100))
      wall.jump(by: 100)
      XCTAssertNil(manager.endDate(id: "quiz"))
      XCTAssertEqual(
        manager.timerInterval(id: "quiz"), (wall.now - 15)...(wall.now + 45), "its whole length, laid out from now")
      XCTAssertEqual(manager.timerDates(id: "quiz")?.pauseTime, wall.now)
      XCTAssertTrue(manager.isPaused(id: "quiz"))
      manager.resume(id: "quiz")
      XCTAssertEqual(manager.endDate(id: "quiz"), wall.now + 45)
      XCTAssertNil(manager.timerDates(id: "quiz")?.pauseTime)
      XCTAssertFalse(manager.isPaused(id: "quiz"))
    }
  }

  func testAnObservableCountdownsDatesNeverTrap() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("needs Observation") }
    try withManualManager { manager, clock, wall in
      let start = wall.now
      let countdown = try manager.countdown(for: .seconds(20))
      XCTAssertEqual(countdown.endDate, start + 20)
      XCTAssertEqual(countdown.timerInterval, start...(start + 20))
      try clock.advance(by: .seconds(5))
      wall.jump(by: 5)
      countdown.pause()
      XCTAssertNil(countdown.endDate)
      XCTAssertEqual(countdown.timerInterval, (wall.now - 5)...(wall.now + 15))
      XCTAssertEqual(countdown.pauseTime, wall.now)
      try clock.advance(by: .seconds(5))
      wall.jump(by: 5)
      countdown.resume()
      XCTAssertEqual(countdown.endDate, wall.now + 15)
      XCTAssertEqual(countdown.timerInterval.upperBound, wall.now + 15)
      XCTAssertEqual(countdown.timerInterval.lowerBound, start + 5, "the 5 s paused moved its start too")
      XCTAssertNil(countdown.pauseTime)
      try clock.advance(by: .seconds(15))
      wall.jump(by: 15)
      XCTAssertTrue(countdown.hasEnded)
      XCTAssertEqual(countdown.endDate, wall.now)
      XCTAssertEqual(countdown.timerInterval, wall.now...wall.now, "ended: an empty range at the end")

      // A date in the past, a server date, a cancel: the range stays a range.
      try countdown.restart(until: wall.now - 100)
      XCTAssertTrue(countdown.hasEnded)
      XCTAssertLessThanOrEqual(countdown.timerInterval.lowerBound, countdown.timerInterval.upperBound)
      try manager.calibrate(serverNow: wall.now - 600)  // the server is ten minutes behind
      try countdown.restart(until: wall.now - 600 + 30)
      XCTAssertEqual(countdown.remaining, 30)
      XCTAssertEqual(
        countdown.endDate?.timeIntervalSince1970 ?? 0, (wall.now + 30).timeIntervalSince1970, accuracy: 1e-6)
      countdown.cancel()
      XCTAssertNil(countdown.endDate)
      XCTAssertEqual(countdown.timerInterval, wall.now...wall.now)
      let fresh = try manager.countdown(for: .zero)
      XCTAssertEqual(fresh.timerInterval, wall.now...wall.now)
      try clock.advance(by: .zero)
    }
  }

  func testAModelsDatesComeAgainAfterAClockChange() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("needs Observation") }
    try withManualManager { manager, _, wall in
      let countdown = try manager.countdown(for: .seconds(60))
      let end = wall.now + 60
      wall.jump(by: -3_600)  // the user sets the clock an hour back
      XCTAssertEqual(countdown.endDate, end, "kept until asked again")
      countdown.refreshDates()
      XCTAssertEqual(countdown.endDate, end - 3_600)
      countdown.cancel()
    }
  }
}
