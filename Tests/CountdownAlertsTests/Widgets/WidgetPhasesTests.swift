import CountdownAlerts
import CountdownAlertsTesting
import CountdownKit
import Foundation
import XCTest

/// Widgets following countdowns in phases, on the manual clock and the fake widget center: a
/// widget's timeline holds an entry per phase start, so a sequence needs one reload per change
/// the app makes to it, and none at a phase end.
final class WidgetPhasesTests: XCTestCase {
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
}
