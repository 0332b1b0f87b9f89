import CountdownKit
import Foundation
import Observation
import XCTest

/// `ObservablePhaseCountdown` under `withObservationTracking`: a view is told of what it read and
/// of nothing else (the phase at its ends, the value at each step, the dates at each move), and
/// the model's operations move its sequence as the id's do.
final class ObservablePhaseCountdownTests: XCTestCase {
  /// Warm-up 3 s, then Work 5 s / Rest 2 s twice, then Cool-down 1 s: ends at 3, 8, 10, 15, 17, 18 s.
  static func plan() throws -> CountdownPlan {
    try PhaseSequenceTests.plan()
  }

  func testAViewIsToldOfThePhaseAtItsEndsAndOfTheValueAtEachStep() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("needs Observation") }
    try withManualManager { manager, clock, wall in
      let workout = try manager.countdown(plan: Self.plan())
      XCTAssertEqual(workout.phase?.name, "Warm-up", "the position is there at once")
      XCTAssertEqual(workout.nextPhase?.name, "Work")
      XCTAssertEqual(workout.remaining, 3)
      XCTAssertEqual(workout.endDate, wall.now + 3)
      XCTAssertEqual(workout.timerInterval, wall.now...(wall.now + 3))
      XCTAssertEqual(workout.planEndDate, wall.now + 18)
      let phase = ObservationCounter { _ = workout.phase }
      let values = ObservationCounter { _ = workout.remaining }
      let dates = ObservationCounter { _ = workout.timerInterval }
      let ends = ObservationCounter { _ = workout.lastPhaseEnds }
      let ended = ObservationCounter { _ = workout.hasEnded }
      for _ in 0..<2 {
        try clock.advance(by: .seconds(1))
        // The device's clock and the manager's drift apart a little: the dates stay as they were.
        wall.jump(by: 0.001)
      }
      XCTAssertEqual(values.changes, 2)
      XCTAssertEqual([phase.changes, dates.changes, ends.changes], [0, 0, 0], "within a phase: the value only")
      try clock.advance(by: .seconds(1))
      XCTAssertEqual(workout.phase?.name, "Work")
      XCTAssertEqual(workout.cycle, 0)
      XCTAssertEqual(workout.ordinal, 1)
      XCTAssertEqual(workout.lastPhaseEnds.map(\.phase.name), ["Warm-up"])
      XCTAssertEqual(workout.lastPhaseEnds.first?.lateness, .zero)
      XCTAssertEqual(workout.timerInterval, wall.now...(wall.now + 5))
      XCTAssertEqual([phase.changes, dates.changes, ends.changes], [1, 1, 1])
      try clock.advance(by: .seconds(20))
      XCTAssertTrue(workout.hasEnded)
      XCTAssertNil(workout.phase)
      XCTAssertEqual(workout.remaining, 0)
      XCTAssertEqual(workout.lastPhaseEnds.last?.phase.name, "Cool-down")
      XCTAssertEqual(ended.changes, 1)
      XCTAssertEqual(phase.changes, 6)
      XCTAssertEqual(workout.endDate, wall.now, "ended: the date it ended (on time; the test wall clock stands still)")
      XCTAssertEqual(manager.count, 0)
    }
  }

  func testTheModelsOperationsMoveItsSequence() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("needs Observation") }
    try withManualManager { manager, clock, wall in
      let workout = try manager.countdown(plan: Self.plan())
      let paused = ObservationCounter { _ = workout.isPaused }
      XCTAssertTrue(workout.skipPhase())
      XCTAssertEqual(workout.phase?.name, "Work")
      XCTAssertEqual(workout.remaining, 5)
      XCTAssertEqual(workout.lastPhaseEnds, [], "a skip delivers no end")
      try clock.advance(by: .seconds(2))
      XCTAssertTrue(workout.restartPhase())
      XCTAssertEqual(workout.remaining, 5)
      XCTAssertEqual(workout.endDate, wall.now + 5)
      XCTAssertTrue(workout.goToPreviousPhase())
      XCTAssertEqual(workout.phase?.name, "Warm-up")
      XCTAssertTrue(workout.pause())
      XCTAssertTrue(workout.isPaused)
      XCTAssertNil(workout.endDate)
      XCTAssertEqual(workout.pauseTime, wall.now)
      XCTAssertEqual(workout.timerDates.pauseTime, wall.now)
      try clock.advance(by: .seconds(10))
      XCTAssertEqual(workout.remaining, 3)
      XCTAssertTrue(workout.resume())
      XCTAssertFalse(workout.isPaused)
      XCTAssertEqual(paused.changes, 2)
      XCTAssertTrue(try workout.addTime(.seconds(2)))
      XCTAssertEqual(workout.remaining, 5)
      XCTAssertEqual(workout.endDate, wall.now + 5)
      XCTAssertEqual(workout.position?.timeLeftInPhase, .seconds(5))
      XCTAssertTrue(workout.cancel())
      try clock.advance(by: .seconds(30))
      XCTAssertEqual(workout.phase?.name, "Warm-up", "a cancel keeps what the model showed")
      XCTAssertFalse(workout.hasEnded)
      XCTAssertFalse(workout.skipPhase())
      XCTAssertEqual(manager.count, 0)
      try workout.restart(plan: Self.plan())
      XCTAssertEqual(workout.phase?.name, "Warm-up")
      XCTAssertEqual(workout.remaining, 3)
      XCTAssertEqual(manager.count, 1)
    }
  }

  func testReleasingTheModelEndsItsSequence() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("needs Observation") }
    try withManualManager { manager, clock, _ in
      weak var released: ObservablePhaseCountdown?
      do {
        let workout = try manager.countdown(plan: Self.plan())
        XCTAssertTrue(workout.pause())
        released = workout
        XCTAssertEqual(manager.count, 1)
      }
      XCTAssertNil(released, "the manager does not keep the model alive")
      XCTAssertEqual(manager.count, 0, "its sequence ended with it, paused too")
      try clock.advance(by: .seconds(30))
    }
  }

  func testIsActiveWhileRunningOrPausedAndNotOnceEndedOrCancelled() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("needs Observation") }
    try withManualManager { manager, clock, _ in
      let workout = try manager.countdown(plan: Self.plan())
      XCTAssertTrue(workout.isActive, "running")
      XCTAssertTrue(workout.pause())
      XCTAssertTrue(workout.isActive, "paused")
      XCTAssertTrue(workout.resume())
      XCTAssertTrue(workout.cancel())
      XCTAssertFalse(workout.isActive, "cancelled")
      try workout.restart(plan: Self.plan())
      XCTAssertTrue(workout.isActive, "restarted")
      manager.cancelAll()
      XCTAssertFalse(workout.isActive, "cancelled with the manager's others")
      try workout.restart(plan: Self.plan())
      try clock.advance(by: .seconds(17))
      XCTAssertTrue(workout.isActive, "at the last phase")
      try clock.advance(by: .seconds(1))
      XCTAssertTrue(workout.hasEnded)
      XCTAssertFalse(workout.isActive, "ended")
    }
  }

  func testTheDatesComeAgainAfterAClockChangeWhenAsked() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("needs Observation") }
    try withManualManager { manager, clock, wall in
      let workout = try manager.countdown(plan: Self.plan())
      try clock.advance(by: .seconds(4))
      // The test's device clock stands still: the work phase, 1 s in, was laid out when it began.
      let end = wall.now + 5
      XCTAssertEqual(workout.phase?.name, "Work")
      XCTAssertEqual(workout.timerInterval, wall.now...end)
      let dates = ObservationCounter { _ = workout.timerInterval }
      wall.jump(by: -3_600)  // the user sets the clock an hour back
      XCTAssertEqual(workout.endDate, end, "kept until asked again")
      workout.refreshDates()
      XCTAssertEqual(workout.endDate, wall.now + 4, "the phase's end: 4 s left on the new clock")
      XCTAssertEqual(workout.planEndDate, wall.now + 14, "the plan's end: 14 s left")
      XCTAssertEqual(workout.timerInterval, (wall.now - 1)...(wall.now + 4))
      XCTAssertNil(workout.pauseTime)
      XCTAssertEqual(dates.changes, 1)
      workout.refreshDates()
      XCTAssertEqual(dates.changes, 1, "nothing moved: the observers are not told again")
      XCTAssertTrue(workout.pause())
      wall.jump(by: 60)
      workout.refreshDates()
      XCTAssertNil(workout.endDate, "paused")
      XCTAssertNil(workout.planEndDate)
      XCTAssertEqual(workout.pauseTime, wall.now, "laid out from the paused phase's time left, now")
      XCTAssertEqual(workout.timerInterval, (wall.now - 1)...(wall.now + 4))
      XCTAssertTrue(workout.cancel())
      workout.refreshDates()
      XCTAssertNil(workout.endDate, "cancelled: no end is coming")
      XCTAssertEqual(workout.timerInterval, wall.now...wall.now)
      try workout.restart(plan: Self.plan())
      try clock.advance(by: .seconds(18))
      let ended = wall.now
      XCTAssertTrue(workout.hasEnded)
      wall.jump(by: 600)
      workout.refreshDates()
      XCTAssertEqual(workout.endDate, ended, "ended: the date it ended stays")
      XCTAssertEqual(workout.timerInterval, ended...ended)
    }
  }

  func testARefusedRestartLeavesTheSequenceAndItsValues() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("needs Observation") }
    try withManualManager { manager, clock, _ in
      let workout = try manager.countdown(plan: Self.plan())
      try clock.advance(by: .seconds(1))
      XCTAssertThrowsError(try workout.restart(plan: Self.plan(), delivering: .milestones([-1]))) {
        XCTAssertEqual($0 as? CountdownError, .invalidMilestone)
      }
      XCTAssertEqual(workout.remaining, 2)
      XCTAssertEqual(manager.count, 1)
    }
  }

  /// A restart after the plan's end is a new run of it: the model is no longer ended, and active.
  func testARestartAfterThePlansEndRunsThePlanAgain() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("needs Observation") }
    try withManualManager { manager, clock, _ in
      let workout = try manager.countdown(plan: Self.plan())
      try clock.advance(by: .seconds(18))
      XCTAssertTrue(workout.hasEnded)
      try workout.restart(plan: Self.plan())
      XCTAssertFalse(workout.hasEnded, "a new run of the plan")
      XCTAssertTrue(workout.isActive)
      XCTAssertEqual(workout.phase?.name, "Warm-up")
    }
  }

  /// A plan that freezes while the manager is suspended, paused by the app: the suspension and the
  /// resume leave its dates as the pause laid them out, though the device's clock moved meanwhile.
  func testASuspensionLeavesAPausedPlansDatesAsThePauseLaidThemOut() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("needs Observation") }
    try withManualManager { manager, clock, wall in
      let workout = try manager.countdown(plan: Self.plan(), whileSuspended: .pauses)
      try clock.advance(by: .seconds(1))
      XCTAssertTrue(workout.pause())
      let (pauseTime, interval) = (workout.pauseTime, workout.timerInterval)
      XCTAssertNotNil(pauseTime)
      let dates = ObservationCounter { _ = workout.timerInterval }
      wall.jump(by: 60)
      manager.suspendTicking()
      manager.resumeTicking()
      XCTAssertEqual(workout.pauseTime, pauseTime)
      XCTAssertEqual(workout.timerInterval, interval)
      XCTAssertEqual(dates.changes, 0, "nothing moved: the observers are not told")
    }
  }
}
