import CountdownKit
import CountdownTestSupport
import Foundation
import XCTest

/// What the docs of ``CountdownPhaseUpdate``, ``CountdownPhaseEnd``, ``CountdownPhaseEndSummary``
/// and ``CountdownPhasePosition`` promise of the values a handler is given.
final class PhaseUpdateDocPromisesTests: XCTestCase {
  /// `planEnded`: "the last of `phaseEnds` was its last phase's end, and `position` is `nil`.
  /// This is the sequence's last call, and its id is free"; `remaining` is "0 once the plan has
  /// ended"; an end's `nextPhase` is "`nil` after the plan's last phase".
  func testThePlansEndCallHasTheLastEndNoPositionAndFreesTheID() throws {
    try withManualManager { manager, clock, _ in
      let calls = DocPromiseCalls()
      try manager.start(id: "run", plan: DocPromiseFixtures.plan()) { _, update, _ in calls.record(update) }
      try clock.advance(by: .seconds(18))
      let last = try XCTUnwrap(calls.updates.last)
      XCTAssertTrue(last.planEnded)
      XCTAssertNil(last.position)
      XCTAssertEqual(last.remaining, 0)
      XCTAssertEqual(last.phaseEnds.last?.ordinal, 5)
      XCTAssertEqual(last.phaseEnds.last?.phase.name, "Cool-down")
      XCTAssertNil(last.phaseEnds.last?.nextPhase)
      XCTAssertEqual(calls.updates.filter(\.planEnded).count, 1)
      XCTAssertFalse(manager.contains(id: "run"), "the id is free")
      try clock.advance(by: .seconds(5))
      XCTAssertTrue(try XCTUnwrap(calls.updates.last).planEnded, "the last call")
    }
  }

  /// An end on time: "How long before the handler's call it ended; zero or more", its `date` the
  /// wall clock's date of its end, its ordinal, index and cycle those of its phase; a long break
  /// "has the index of the phase it replaces".
  func testAnEndOnTimeHasZeroLatenessAndItsPhasesPlace() throws {
    try withManualManager { manager, clock, wall in
      let plan = try CountdownPlan(blocks: [
        .init(
          [CountdownPhase("Focus", .seconds(3)), CountdownPhase("Break", .seconds(1))], repeated: .times(2),
          longBreak: CountdownPhase("Long", .seconds(2)), every: 2)
      ])
      let start = wall.now
      var ends: [CountdownPhaseEnd] = []
      var longBreaks: [Bool] = []
      try manager.start(id: "tomato", plan: plan) { _, update, _ in
        ends += update.phaseEnds
        longBreaks.append(update.position?.isLongBreak ?? false)
      }
      for _ in 0..<9 { try clock.advance(by: 1, with: wall) }
      XCTAssertEqual(ends.map(\.lateness), [.zero, .zero, .zero, .zero])
      XCTAssertEqual(ends.map(\.date), [start + 3, start + 4, start + 7, start + 9])
      XCTAssertEqual(ends.map(\.ordinal), [0, 1, 2, 3])
      XCTAssertEqual(ends.map(\.cycle), [0, 0, 1, 1])
      XCTAssertEqual(ends.map(\.phaseIndex), [0, 1, 0, 1], "the long break has the index of the phase it replaces")
      XCTAssertEqual(ends.map(\.phase.name), ["Focus", "Break", "Focus", "Long"])
      XCTAssertEqual(ends.map(\.nextPhase?.name), ["Break", "Focus", "Long", nil])
      XCTAssertTrue(longBreaks.contains(true), "a position on the long break says so")
    }
  }

  /// `CountdownPhaseEndSummary`: `count` is how many ends it stands for, its ordinals oldest
  /// first, and its lateness "How late the handler heard of the first of them: the longest
  /// lateness of all the ends"; its first and last dates those of the first and last end.
  func testASummaryCountsItsEndsWithTheFirstsLatenessAndDates() throws {
    try withManualManager { manager, clock, wall in
      let start = wall.now
      var summaries: [CountdownPhaseEndSummary] = []
      var ends: [CountdownPhaseEnd] = []
      try manager.start(id: "loop", plan: DocPromiseFixtures.forever()) { _, update, _ in
        if let earlier = update.earlierPhaseEnds { summaries.append(earlier) }
        ends += update.phaseEnds
      }
      manager.suspendTicking()
      // Ends at 4, 6, 10, 12, 16, 18, 22, 24 s; back at 25 s.
      try clock.advance(by: 25, with: wall)
      manager.resumeTicking()
      try clock.advance(by: .zero)
      drainMainQueue()
      let summary = try XCTUnwrap(summaries.first)
      XCTAssertEqual(summaries.count, 1)
      XCTAssertEqual(summary.count, summary.ordinals.count)
      XCTAssertEqual(summary.ordinals.lowerBound, 0)
      XCTAssertEqual(
        summary.ordinals.upperBound, ends.first?.ordinal, "the summary ends where the ends one by one start")
      XCTAssertEqual(summary.count + ends.count, 8)
      XCTAssertEqual(summary.firstDate, start + 4)
      XCTAssertEqual(summary.lateness, .seconds(21), "the first end's lateness, the longest")
      XCTAssertGreaterThanOrEqual(summary.lateness, ends.map(\.lateness).max() ?? .zero)
      let lastSummed = [4, 6, 10, 12, 16, 18, 22, 24][summary.count - 1]
      XCTAssertEqual(summary.lastDate, start + TimeInterval(lastSummed))
    }
  }

  /// `pausedAfterPhase`: "Whether the last of `phaseEnds` was a phase after which the plan
  /// pauses": `true` in the call of that end alone.
  func testPausedAfterPhaseIsSetInTheCallOfThePausingEndAlone() throws {
    try withManualManager { manager, clock, _ in
      let plan = try CountdownPlan(blocks: [
        .init([CountdownPhase("Focus", .seconds(2)), CountdownPhase("Break", .seconds(1), pausesAfter: true)]),
        .init([CountdownPhase("Next", .seconds(2))]),
      ])
      var flags: [Bool] = []
      try manager.start(id: "tomato", plan: plan) { _, update, _ in flags.append(update.pausedAfterPhase) }
      try clock.advance(by: .seconds(4))
      XCTAssertEqual(flags, [false, false, false, true], "at Focus's end no, at Break's yes")
      XCTAssertTrue(manager.resume(id: "tomato"))
      XCTAssertEqual(flags.last, false, "the resume's call carries no end")
    }
  }

  /// `CountdownPhasePosition`: `cycleCount` "1 in the warm-up and the cool-down", the block's
  /// count in it; `nextPhase` "`nil` at the plan's last phase"; `timeLeftInPlan` "this phase's
  /// included"; `phaseEndDate` and `planEndDate` "`nil` while paused".
  func testAPositionsCountsAndDates() throws {
    try withManualManager { manager, clock, wall in
      let start = wall.now
      try manager.start(id: "run", plan: DocPromiseFixtures.plan()) { _, _, _ in }
      try clock.advance(by: 1, with: wall)
      var position = try XCTUnwrap(manager.phasePosition(id: "run"))
      XCTAssertEqual(position.cycleCount, 1, "warm-up")
      XCTAssertEqual(position.timeLeftInPhase, .seconds(2))
      XCTAssertEqual(position.timeLeftInPlan, .seconds(17))
      XCTAssertEqual(position.phaseEndDate, start + 3)
      XCTAssertEqual(position.planEndDate, start + 18)
      XCTAssertEqual(position.nextPhase?.name, "Work")
      XCTAssertFalse(position.isPaused)
      try clock.advance(by: 2, with: wall)
      XCTAssertEqual(manager.phasePosition(id: "run")?.cycleCount, 2, "the block runs twice")
      XCTAssertTrue(manager.pause(id: "run"))
      position = try XCTUnwrap(manager.phasePosition(id: "run"))
      XCTAssertTrue(position.isPaused)
      XCTAssertNil(position.phaseEndDate)
      XCTAssertNil(position.planEndDate)
      XCTAssertEqual(position.timeLeftInPhase, .seconds(5))
      XCTAssertEqual(position.timeLeftInPlan, .seconds(15))
      XCTAssertTrue(try manager.seekPhase(id: "run", to: 5))
      position = try XCTUnwrap(manager.phasePosition(id: "run"))
      XCTAssertEqual(position.cycleCount, 1, "cool-down")
      XCTAssertEqual(position.cycle, 0, "0 in the cool-down")
      XCTAssertNil(position.nextPhase)
    }
  }

  /// `cycleCount`: "the cycles a block repeated for a total time begins before that total (the
  /// last one cut short, counted)": 30 minutes of 4-minute cycles is eight.
  func testABlockLastingATotalCountsTheCyclesItBegins() throws {
    try withManualManager { manager, _, _ in
      let plan = try CountdownPlan(blocks: [
        .init(
          [CountdownPhase("Run", .seconds(3 * 60)), CountdownPhase("Walk", .seconds(60))],
          repeated: .lasting(.seconds(30 * 60)))
      ])
      try manager.start(id: "run", plan: plan) { _, _, _ in }
      XCTAssertEqual(manager.phasePosition(id: "run")?.cycleCount, 8)
      XCTAssertEqual(plan.totalDuration, .seconds(30 * 60))
      XCTAssertEqual(plan.phaseCount, 15, "seven cycles and the first 2 minutes of an eighth")
    }
  }
}
