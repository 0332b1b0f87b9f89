import CountdownKit
import CountdownTestSupport
import Foundation
import XCTest

/// What the docs of a plan's moves (`skipPhase`, `restartPhase`, `goToPreviousPhase`) and of the
/// receiver's reads (`phasePosition(for:)`, `timerDates(for:)`) promise beyond what the tests of
/// phases in the engine already check.
final class PhaseMovesDocPromisesTests: XCTestCase {
  /// "`false` for a single countdown's id": a skip, a restart or a move back of an id whose
  /// countdown has no plan answers `false` and leaves it running as it was.
  func testTheMovesOfASingleCountdownsIDAnswerFalseAndLeaveIt() throws {
    try withManualManager { manager, clock, _ in
      var values: [Int] = []
      try manager.start(id: "tea", for: .seconds(10)) { _, value, _ in values.append(value) }
      try clock.advance(by: .seconds(2))
      XCTAssertFalse(manager.skipPhase(id: "tea"))
      XCTAssertFalse(manager.restartPhase(id: "tea"))
      XCTAssertFalse(manager.goToPreviousPhase(id: "tea"))
      XCTAssertNil(manager.phasePosition(id: "tea"), "a single countdown has no position in a plan")
      XCTAssertEqual(manager.timeLeft(id: "tea"), .seconds(8))
      XCTAssertEqual(values, [10, 9, 8], "no call for the refused moves")
    }
  }

  /// "at the plan's first phase, that phase starts again. No end is delivered for the phase left;
  /// the handler is called once": back from the first phase is its restart, at full length.
  func testGoingBackFromTheFirstPhaseStartsItAgainWithOneCall() throws {
    try withManualManager { manager, clock, _ in
      let calls = DocPromiseCalls()
      try manager.start(id: "run", plan: DocPromiseFixtures.plan()) { _, update, _ in calls.record(update) }
      try clock.advance(by: .seconds(2))
      calls.lines = []
      XCTAssertTrue(manager.goToPreviousPhase(id: "run"))
      XCTAssertEqual(calls.lines, ["#0 3"], "one call, the warm-up at its full length, no end")
      XCTAssertEqual(manager.phasePosition(id: "run")?.timeLeftInPhase, .seconds(3))
    }
  }

  /// "Starts the current phase … again, at its full length …; the plan's later ends move with
  /// it": the plan's end date moves by the time the phase had run, and the next end comes a full
  /// phase after the restart.
  func testARestartMovesThePlansLaterEnds() throws {
    try withManualManager { manager, clock, wall in
      let calls = DocPromiseCalls()
      try manager.start(id: "run", plan: DocPromiseFixtures.plan()) { _, update, _ in calls.record(update) }
      let planEnd = try XCTUnwrap(manager.phasePosition(id: "run")?.planEndDate)
      try clock.advance(by: 2, with: wall)
      calls.lines = []
      XCTAssertTrue(manager.restartPhase(id: "run"))
      XCTAssertEqual(calls.lines, ["#0 3"], "told once, at full length")
      XCTAssertEqual(manager.phasePosition(id: "run")?.planEndDate, planEnd + 2, "the plan's end moved by 2 s")
      try clock.advance(by: .seconds(2))
      XCTAssertEqual(manager.phasePosition(id: "run")?.ordinal, 0, "the warm-up's end moved too")
      try clock.advance(by: .seconds(1))
      XCTAssertEqual(calls.lines.last, "#1 5 ends [0]")
    }
  }

  /// "the next phase starts now at its full length …; no end is delivered for it": the skipped
  /// phase's end never comes, and the plan's end moves to now plus what is left after it.
  func testASkipStartsTheNextPhaseNowAndMovesThePlansEnd() throws {
    try withManualManager { manager, clock, wall in
      let calls = DocPromiseCalls()
      try manager.start(id: "run", plan: DocPromiseFixtures.plan()) { _, update, _ in calls.record(update) }
      try clock.advance(by: .seconds(1))
      calls.lines = []
      XCTAssertTrue(manager.skipPhase(id: "run"))
      XCTAssertEqual(calls.lines, ["#1 5"], "one call with Work's first value, no end")
      // Work 5, Rest 2, Work 5, Rest 2, Cool-down 1 left: 15 s from now. The wall clock stands
      // still here: the manual clock moved 1 s.
      XCTAssertEqual(manager.phasePosition(id: "run")?.planEndDate, wall.now + 15)
      XCTAssertEqual(manager.phasePosition(id: "run")?.timeLeftInPlan, .seconds(15))
    }
  }

  /// "`nil` without a countdown in phases for `receiver`": a receiver showing a single
  /// countdown has no position, nor any move.
  func testAReceiverOfASingleCountdownHasNoPositionNorMoves() throws {
    try withManualManager { manager, _, _ in
      let receiver = NSObject()
      try manager.start(receiver, for: .seconds(10)) { _, _, _ in }
      XCTAssertNil(manager.phasePosition(for: receiver))
      XCTAssertFalse(manager.skipPhase(receiver))
      XCTAssertFalse(manager.restartPhase(receiver))
      XCTAssertFalse(manager.goToPreviousPhase(receiver))
      XCTAssertEqual(manager.timeLeft(for: receiver), .seconds(10), "left as it was")
    }
  }

  /// `timerDates(for:)`: "`nil` without a countdown"; for a countdown in phases "the current
  /// phase's range, from its start to its end, and its pause time while it is paused"; "A single
  /// countdown keeps no length by receiver: its range is laid out from now to its end".
  func testAReceiversTimerDates() throws {
    try withManualManager { manager, clock, wall in
      XCTAssertNil(manager.timerDates(for: NSObject()))
      let phases = NSObject()
      try manager.start(phases, plan: DocPromiseFixtures.plan()) { _, _, _ in }
      let start = wall.now
      try clock.advance(by: .seconds(4))
      wall.jump(by: 4)
      let dates = try XCTUnwrap(manager.timerDates(for: phases))
      XCTAssertEqual(dates.timerInterval, (start + 3)...(start + 8), "Work, from its start to its end")
      XCTAssertNil(dates.pauseTime)
      XCTAssertTrue(manager.pause(phases))
      XCTAssertEqual(manager.timerDates(for: phases)?.pauseTime, wall.now, "paused: its pause time")
      let single = NSObject()
      try manager.start(single, for: .seconds(10)) { _, _, _ in }
      try clock.advance(by: .seconds(3))
      wall.jump(by: 3)
      XCTAssertEqual(manager.timerDates(for: single)?.timerInterval, wall.now...(wall.now + 7), "from now to its end")
    }
  }
}
