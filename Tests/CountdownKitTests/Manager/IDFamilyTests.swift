import CountdownKit
import Foundation
import XCTest

/// The id-keyed methods mirror the receiver-keyed ones: every start form replaces the id's
/// countdown, bad input throws a typed error and leaves it running, and pause, resume, listen and
/// remaining answer by id.
final class IDFamilyTests: XCTestCase {
  func testStartBySecondsAndByTimeIntervalReplaceTheIDsCountdown() throws {
    try withManualManager { manager, clock, _ in
      let seen = LockedState<[Int]>([])
      try manager.start(id: "code", seconds: 30) { _, remaining, _ in seen.withLock { $0.append(remaining) } }
      try manager.start(id: "code", seconds: 2.5) { _, remaining, _ in seen.withLock { $0.append(100 + remaining) } }
      XCTAssertEqual(manager.count, 1, "replaced, not added")
      try clock.advance(by: .seconds(3))
      XCTAssertEqual(
        seen.withLock { $0 }, [30, 103, 102, 101, 100],
        "the first countdown's first value inside its start; once replaced, only the replacing callback, rounded up")
      XCTAssertFalse(manager.contains(id: "code"))
      try manager.start(id: "code", seconds: 1) { _, remaining, _ in seen.withLock { $0.append(200 + remaining) } }
      XCTAssertEqual(manager.timeLeft(id: "code"), .seconds(1), "an ended id starts afresh")
    }
  }

  func testBadSecondsAndTimeIntervalsThrowTypedErrorsAndKeepTheRunningCountdown() throws {
    try withManualManager { manager, clock, _ in
      let seen = LockedState<[Int]>([])
      try manager.start(id: 7, seconds: 10) { _, remaining, _ in seen.withLock { $0.append(remaining) } }
      let bad: [(TimeInterval, CountdownError)] = [
        (-1, .negativeDuration), (Double(Int.min), .negativeDuration), (-0.5, .negativeDuration),
        (.nan, .nonFiniteValue), (.infinity, .nonFiniteValue), (-.infinity, .nonFiniteValue), (1e300, .outOfRange),
      ]
      for (seconds, expected) in bad {
        do throws(CountdownError) {
          try manager.start(id: 7, seconds: seconds) { _, _, _ in XCTFail("a rejected callback ran") }
          XCTFail("\(seconds) accepted")
        } catch {
          XCTAssertEqual(error, expected, "\(seconds)")
        }
      }
      XCTAssertThrowsError(try manager.start(id: 7, seconds: Double(Int.max)) { _, _, _ in })
      try clock.advance(by: .seconds(2))
      XCTAssertEqual(seen.withLock { $0 }, [10, 9, 8], "the running countdown was left as it was")
      XCTAssertTrue(manager.contains(id: 7))
      XCTAssertEqual(manager.timeLeft(id: 7), .seconds(8))
    }
  }

  func testListenByIDCountsUpUntilCancelledAndReplacesACountdown() throws {
    try withManualManager { manager, clock, _ in
      let seen = LockedState<[Int]>([])
      let replaced = LockedState<[Int]>([])
      try manager.start(id: "call", seconds: 100) { _, remaining, _ in replaced.withLock { $0.append(remaining) } }
      manager.listen(id: "call") { _, elapsed, _ in seen.withLock { $0.append(elapsed) } }
      XCTAssertEqual(manager.count, 1)
      try clock.advance(by: .seconds(3))
      XCTAssertEqual(replaced.withLock { $0 }, [100], "its first value inside its start, then nothing once replaced")
      XCTAssertEqual(seen.withLock { $0 }, [0, 1, 2, 3])
      XCTAssertEqual(manager.timeLeft(id: "call"), .seconds(3), "elapsed, for a listener")
      XCTAssertTrue(manager.cancel(id: "call"))
      try clock.advance(by: .seconds(3))
      XCTAssertEqual(seen.withLock { $0 }, [0, 1, 2, 3])
    }
  }

  func testListenByIDEndsWhenStopIsSet() throws {
    try withManualManager { manager, clock, _ in
      let seen = LockedState<[Int]>([])
      manager.listen(id: UUID()) { _, elapsed, stop in
        seen.withLock { $0.append(elapsed) }
        stop = elapsed == 2
      }
      try clock.advance(by: .seconds(5))
      XCTAssertEqual(seen.withLock { $0 }, [0, 1, 2])
      XCTAssertEqual(manager.count, 0)
    }
  }

  func testPauseAndResumeByID() throws {
    try withManualManager { manager, clock, _ in
      let seen = LockedState<[Int]>([])
      try manager.start(id: "quiz", seconds: 10) { _, remaining, _ in seen.withLock { $0.append(remaining) } }
      try manager.start(id: "other", seconds: 10) { _, _, _ in }
      try clock.advance(by: .seconds(2))
      XCTAssertTrue(manager.pause(id: "quiz"))
      try clock.advance(by: .seconds(5))
      XCTAssertEqual(manager.timeLeft(id: "quiz"), .seconds(8), "frozen")
      XCTAssertEqual(manager.timeLeft(id: "other"), .seconds(3), "the other id kept counting")
      XCTAssertTrue(manager.resume(id: "quiz"))
      try clock.advance(by: .seconds(1))
      XCTAssertEqual(seen.withLock { $0 }, [10, 9, 8, 8, 7], "a prompt callback on resume, then on")
      // Unknown ids, and ids of another type, are answered, not trapped.
      XCTAssertFalse(manager.pause(id: "nobody"))
      XCTAssertFalse(manager.resume(id: "nobody"))
      XCTAssertFalse(manager.pause(id: Substring("quiz")))
      XCTAssertNil(manager.timeLeft(id: 0))
    }
  }

  func testPausedIDIsReplacedByARestart() throws {
    try withManualManager { manager, clock, _ in
      try manager.start(id: 1, seconds: 10) { _, _, _ in }
      XCTAssertTrue(manager.pause(id: 1))
      try manager.start(id: 1, seconds: 4) { _, _, _ in }
      try clock.advance(by: .seconds(1))
      XCTAssertEqual(manager.timeLeft(id: 1), .seconds(3), "the restart runs, unpaused")
    }
  }
}
