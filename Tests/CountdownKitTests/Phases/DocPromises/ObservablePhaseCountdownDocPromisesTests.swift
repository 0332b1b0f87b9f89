import CountdownKit
import CountdownTestSupport
import Foundation
import XCTest

/// What the docs of ``ObservablePhaseCountdown`` promise of its values and operations: what each
/// operation answers, what a cancel, the plan's end and a refused change leave shown.
final class ObservablePhaseCountdownDocPromisesTests: XCTestCase {
  /// `pause()`: "Whether the sequence was running"; `resume()`: "Whether the sequence was
  /// paused". A second pause and a resume of a running phase answer `false`.
  func testPauseAndResumeAnswerWhetherTheyHadSomethingToDo() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("Observation") }
    try withManualManager { manager, _, wall in
      let model = try manager.countdown(plan: DocPromiseFixtures.plan())
      XCTAssertFalse(model.resume(), "running: nothing to resume")
      XCTAssertTrue(model.pause())
      XCTAssertTrue(model.isPaused)
      XCTAssertNil(model.endDate, "nil while paused")
      XCTAssertNil(model.planEndDate, "nil while paused")
      XCTAssertEqual(model.pauseTime, wall.now)
      XCTAssertFalse(model.pause(), "paused already")
      XCTAssertTrue(model.resume())
      XCTAssertFalse(model.isPaused)
      XCTAssertNil(model.pauseTime)
      XCTAssertEqual(model.endDate, wall.now + 3)
      XCTAssertEqual(model.planEndDate, wall.now + 18)
    }
  }

  /// `isPaused`: "because the phase before it pauses the plan after it …, until `resume()`";
  /// `resume()` "Continues … the one waiting after a phase that pauses the plan".
  func testAPhaseWaitingAfterAPausingOneIsPausedUntilResumed() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("Observation") }
    try withManualManager { manager, clock, _ in
      let plan = try CountdownPlan(blocks: [
        .init([CountdownPhase("Focus", .seconds(3), pausesAfter: true), CountdownPhase("Break", .seconds(2))])
      ])
      let model = try manager.countdown(plan: plan)
      try clock.advance(by: .seconds(5))
      XCTAssertEqual(model.phase?.name, "Break")
      XCTAssertTrue(model.isPaused)
      XCTAssertEqual(model.remaining, 2, "waiting at its full length")
      XCTAssertNil(model.endDate)
      XCTAssertTrue(model.resume())
      XCTAssertFalse(model.isPaused)
      try clock.advance(by: .seconds(2))
      XCTAssertTrue(model.hasEnded)
    }
  }

  /// `cancel()`: "Ends the sequence where it is, without changing the values, but the dates: no
  /// end is coming"; it answers whether it was running or paused; `isActive` and `position` then
  /// say it is over; `refreshDates()` after it leaves "the range … `now...now` with no end".
  func testACancelKeepsTheValuesAndClearsTheDates() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("Observation") }
    try withManualManager { manager, clock, wall in
      let model = try manager.countdown(plan: DocPromiseFixtures.plan())
      try clock.advance(by: .seconds(4))
      wall.jump(by: 4)
      XCTAssertTrue(model.cancel())
      XCTAssertEqual(model.phase?.name, "Work", "the values stay")
      XCTAssertEqual(model.remaining, 4)
      XCTAssertEqual(model.ordinal, 1)
      XCTAssertEqual(model.lastPhaseEnds.map(\.ordinal), [0])
      XCTAssertFalse(model.hasEnded)
      XCTAssertNil(model.endDate)
      XCTAssertNil(model.planEndDate)
      XCTAssertNil(model.pauseTime)
      XCTAssertEqual(model.timerInterval, wall.now...wall.now)
      XCTAssertFalse(model.isActive)
      XCTAssertNil(model.position)
      XCTAssertFalse(model.cancel(), "nothing left to cancel")
      try clock.advance(by: .seconds(20))
      XCTAssertEqual(model.remaining, 4, "nothing comes after the cancel")
      wall.jump(by: 20)
      model.refreshDates()
      XCTAssertEqual(model.timerInterval, wall.now...wall.now)
      XCTAssertNil(model.endDate)
    }
  }

  /// "`cancelAll()` ends it leaving the last values shown": the phase and value stay, and the
  /// model is no longer active.
  func testCancelAllLeavesTheLastValuesShown() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("Observation") }
    try withManualManager { manager, clock, _ in
      let model = try manager.countdown(plan: DocPromiseFixtures.plan())
      try clock.advance(by: .seconds(1))
      manager.cancelAll()
      XCTAssertEqual(model.phase?.name, "Warm-up")
      XCTAssertEqual(model.remaining, 2)
      XCTAssertFalse(model.isActive)
      XCTAssertNil(model.position)
    }
  }

  /// At the plan's end: `remaining` 0, `phase` and `nextPhase` `nil`, `hasEnded`, `endDate` "the
  /// date it ended", `planEndDate` `nil` "once it ended", `timerInterval` "`end...end` once
  /// ended", and `refreshDates()` keeps the end date ("Once the plan ended, its end date stays").
  func testThePlansEndShowsItsDate() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("Observation") }
    try withManualManager { manager, clock, wall in
      let start = wall.now
      let model = try manager.countdown(plan: DocPromiseFixtures.plan())
      try clock.advance(by: 17, with: wall)
      XCTAssertEqual(model.phase?.name, "Cool-down")
      XCTAssertNil(model.nextPhase, "nil at the plan's last phase")
      try clock.advance(by: 1, with: wall)
      XCTAssertTrue(model.hasEnded)
      XCTAssertEqual(model.remaining, 0)
      XCTAssertNil(model.phase)
      XCTAssertNil(model.nextPhase)
      XCTAssertFalse(model.isPaused)
      XCTAssertEqual(model.endDate, start + 18)
      XCTAssertNil(model.planEndDate)
      XCTAssertEqual(model.timerInterval, (start + 18)...(start + 18))
      XCTAssertNil(model.pauseTime)
      XCTAssertFalse(model.isActive)
      XCTAssertNil(model.position)
      wall.jump(by: 60)
      model.refreshDates()
      XCTAssertEqual(model.endDate, start + 18, "its end date stays")
      XCTAssertFalse(model.skipPhase(), "nothing to move once ended")
    }
  }

  /// `addTime(_:)`: "`outOfRange` for a time beyond 292 years; nothing changes then"; and "Time
  /// taken past its end ends the phase now".
  func testAddTimeRefusesCenturiesAndTimeTakenPastTheEndEndsThePhase() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("Observation") }
    try withManualManager { manager, _, _ in
      let model = try manager.countdown(plan: DocPromiseFixtures.plan())
      let endDate = model.endDate
      assertThrows(CountdownError.outOfRange) { () throws(CountdownError) in
        _ = try model.addTime(.seconds(300 * 365 * 86_400))
      }
      XCTAssertEqual(model.endDate, endDate, "nothing changes")
      XCTAssertEqual(model.remaining, 3)
      XCTAssertEqual(model.position?.timeLeftInPhase, .seconds(3))
      XCTAssertTrue(try model.addTime(.seconds(-10)))
      XCTAssertEqual(model.phase?.name, "Work", "the warm-up ended now")
      XCTAssertEqual(model.lastPhaseEnds.map(\.ordinal), [0])
    }
  }

  /// `lastPhaseEnds`: "Empty until the first end; a skip, a restart of the phase or going back
  /// delivers none": the ends of the last call with ends stay through the moves.
  func testTheMovesDeliverNoEndAndLeaveTheLastEndsShown() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("Observation") }
    try withManualManager { manager, clock, _ in
      let model = try manager.countdown(plan: DocPromiseFixtures.plan())
      XCTAssertTrue(model.skipPhase())
      XCTAssertEqual(model.lastPhaseEnds, [], "a skip delivers no end")
      try clock.advance(by: .seconds(5))
      XCTAssertEqual(model.lastPhaseEnds.map(\.phase.name), ["Work"])
      XCTAssertTrue(model.skipPhase())
      XCTAssertTrue(model.restartPhase())
      XCTAssertTrue(model.goToPreviousPhase())
      XCTAssertEqual(model.lastPhaseEnds.map(\.phase.name), ["Work"], "the moves deliver none")
      XCTAssertEqual(model.phase?.name, "Rest")
      XCTAssertEqual(model.ordinal, 2)
    }
  }

  /// `planEndDate`: "`nil` … for a plan that runs forever"; `cycleCount` "`nil` forever";
  /// `hasEnded` "never, for a plan that runs forever".
  func testAForeverPlanHasNoPlanEndDateNorCycleCount() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("Observation") }
    try withManualManager { manager, clock, wall in
      let model = try manager.countdown(plan: DocPromiseFixtures.forever())
      XCTAssertNil(model.planEndDate)
      XCTAssertNil(model.cycleCount)
      XCTAssertEqual(model.endDate, wall.now + 4)
      try clock.advance(by: .seconds(60))
      XCTAssertFalse(model.hasEnded)
      XCTAssertEqual(model.cycle, 10)
    }
  }
}
