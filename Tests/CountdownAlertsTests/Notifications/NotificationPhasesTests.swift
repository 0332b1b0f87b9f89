import CountdownAlerts
import CountdownAlertsTesting
import CountdownKit
import Foundation
import XCTest

/// Notifications following a countdown in phases, on the manual clock and the fake notification
/// center: a request for each of the next phase ends, refilled at each phase end the app sees, so
/// that every end rings, while the app runs and while it is away.
final class NotificationPhasesTests: XCTestCase {
  func testTheNextPhaseEndsAreRequestedAheadUpToThePlansEnd() throws {
    try MainActor.assumeIsolated {
      let h = try NotificationsHarness()
      try h.manager.start(id: "pomodoro", plan: PhasesTodayTests.plan()) { _, _, _ in }
      h.center.drain()
      let start = h.wall.now
      XCTAssertEqual(
        h.ownPending.map(\.fireDate), [start + 60, start + 90, start + 150],
        "every phase end ahead, the plan's end the last")
      XCTAssertEqual(Set(h.ownPending.map(\.identifier)).count, 3, "each request its own identifier")
      h.center.clearCalls()
      try h.advance(by: 60)
      XCTAssertEqual(h.ownPending.map(\.fireDate), [start + 90, start + 150], "the focus's end rang")
      XCTAssertEqual(h.center.calls, [], "nothing left to add or remove at a phase end")
      try h.advance(by: 90)
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

  func testRestartBackAndTimeAddedMoveEveryPhaseEndAhead() throws {
    try MainActor.assumeIsolated {
      let h = try NotificationsHarness()
      try h.manager.start(id: "pomodoro", plan: PhasesTodayTests.plan()) { _, _, _ in }
      let start = h.wall.now
      try h.advance(by: 20)
      try h.manager.addTime(.seconds(10), id: "pomodoro")
      h.center.drain()
      XCTAssertEqual(h.ownPending.map(\.fireDate), [start + 70, start + 100, start + 160], "10 s more: all move")
      try h.advance(by: 60)
      XCTAssertEqual(h.ownPending.map(\.fireDate), [start + 100, start + 160], "in the break")
      h.manager.restartPhase(id: "pomodoro")
      h.center.drain()
      XCTAssertEqual(h.ownPending.map(\.fireDate), [start + 110, start + 170], "the break again from now")
      h.manager.goToPreviousPhase(id: "pomodoro")
      h.center.drain()
      XCTAssertEqual(h.ownPending.map(\.fireDate), [start + 140, start + 170, start + 230], "the focus again")
      h.manager.skipPhase(id: "pomodoro")
      h.center.drain()
      XCTAssertEqual(h.ownPending.map(\.fireDate), [start + 110, start + 170], "the focus skipped: not delivered")
      XCTAssertEqual(h.center.delivered.count, 1, "only the first focus's end came")
    }
  }

  func testAwayAcrossThreeEndsEachRingsAndTheComingBackRefills() throws {
    try MainActor.assumeIsolated {
      let h = try NotificationsHarness(budget: 4)
      let plan = try CountdownPlan(blocks: [
        CountdownPlan.Block(
          [CountdownPhase("Focus", .seconds(60)), CountdownPhase("Break", .seconds(30), purpose: .recovery)],
          repeated: .forever)
      ])
      try h.manager.start(id: "loop", plan: plan) { _, _, _ in }
      h.center.drain()
      let start = h.wall.now
      XCTAssertEqual(h.ownPending.map(\.fireDate), [start + 60, start + 90, start + 150, start + 180])
      h.manager.suspendTicking()
      try h.advance(by: 160)
      XCTAssertEqual(
        h.center.delivered.map(\.fireDate), [start + 60, start + 90, start + 150],
        "three ends rang while the app was away")
      XCTAssertEqual(
        h.ownPending.map(\.fireDate), [start + 180],
        "the fourth is still pending: a forever plan away longer hears no more")
      h.manager.resumeTicking()
      h.drainMain()
      h.center.drain()
      XCTAssertEqual(
        h.ownPending.map(\.fireDate), [start + 180, start + 240, start + 270, start + 330], "back: refilled")
    }
  }

  func testARelaunchKeepsThePhaseEndsAndSweepsNoneOfThem() throws {
    try MainActor.assumeIsolated {
      let h = try NotificationsHarness()
      try h.manager.start(id: "pomodoro", plan: PhasesTodayTests.plan()) { _, _, _ in }
      let start = h.wall.now
      try h.advance(by: 10)
      try h.relaunch()
      h.drainMain()
      h.center.drain()
      XCTAssertEqual(h.ownPending.map(\.fireDate), [start + 60, start + 90, start + 150])
      try h.advance(by: 60)
      XCTAssertEqual(h.ownPending.map(\.fireDate), [start + 90, start + 150])
    }
  }

  func testEachPhaseEndsRequestIsReadBackAndOldIdentifiersStillAre() throws {
    try MainActor.assumeIsolated {
      let h = try NotificationsHarness(milestones: [.seconds(30)])
      let alerts = h.alertsOrFail
      try h.manager.start(id: "pomodoro", plan: PhasesTodayTests.plan()) { _, _, _ in }
      h.center.drain()
      let identifiers = h.ownPending.map(\.identifier)
      XCTAssertEqual(
        identifiers,
        [
          alerts.identifier(for: "pomodoro", phaseOrdinal: 0, moment: .timeLeft(.seconds(30))),
          alerts.identifier(for: "pomodoro", phaseOrdinal: 0), alerts.identifier(for: "pomodoro", phaseOrdinal: 1),
          alerts.identifier(for: "pomodoro", phaseOrdinal: 2, moment: .timeLeft(.seconds(30))),
          alerts.identifier(for: "pomodoro", phaseOrdinal: 2),
        ], "a milestone of a phase end only within its phase: none for the 30 s break")
      XCTAssertEqual(identifiers.map(alerts.phaseOrdinal(forRequest:)), [0, 0, 1, 2, 2])
      XCTAssertEqual(identifiers.map(alerts.countdownID(forRequest:)), Array(repeating: "pomodoro", count: 5))
      XCTAssertEqual(
        identifiers.map(alerts.moment(forRequest:)),
        [.timeLeft(.seconds(30)), .end, .end, .timeLeft(.seconds(30)), .end])
      XCTAssertTrue(identifiers.allSatisfy(alerts.isOwnRequest))
      for old in ["countdown-alerts/timers/end/tea", "countdown-alerts/timers/left-30s/a/b"] {
        XCTAssertTrue(alerts.isOwnRequest(old), old)
        XCTAssertNil(alerts.phaseOrdinal(forRequest: old), old)
      }
      XCTAssertEqual(alerts.countdownID(forRequest: "countdown-alerts/timers/left-30s/a/b"), "a/b")
      XCTAssertEqual(alerts.identifier(for: "tea"), "countdown-alerts/timers/end/tea", "a single countdown's as before")
      for bad in [
        "countdown-alerts/timers/end@/tea", "countdown-alerts/timers/end@-1/tea", "countdown-alerts/timers/end@x/tea",
      ] {
        XCTAssertFalse(alerts.isOwnRequest(bad), bad)
      }
      XCTAssertEqual(alerts.scheduledIDs, ["pomodoro"], "one id, however many of its ends are pending")
    }
  }
}
