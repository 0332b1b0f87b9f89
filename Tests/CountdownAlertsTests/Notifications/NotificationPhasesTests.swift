import CountdownAlerts
import CountdownAlertsTesting
import CountdownKit
import Foundation
import XCTest

/// Notifications following a countdown in phases, on the manual clock and the fake notification
/// center: the request of the current phase's end is made again at each phase end the app sees,
/// so that every end rings while the app runs.
final class NotificationPhasesTests: XCTestCase {
  func testEachPhaseEndTheAppSeesRequestsTheNextPhasesEnd() throws {
    try MainActor.assumeIsolated {
      let h = try NotificationsHarness()
      try h.manager.start(id: "pomodoro", plan: PhasesTodayTests.plan()) { _, _, _ in }
      h.center.drain()
      let start = h.wall.now
      XCTAssertEqual(h.ownPending.map(\.fireDate), [start + 60], "the focus's end")
      try h.advance(by: 60)
      XCTAssertEqual(h.ownPending.map(\.fireDate), [start + 90], "the break's end, requested at the focus's")
      try h.advance(by: 30)
      XCTAssertEqual(h.ownPending.map(\.fireDate), [start + 150], "the last focus's end")
      h.center.clearCalls()
      try h.advance(by: 60)
      XCTAssertNil(h.manager.phasePosition(id: "pomodoro"), "the plan ended")
      XCTAssertEqual(h.ownPending.count, 0)
      XCTAssertEqual(h.center.calls, [], "the plan's end rang: nothing to remove")
    }
  }

  func testASkipOrAPauseMovesTheRequestAndAResumeAddsItShifted() throws {
    try MainActor.assumeIsolated {
      let h = try NotificationsHarness()
      try h.manager.start(id: "pomodoro", plan: PhasesTodayTests.plan()) { _, _, _ in }
      try h.advance(by: 60)
      h.manager.skipPhase(id: "pomodoro")
      h.center.drain()
      XCTAssertEqual(h.ownPending.map(\.fireDate), [h.wall.now + 60], "the break skipped: its end never rings")
      h.manager.pause(id: "pomodoro")
      h.center.drain()
      XCTAssertEqual(h.ownPending.count, 0, "paused: nothing rings")
      try h.advance(by: 20)
      h.manager.resume(id: "pomodoro")
      h.center.drain()
      XCTAssertEqual(h.ownPending.map(\.fireDate), [h.wall.now + 60], "resumed: shifted by the pause")
    }
  }
}
