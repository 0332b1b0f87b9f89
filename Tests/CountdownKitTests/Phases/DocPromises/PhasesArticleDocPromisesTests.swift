import CountdownKit
import CountdownTestSupport
import Foundation
import XCTest

/// What the article "Countdowns in phases" promises beyond its samples' tests: the bounded ends
/// after an absence as it counts them for a Pomodoro, one call for time added, and time added to
/// a plan frozen by a suspension.
final class PhasesArticleDocPromisesTests: XCTestCase {
  /// "A Pomodoro's cycle is a focus and a break: back after three ends, the first is in the
  /// summary and the last two come one by one".
  func testAPomodoroBackAfterThreeEndsSumsUpTheFirst() throws {
    try withManualManager { manager, clock, wall in
      let pomodoro = try CountdownPlan(blocks: [
        .init(
          [CountdownPhase("Focus", .seconds(25 * 60)), CountdownPhase("Break", .seconds(5 * 60), purpose: .recovery)],
          repeated: .forever,
          longBreak: CountdownPhase("Long break", .seconds(15 * 60), purpose: .recovery, pausesAfter: true), every: 4)
      ])
      var updates: [CountdownPhaseUpdate] = []
      try manager.start(id: "pomodoro", plan: pomodoro) { _, update, _ in updates.append(update) }
      manager.suspendTicking()
      // Ends at 25, 30 and 55 minutes; back at 56.
      try clock.advance(by: 56 * 60, with: wall)
      updates = []
      manager.resumeTicking()
      try clock.advance(by: .zero)
      drainMainQueue()
      let update = try XCTUnwrap(updates.first { !$0.phaseEnds.isEmpty })
      XCTAssertEqual(update.earlierPhaseEnds?.ordinals, 0..<1, "the first end summed up")
      XCTAssertEqual(update.phaseEnds.map(\.ordinal), [1, 2], "the last two one by one")
      XCTAssertEqual(update.position?.phase.name, "Break")
    }
  }

  /// "The handler is given a `CountdownPhaseUpdate`, once per change (… time added …)": time
  /// added to the current phase is one call, with the new value, and no end.
  func testTimeAddedIsOneCall() throws {
    try withManualManager { manager, _, _ in
      let calls = DocPromiseCalls()
      try manager.start(id: "run", plan: DocPromiseFixtures.plan()) { _, update, _ in calls.record(update) }
      calls.lines = []
      XCTAssertTrue(try manager.addTime(.seconds(10), id: "run"))
      XCTAssertEqual(calls.lines, ["#0 13"])
    }
  }

  /// "A pause, a skip or time added inside the suspension acts on the frozen time; the phase
  /// starts counting again at the resume": a plan started `whileSuspended: .pauses` given 10 s
  /// while suspended has them at once, and counts them only after the resume.
  func testTimeAddedInsideASuspensionActsOnTheFrozenTime() throws {
    try withManualManager { manager, clock, wall in
      try manager.start(id: "hiit", plan: DocPromiseFixtures.plan(), whileSuspended: .pauses) { _, _, _ in }
      try clock.advance(by: 1, with: wall)
      manager.suspendTicking()
      try clock.advance(by: 30, with: wall)
      XCTAssertTrue(try manager.addTime(.seconds(10), id: "hiit"))
      XCTAssertEqual(manager.phasePosition(id: "hiit")?.timeLeftInPhase, .seconds(12))
      try clock.advance(by: 30, with: wall)
      XCTAssertEqual(manager.phasePosition(id: "hiit")?.timeLeftInPhase, .seconds(12), "frozen")
      manager.resumeTicking()
      try clock.advance(by: .zero)
      drainMainQueue()
      try clock.advance(by: 5, with: wall)
      XCTAssertEqual(manager.phasePosition(id: "hiit")?.timeLeftInPhase, .seconds(7), "counting again")
      XCTAssertEqual(manager.phasePosition(id: "hiit")?.ordinal, 0)
    }
  }
}
