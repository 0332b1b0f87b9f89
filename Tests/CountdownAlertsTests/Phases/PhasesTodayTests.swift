import CountdownAlerts
import CountdownAlertsTesting
import CountdownKit
import Foundation
import XCTest

/// What the followers that do not follow phases yet do with a countdown in phases: they see it as
/// a single countdown whose end is the current phase's end, read at each change of the id (a start,
/// a pause, a resume, a skip, time added, a cancel) and at a re-sync, not at a phase end. Each
/// test walks the same plan (Focus 60 s, Break 30 s, Focus 60 s) to its end.
final class PhasesTodayTests: XCTestCase {
  /// Focus 60 s, Break 30 s, Focus 60 s, once.
  static func plan() throws -> CountdownPlan {
    try CountdownPlan(blocks: [
      CountdownPlan.Block([
        CountdownPhase("Focus", .seconds(60)), CountdownPhase("Break", .seconds(30), purpose: .recovery),
        CountdownPhase("Focus", .seconds(60)),
      ])
    ])
  }

  func testAnAlarmRingsAtTheFirstPhasesEndOnly() throws {
    try MainActor.assumeIsolated {
      let h = try AlarmsHarness()
      try h.manager.start(id: "pomodoro", plan: Self.plan()) { _, _, _ in }
      let start = h.wall.now
      let own = { h.center.alarms.filter { $0.countdownID == "pomodoro" } }
      XCTAssertEqual(own().map(\.fireDate), [start + 60], "the first phase's end")
      try h.advance(by: 61)
      XCTAssertEqual(
        own().filter { $0.state == .scheduled }.count, 0, "nothing scheduled for the break's end: not heard")
    }
  }
}
