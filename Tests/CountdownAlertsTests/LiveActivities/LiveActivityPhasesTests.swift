import CountdownAlerts
import CountdownAlertsTesting
import CountdownKit
import Foundation
import XCTest

/// A Live Activity following a countdown in phases, on the manual clock and the fake activity
/// center: one activity for the whole plan, moved to each phase as its end is delivered, stale
/// at the phase's end, ended at the plan's.
final class LiveActivityPhasesTests: XCTestCase {
  func testOneActivityMovesToEachPhaseAndEndsWithThePlan() throws {
    try MainActor.assumeIsolated {
      let h = try LiveActivitiesHarness()
      let activity = h.center.start(countdownID: "pomodoro", state: nil, staleDate: nil)
      try h.manager.start(id: "pomodoro", plan: PhasesTodayTests.plan()) { _, _, _ in }
      let start = h.wall.now
      let shown = { h.center.activity(activity) }
      XCTAssertEqual(shown()?.state?.timerInterval.upperBound, start + 60, "the focus")
      XCTAssertEqual(shown()?.staleDate, start + 60, "stale at the focus's end")
      try h.advance(by: 60)
      XCTAssertEqual(shown()?.state?.timerInterval.upperBound, start + 90, "moved to the break at the focus's end")
      XCTAssertEqual(shown()?.staleDate, start + 90)
      XCTAssertNil(shown()?.dismissal, "not ended at a phase end")
      h.manager.skipPhase(id: "pomodoro")
      XCTAssertEqual(shown()?.state?.timerInterval.upperBound, start + 120, "skipped to the last focus")
      try h.advance(by: 60)
      XCTAssertEqual(shown()?.dismissal, .afterEnd, "ended with the plan, shown a while")
      XCTAssertEqual(h.center.activities.count, 1, "one activity for the whole plan")
    }
  }

  func testAPhaseAfterWhichThePlanPausesLeavesTheActivityPausedNotStale() throws {
    try MainActor.assumeIsolated {
      let h = try LiveActivitiesHarness()
      let activity = h.center.start(countdownID: "pomodoro", state: nil, staleDate: nil)
      let plan = try CountdownPlan(blocks: [
        CountdownPlan.Block(
          [CountdownPhase("Focus", .seconds(60), pausesAfter: true), CountdownPhase("Break", .seconds(30))],
          repeated: .forever)
      ])
      try h.manager.start(id: "pomodoro", plan: plan) { _, _, _ in }
      try h.advance(by: 61)
      XCTAssertNotNil(h.center.activity(activity)?.state?.pauseTime, "the break waits, paused")
      XCTAssertNil(h.center.activity(activity)?.staleDate)
      XCTAssertNil(h.center.activity(activity)?.dismissal)
    }
  }

  /// Time taken past a phase's end moves the plan on to its next phase (waiting, paused, after a
  /// phase that pauses the plan): the plan goes on, so its activity does too.
  func testTimeTakenPastAPhaseEndMovesTheActivityOnWithoutEndingIt() throws {
    for pausesAfter in [false, true] {
      try MainActor.assumeIsolated {
        let h = try LiveActivitiesHarness()
        let activity = h.center.start(countdownID: "workout", state: nil, staleDate: nil)
        let plan = try CountdownPlan(blocks: [
          CountdownPlan.Block(
            [CountdownPhase("Run", .seconds(60), pausesAfter: pausesAfter), CountdownPhase("Walk", .seconds(100))],
            repeated: .times(3))
        ])
        try h.manager.start(id: "workout", plan: plan) { _, _, _ in }
        try h.advance(by: 10)
        try h.manager.addTime(.seconds(-70), id: "workout")
        h.drainMain()
        let shown = h.center.activity(activity)
        XCTAssertNil(shown?.dismissal, "pausesAfter \(pausesAfter): ended, its plan going on")
        XCTAssertTrue(
          LiveActivitiesHarness.same(shown?.state, h.manager.timerDates(id: "workout")),
          "pausesAfter \(pausesAfter): shows \(String(describing: shown?.state)), not the walk")
      }
    }
  }
}
