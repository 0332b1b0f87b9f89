import CountdownKit
import Foundation
import Observation
import XCTest

/// `ObservableCountdown` under `withObservationTracking`: one change per value change, none
/// between, `hasEnded` changing once; replaced on restart; ended when released.
final class ObservableCountdownTests: XCTestCase {
  func testOneObservedChangePerValueChangeAndNoneBetween() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("needs Observation") }
    try withManualManager { manager, clock, _ in
      let countdown = try manager.countdown(for: .seconds(5))
      XCTAssertEqual(countdown.remaining, 5, "the value is there at once, before any callback")
      XCTAssertFalse(countdown.hasEnded)
      let values = ObservationCounter { _ = countdown.remaining }
      let ended = ObservationCounter { _ = countdown.hasEnded }
      let time = ObservationCounter { _ = countdown.remainingTime }
      try clock.advance(by: .zero)  // the prompt first callback, with the same value
      XCTAssertEqual(values.changes, 0, "an equal value is no change")
      for step in 1...4 {
        try clock.advance(by: .milliseconds(500))
        XCTAssertEqual(values.changes, step - 1, "between changes: none")
        try clock.advance(by: .milliseconds(500))
        XCTAssertEqual(values.changes, step, "one per change")
        XCTAssertEqual(countdown.remaining, 5 - step)
      }
      XCTAssertEqual(ended.changes, 0, "hasEnded readers are not told about every step")
      try clock.advance(by: .seconds(3))
      XCTAssertEqual(countdown.remaining, 0)
      XCTAssertTrue(countdown.hasEnded)
      XCTAssertEqual(values.changes, 5)
      XCTAssertEqual(ended.changes, 1)
      XCTAssertEqual(time.changes, 5)
      XCTAssertFalse(countdown.isActive)
    }
  }

  func testSeveralTicksInOneAdvanceAreOneChangeEach() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("needs Observation") }
    try withManualManager { manager, clock, _ in
      let countdown = try manager.countdown(for: .seconds(100))
      let values = ObservationCounter { _ = countdown.remaining }
      try clock.advance(by: .seconds(10))
      XCTAssertEqual(values.changes, 10)
      XCTAssertEqual(countdown.remaining, 90)
    }
  }

  func testRemainingTimeCountsTheManagersIntervals() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("needs Observation") }
    try withManualManager(interval: .seconds(60)) { manager, clock, _ in
      let countdown = try manager.countdown(for: .seconds(150))
      XCTAssertEqual(countdown.remaining, 3, "whole minutes, rounded up")
      XCTAssertEqual(countdown.remainingTime, RemainingTime(seconds: 180))
      try clock.advance(by: .seconds(60))
      XCTAssertEqual(countdown.remainingTime.minutes, 2)
    }
  }

  func testRestartReplacesTheCountdown() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("needs Observation") }
    try withManualManager { manager, clock, wall in
      let countdown = try manager.countdown(for: .seconds(2))
      try clock.advance(by: .seconds(3))
      XCTAssertTrue(countdown.hasEnded)
      let ended = ObservationCounter { _ = countdown.hasEnded }
      try countdown.restart(for: .seconds(10))
      XCTAssertEqual(countdown.remaining, 10, "the new value at once")
      XCTAssertFalse(countdown.hasEnded)
      XCTAssertEqual(ended.changes, 1)
      try countdown.restart(until: wall.now + 4)
      XCTAssertEqual(manager.count, 1, "replaced, never a second countdown")
      try clock.advance(by: .seconds(1))
      XCTAssertEqual(countdown.remaining, 3, "the latest deadline counts")
      try clock.advance(by: .seconds(3))
      XCTAssertTrue(countdown.hasEnded)
      XCTAssertEqual(manager.count, 0)
    }
  }

  func testARejectedRestartLeavesTheCountdownAndItsValues() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("needs Observation") }
    try withManualManager { manager, clock, _ in
      let countdown = try manager.countdown(for: .seconds(10))
      let values = ObservationCounter { _ = countdown.remaining }
      do throws(CountdownError) {
        try countdown.restart(for: .seconds(-1))
        XCTFail("accepted")
      } catch {
        XCTAssertEqual(error, .negativeDuration)
      }
      XCTAssertThrowsError(try countdown.restart(until: .distantFuture))
      XCTAssertThrowsError(try countdown.restart(until: Date(timeIntervalSinceReferenceDate: .nan)))
      XCTAssertEqual(values.changes, 0)
      try clock.advance(by: .seconds(1))
      XCTAssertEqual(countdown.remaining, 9)
      XCTAssertThrowsError(try manager.countdown(for: .seconds(Int64.max)))
      XCTAssertThrowsError(try manager.countdown(until: .distantFuture))
      XCTAssertEqual(manager.count, 1, "the rejected ones registered nothing")
    }
  }

  func testADateInThePastHasEndedAtOnce() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("needs Observation") }
    try withManualManager { manager, clock, _ in
      let countdown = try manager.countdown(until: .distantPast)
      XCTAssertEqual(countdown.remaining, 0)
      XCTAssertTrue(countdown.hasEnded)
      let values = ObservationCounter { _ = (countdown.remaining, countdown.hasEnded) }
      try clock.advance(by: .seconds(1))
      XCTAssertEqual(values.changes, 0, "its single 0 is no change")
    }
  }

  func testReleasingTheModelEndsItsCountdown() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("needs Observation") }
    try withManualManager { manager, clock, _ in
      weak var released: ObservableCountdown?
      do {
        let countdown = try manager.countdown(for: .seconds(100))
        released = countdown
        XCTAssertEqual(manager.count, 1)
      }
      XCTAssertNil(released, "the manager does not keep the model alive")
      XCTAssertEqual(manager.count, 0, "its countdown ended with it")
      let firstValue = manager.engine.statistics.deliveries
      XCTAssertEqual(firstValue, 1, "its first value, inside the call that made it")
      try clock.advance(by: .seconds(2))
      XCTAssertEqual(manager.engine.statistics.deliveries, firstValue, "nothing once it is gone")
    }
  }

  func testCancelAndCancelAllKeepTheLastValue() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("needs Observation") }
    try withManualManager { manager, clock, _ in
      let first = try manager.countdown(for: .seconds(10)), second = try manager.countdown(for: .seconds(10))
      try clock.advance(by: .seconds(2))
      XCTAssertTrue(first.cancel())
      XCTAssertFalse(first.cancel())
      manager.cancelAll()
      try clock.advance(by: .seconds(2))
      XCTAssertEqual([first.remaining, second.remaining], [8, 8])
      XCTAssertEqual([first.isActive, second.isActive, first.hasEnded], [false, false, false])
    }
  }

  func testPauseFreezesAndResumeContinues() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("needs Observation") }
    try withManualManager { manager, clock, _ in
      let quiz = try manager.countdown(for: .seconds(20))
      let paused = ObservationCounter { _ = quiz.isPaused }
      try clock.advance(by: .seconds(2))
      XCTAssertTrue(quiz.pause())
      XCTAssertTrue(quiz.isPaused)
      try clock.advance(by: .seconds(5))
      XCTAssertEqual(quiz.remaining, 18, "frozen")
      XCTAssertTrue(quiz.resume())
      XCTAssertFalse(quiz.isPaused)
      try clock.advance(by: .seconds(1))
      XCTAssertEqual(quiz.remaining, 17)
      XCTAssertEqual(paused.changes, 2)
      // A restart replaces a paused countdown with a running one.
      XCTAssertTrue(quiz.pause())
      try quiz.restart(for: .seconds(5))
      XCTAssertFalse(quiz.isPaused)
      try clock.advance(by: .seconds(1))
      XCTAssertEqual(quiz.remaining, 4)
      // Once ended, there is nothing to pause.
      try clock.advance(by: .seconds(4))
      XCTAssertFalse(quiz.pause())
      XCTAssertFalse(quiz.isPaused)
    }
  }

  /// A model delivering milestones holds its value at the start, then changes at each milestone
  /// and at its end, as the manager's own handlers do; one delivering only the end, at the end.
  func testAModelDeliversOnlyWhatItIsAskedFor() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("needs Observation") }
    try withManualManager { manager, clock, _ in
      let exam = try manager.countdown(for: .seconds(30), delivering: .milestones([10]))
      let save = try manager.countdown(for: .seconds(30), delivering: .onlyTheEnd)
      let list = ObservableCountdownList<String>(manager: manager)
      let row = try list.start(id: "row", for: .seconds(30), delivering: .milestones([10]))
      XCTAssertEqual([exam.remaining, save.remaining, row.remaining], [30, 30, 30], "the value at the start")
      try clock.advance(by: .seconds(19))
      XCTAssertEqual([exam.remaining, save.remaining, row.remaining], [30, 30, 30], "nothing delivered between")
      try clock.advance(by: .seconds(1))
      XCTAssertEqual([exam.remaining, save.remaining, row.remaining], [10, 30, 10], "the milestone")
      try clock.advance(by: .seconds(10))
      XCTAssertEqual([exam.remaining, save.remaining, row.remaining], [0, 0, 0])
      XCTAssertTrue(exam.hasEnded && save.hasEnded && row.hasEnded)
      assertThrows(.invalidMilestone) { () throws(CountdownError) in
        _ = try manager.countdown(for: .seconds(30), delivering: .milestones([40]))
      }
      list.removeAll()
    }
  }

  /// A model's snapshot keeps what it delivers: restored, it delivers only that again.
  func testARestoredModelKeepsItsDeliveries() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("needs Observation") }
    try withManualManager { saved, _, _ in
      let exam = try saved.countdown(for: .seconds(30), delivering: .milestones([10]))
      let snapshot = exam.snapshot(id: "exam")
      exam.cancel()
      XCTAssertEqual(snapshot.entries.first?.deliveries, .milestones([10]))

      let (manager, clock) = try makeManager()
      let restored = try XCTUnwrap(manager.countdown(restoring: snapshot, id: "exam"))
      XCTAssertEqual(restored.remaining, 30)
      try clock.advance(by: .seconds(19))
      XCTAssertEqual(restored.remaining, 30, "nothing delivered between")
      try clock.advance(by: .seconds(1))
      XCTAssertEqual(restored.remaining, 10)
      restored.cancel()
    }
  }
}
