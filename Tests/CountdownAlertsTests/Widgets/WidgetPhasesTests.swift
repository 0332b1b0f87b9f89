import CountdownAlerts
import CountdownAlertsTesting
import CountdownKit
import Foundation
import XCTest

/// Widgets following countdowns in phases, on the manual clock and the fake widget center: a
/// widget's timeline holds an entry per phase start, so a sequence needs one reload per change
/// the app makes to it, and none at a phase end.
final class WidgetPhasesTests: XCTestCase {
  /// A harness whose manager runs "pomodoro": a 60 s focus that pauses the plan after it, then a
  /// 30 s break.
  @MainActor
  static func startedPomodoroThatPausesAfterItsFocus() throws -> WidgetsHarness {
    let h = try WidgetsHarness()
    let plan = try CountdownPlan(blocks: [
      CountdownPlan.Block([
        CountdownPhase("Focus", .seconds(60), pausesAfter: true), CountdownPhase("Break", .seconds(30)),
      ])
    ])
    try h.manager.start(id: "pomodoro", plan: plan) { _, _, _ in }
    return h
  }

  func testAPlanWalkedToItsEndReloadsAtTheStartAndAtThePlansEndOnly() throws {
    try MainActor.assumeIsolated {
      let h = try WidgetsHarness()
      try h.manager.start(id: "pomodoro", plan: PhasesTodayTests.plan()) { _, _, _ in }
      XCTAssertEqual(h.center.reloads.count, 1, "the start")
      try h.advance(by: 60)
      XCTAssertEqual(h.center.reloads.count, 1, "the focus's end: the timeline holds the break")
      try h.advance(by: 30)
      XCTAssertEqual(h.center.reloads.count, 1, "the break's end")
      try h.advance(by: 60)
      XCTAssertEqual(h.center.reloads.count, 2, "the plan's end: the widget shows no plan any more")
      XCTAssertNil(h.manager.phasePosition(id: "pomodoro"))
    }
  }

  /// A phase end into a pause (a phase that `pausesAfter`) needs no reload: the timeline laid out
  /// at the last reload (``CountdownKit/CountdownSnapshot/timeline(id:from:limit:)``, what the
  /// widget's provider returns) does not assume the plan runs past it; it stops at that phase end
  /// with an entry showing the next phase paused, its whole length left, as the manager has it
  /// once the plan paused itself. So neither that phase end nor the ordinary ones around it
  /// reload; the app's resume does (the timeline's later entries are laid out from then).
  func testAPhaseEndThatPausesThePlanIsInTheTimelineAlreadyAndReloadsNothing() throws {
    try MainActor.assumeIsolated {
      let h = try WidgetsHarness()
      let plan = try CountdownPlan(blocks: [
        CountdownPlan.Block([
          CountdownPhase("Focus", .seconds(60)), CountdownPhase("Break", .seconds(30), pausesAfter: true),
          CountdownPhase("Focus", .seconds(60)), CountdownPhase("Break", .seconds(30)),
        ])
      ])
      try h.manager.start(id: "pomodoro", plan: plan) { _, _, _ in }
      XCTAssertEqual(h.center.reloads.count, 1, "the start")
      let start = h.wall.now
      let timeline = try CountdownSnapshot<String>(decoding: h.snapshot()).timeline(
        id: "pomodoro", from: start, limit: 20)
      XCTAssertEqual(timeline.map(\.date), [start, start + 60, start + 90], "it stops where the plan pauses")
      try h.advance(by: 60)
      XCTAssertEqual(h.center.reloads.count, 1, "the focus's end: the timeline holds the break")
      try h.advance(by: 30)
      let paused = try XCTUnwrap(h.manager.phasePosition(id: "pomodoro"))
      XCTAssertTrue(paused.isPaused, "the break's end paused the plan")
      XCTAssertEqual(timeline.last?.position?.ordinal, paused.ordinal, "the timeline's last entry: the next phase")
      XCTAssertEqual(timeline.last?.position?.isPaused, true, "shown paused")
      XCTAssertEqual(timeline.last?.position?.timeLeftInPhase, paused.timeLeftInPhase, "with its whole length left")
      XCTAssertEqual(h.center.reloads.count, 1, "paused by its plan, as the timeline shows it: no reload")
      try h.advance(by: 90)
      XCTAssertEqual(h.center.reloads.count, 1, "time passing while paused")
      h.manager.resume(id: "pomodoro")
      XCTAssertEqual(h.center.reloads.count, 2, "the app's resume")
      try h.advance(by: 60)
      XCTAssertEqual(h.center.reloads.count, 2, "the second focus's end: an ordinary phase end")
    }
  }

  /// A re-sync (the device's clock changed, or the app came back) after the plan paused itself:
  /// the timeline's last entry, dated at the pause, shows the next phase paused whatever the
  /// device's clock says past that date, so nothing is reloaded; a clock set back before that date
  /// shows the phase before it running again, and that is reloaded. A clock moved while the plan
  /// still runs moves every date: reloaded too.
  func testAResyncAfterThePlanPausedItselfReloadsOnlyForAClockSetBackBeforeThePause() throws {
    try MainActor.assumeIsolated {
      let h = try Self.startedPomodoroThatPausesAfterItsFocus()
      try h.advance(by: 20)
      h.jumpWallClock(by: 5)
      XCTAssertEqual(h.center.reloads.count, 2, "the start; the clock moved the running focus's end")
      h.jumpWallClock(by: -5)
      XCTAssertEqual(h.center.reloads.count, 3, "moved back")
      try h.advance(by: 50)
      XCTAssertEqual(h.manager.phasePosition(id: "pomodoro")?.isPaused, true, "the focus's end paused the plan")
      h.jumpWallClock(by: 3_600)
      XCTAssertEqual(h.center.reloads.count, 3, "forward: the widget still shows the break paused")
      h.jumpWallClock(by: 0)
      h.jumpWallClock(by: -3_600)
      XCTAssertEqual(h.center.reloads.count, 3, "back where it was, 10 s past the pause")
      h.jumpWallClock(by: -30)
      XCTAssertEqual(h.center.reloads.count, 4, "set back before the pause: the timeline would show the focus")
      h.jumpWallClock(by: 30)
      XCTAssertEqual(h.center.reloads.count, 4, "laid out paused: nothing dated to move")
      h.manager.resume(id: "pomodoro")
      XCTAssertEqual(h.center.reloads.count, 5, "the app's resume")
    }
  }

  func testEachChangeToASequenceReloadsOnce() throws {
    try MainActor.assumeIsolated {
      let h = try WidgetsHarness()
      try h.manager.start(id: "pomodoro", plan: PhasesTodayTests.plan()) { _, _, _ in }
      try h.advance(by: 61)
      var reloads = h.center.reloads.count
      func expectOneReload(_ what: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(h.center.reloads.count, reloads + 1, what, file: file, line: line)
        reloads = h.center.reloads.count
      }
      h.manager.pause(id: "pomodoro")
      expectOneReload("pause")
      h.manager.resume(id: "pomodoro")
      expectOneReload("resume")
      h.manager.skipPhase(id: "pomodoro")
      expectOneReload("skip")
      try h.manager.addTime(.seconds(30), id: "pomodoro")
      expectOneReload("time added")
      h.manager.restartPhase(id: "pomodoro")
      expectOneReload("restart")
      h.manager.goToPreviousPhase(id: "pomodoro")
      expectOneReload("back a phase")
      try h.advance(by: 30)
      XCTAssertEqual(h.center.reloads.count, reloads, "the break's end")
      h.jumpWallClock(by: 3_600)
      expectOneReload("the device's clock moved every date")
      h.jumpWallClock(by: 0)
      XCTAssertEqual(h.center.reloads.count, reloads, "a re-sync that finds the clock where it was")
      h.manager.cancel(id: "pomodoro")
      expectOneReload("cancel")
    }
  }

  func testAPlanReplacedByAnotherFromTheSameInstantReloads() throws {
    try MainActor.assumeIsolated {
      let h = try WidgetsHarness()
      try h.manager.start(id: "pomodoro", plan: PhasesTodayTests.plan()) { _, _, _ in }
      XCTAssertEqual(h.center.reloads.count, 1)
      let longer = try CountdownPlan(blocks: [
        CountdownPlan.Block([CountdownPhase("Focus", .seconds(50 * 60)), CountdownPhase("Break", .seconds(10 * 60))])
      ])
      try h.manager.start(id: "pomodoro", plan: longer) { _, _, _ in }
      XCTAssertEqual(h.center.reloads.count, 2, "the timeline holds the other plan's phases: laid out again")
    }
  }

  /// The app resumes a plan at the very instant it paused itself: the plan's start, laid out from
  /// then, is where it was, but the timeline laid out before stops at the pause, showing the next
  /// phase paused; the resume reloads it, so that the widget shows that phase running.
  func testAResumeAtTheInstantThePlanPausedItselfReloads() throws {
    try MainActor.assumeIsolated {
      let h = try Self.startedPomodoroThatPausesAfterItsFocus()
      XCTAssertEqual(h.center.reloads.count, 1, "the start")
      try h.advance(by: 60)
      XCTAssertEqual(h.manager.phasePosition(id: "pomodoro")?.isPaused, true, "the focus's end paused the plan")
      XCTAssertEqual(h.center.reloads.count, 1, "the timeline shows the break paused already")
      h.manager.resume(id: "pomodoro")
      XCTAssertEqual(h.center.reloads.count, 2, "the app's resume: the timeline stopped at the pause")
      let timeline = try CountdownSnapshot<String>(decoding: h.snapshot()).timeline(
        id: "pomodoro", from: h.wall.now, limit: 20)
      XCTAssertEqual(timeline.first?.position?.phaseEndDate, h.wall.now + 30, "laid out again: the break runs")
    }
  }
}
