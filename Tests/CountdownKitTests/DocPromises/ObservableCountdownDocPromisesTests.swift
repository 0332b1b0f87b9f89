import CountdownKit
import CountdownTestSupport
import Foundation
import XCTest

/// What the docs of ``ObservableCountdown`` promise of what its operations answer and leave shown,
/// beyond the tests of the model's values and observation.
final class ObservableCountdownDocPromisesTests: XCTestCase {
  /// `pause()`: "Whether it was running (or already paused); `false` once it ended"; `resume()`:
  /// "Whether it was running or paused; `false` once it ended". A second pause and a resume of a
  /// running countdown both answer `true`; after the end both answer `false`.
  func testPauseAndResumeAnswerWhetherTheCountdownWasRunningOrPaused() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("Observation") }
    try withManualManager { manager, clock, _ in
      let model = try manager.countdown(for: .seconds(5))
      XCTAssertTrue(model.resume(), "running: it was running")
      XCTAssertTrue(model.pause())
      XCTAssertTrue(model.pause(), "already paused")
      XCTAssertTrue(model.isPaused)
      XCTAssertTrue(model.resume())
      XCTAssertFalse(model.isPaused)
      try clock.advance(by: .seconds(5))
      XCTAssertTrue(model.hasEnded)
      XCTAssertFalse(model.pause(), "false once it ended")
      XCTAssertFalse(model.resume(), "false once it ended")
      XCTAssertFalse(model.isPaused, "never true once it ended")
    }
  }

  /// `endDate`: "`nil` … while frozen (see `pauseTime`)"; `pauseTime`: "`nil` while it runs";
  /// while paused, `timerInterval` "is laid out from `pauseTime`": it still spans the whole length.
  func testWhilePausedTheEndDateIsNilAndTheRangeIsLaidOutFromPauseTime() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("Observation") }
    try withManualManager { manager, clock, wall in
      let start = wall.now
      let model = try manager.countdown(for: .seconds(10))
      XCTAssertNil(model.pauseTime, "nil while it runs")
      XCTAssertEqual(model.endDate, start + 10)
      XCTAssertEqual(model.timerInterval, start...(start + 10))
      try clock.advance(by: 3, with: wall)
      model.pause()
      XCTAssertNil(model.endDate, "nil while frozen")
      XCTAssertEqual(model.pauseTime, start + 3)
      XCTAssertEqual(model.timerDates.pauseTime, model.pauseTime)
      XCTAssertEqual(model.timerDates.timerInterval, model.timerInterval)
      XCTAssertEqual(
        model.timerInterval.upperBound.timeIntervalSince(model.timerInterval.lowerBound), 10, accuracy: 1e-6,
        "the whole length, across the pause")
    }
  }

  /// `cancel()`: "Ends the countdown where it is, without changing the values. Returns: Whether
  /// it was still running"; `endDate` is "`nil` … after `cancel()`", the range of a cancelled
  /// countdown is empty (one date), and `isActive` is then `false`.
  func testACancelKeepsTheValuesClearsTheEndAndAnswersWhetherItRan() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("Observation") }
    try withManualManager { manager, clock, wall in
      let model = try manager.countdown(for: .seconds(10))
      try clock.advance(by: 4, with: wall)
      XCTAssertTrue(model.isActive)
      XCTAssertTrue(model.cancel(), "it was running")
      XCTAssertEqual(model.remaining, 6, "the value is kept")
      XCTAssertFalse(model.hasEnded)
      XCTAssertFalse(model.isActive)
      XCTAssertNil(model.endDate, "nil after cancel()")
      XCTAssertNil(model.pauseTime)
      XCTAssertEqual(
        model.timerInterval.lowerBound, model.timerInterval.upperBound, "a cancelled countdown's range is one date")
      XCTAssertFalse(model.cancel(), "no longer running")
      try clock.advance(by: 10, with: wall)
      XCTAssertEqual(model.remaining, 6, "nothing comes after the cancel")
      XCTAssertFalse(model.hasEnded)
    }
  }

  /// `isActive`: "`false` as soon as `hasEnded` is `true`"; `endDate`: "once ended, the date it
  /// ended", and the range of an ended countdown is `end...end`.
  func testAnEndedCountdownIsInactiveAndShowsTheDateItEnded() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("Observation") }
    try withManualManager { manager, clock, wall in
      let start = wall.now
      let model = try manager.countdown(for: .seconds(3))
      try clock.advance(by: 5, with: wall)
      XCTAssertTrue(model.hasEnded)
      XCTAssertFalse(model.isActive)
      XCTAssertEqual(model.endDate, start + 3)
      XCTAssertEqual(model.timerInterval, (start + 3)...(start + 3))
    }
  }

  /// `addTime(_:)`: "Returns: Whether it was running or paused (an ended or cancelled countdown
  /// gets no time)": `false`, and the values stay.
  func testAnEndedOrCancelledCountdownGetsNoTime() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("Observation") }
    try withManualManager { manager, clock, _ in
      let ended = try manager.countdown(for: .seconds(2))
      try clock.advance(by: .seconds(2))
      XCTAssertFalse(try ended.addTime(.seconds(10)))
      XCTAssertEqual(ended.remaining, 0)
      XCTAssertTrue(ended.hasEnded)
      let cancelled = try manager.countdown(for: .seconds(9))
      cancelled.cancel()
      XCTAssertFalse(try cancelled.addTime(.seconds(10)))
      XCTAssertEqual(cancelled.remaining, 9)
      let paused = try manager.countdown(for: .seconds(9))
      paused.pause()
      XCTAssertTrue(try paused.addTime(.seconds(1)), "a paused one gets time")
      XCTAssertEqual(paused.remaining, 10)
    }
  }

  /// `addTime(_:)` "Throws: `outOfRange` for an end beyond 292 years from now …; the countdown
  /// and the values are then left as they were."
  func testARefusedAddTimeLeavesTheCountdownAsItWas() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("Observation") }
    try withManualManager { manager, _, _ in
      let model = try manager.countdown(for: .seconds(9))
      let dates = model.timerDates
      let end = model.endDate
      assertThrows(CountdownError.outOfRange) { () throws(CountdownError) in
        _ = try model.addTime(.seconds(Int64(300) * 365 * 86_400))
      }
      XCTAssertEqual(model.remaining, 9)
      XCTAssertEqual(model.endDate, end)
      XCTAssertEqual(model.timerDates, dates)
      XCTAssertTrue(model.isActive)
    }
  }

  /// `restart(until:)`: "A date already passed ends it at once; counting overtime, it starts in
  /// overtime instead": the overtime one shows the seconds past its deadline, below `0`, and has
  /// not ended.
  func testAPassedDateCountingOvertimeStartsInOvertime() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("Observation") }
    try withManualManager { manager, _, wall in
      let model = try manager.countdown(for: .seconds(5))
      try model.restart(until: wall.now - 3, pastTheEnd: .countsOvertime)
      XCTAssertEqual(model.remaining, -3)
      XCTAssertTrue(model.isOvertime)
      XCTAssertFalse(model.hasEnded)
      XCTAssertEqual(model.endDate, wall.now - 3, "the end date stays its deadline")
    }
  }

  /// `hasEnded`: "a view reading only this is not updated on every step"; `endDate` is "Set only
  /// when the countdown starts, pauses, resumes, gets time, ends …, so a view that reads it is not
  /// updated on every step": ticks change neither, the end changes each once.
  func testTicksChangeNeitherHasEndedNorTheDates() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("Observation") }
    try withManualManager { manager, clock, wall in
      let model = try manager.countdown(for: .seconds(5))
      let ended = ObservationCounter { _ = model.hasEnded }
      let dates = ObservationCounter { _ = (model.endDate, model.timerInterval, model.pauseTime) }
      try clock.advance(by: 4, with: wall)
      XCTAssertEqual(model.remaining, 1)
      XCTAssertEqual(ended.changes, 0, "no update on a step")
      XCTAssertEqual(dates.changes, 0, "no update on a step")
      try clock.advance(by: 1, with: wall)
      XCTAssertTrue(model.hasEnded)
      XCTAssertEqual(ended.changes, 1, "the end, once")
      XCTAssertEqual(dates.changes, 1, "the end, once")
    }
  }

  /// `ObservableCountdown.endDate`: "once ended, the date it ended"; `restart(until:)`: "A date
  /// already passed ends it at once". Restarting a running model to a passed date ends it now, so
  /// its end date is now, not the replaced countdown's deadline (it kept that deadline).
  func testARunningModelRestartedToAPassedDateShowsNowAsItsEnd() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("Observation") }
    try withManualManager { manager, _, wall in
      let model = try manager.countdown(for: .seconds(30))
      try model.restart(until: wall.now - 5)
      XCTAssertTrue(model.hasEnded)
      XCTAssertEqual(model.remaining, 0)
      XCTAssertEqual(model.endDate, wall.now, "ended now, not at the replaced countdown's deadline")
      XCTAssertEqual(model.timerInterval, wall.now...wall.now)
    }
  }
}
