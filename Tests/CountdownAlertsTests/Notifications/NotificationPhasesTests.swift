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

  /// A phase's delivered milestone alert is stale once its phase is over, as a single countdown's
  /// is once it ends or is cancelled: it goes from the notification center at the phase end the
  /// app sees (its end's own alert stays), and a cancel leaves no milestone of any phase, passed
  /// ones included (also one whose phase end paused the plan).
  func testAPhasesDeliveredMilestoneGoesWhenItsPhaseIsOverAndACancelLeavesNone() throws {
    try MainActor.assumeIsolated {
      let h = try NotificationsHarness(milestones: [.seconds(10)])
      let alerts = h.alertsOrFail
      let plan = try CountdownPlan(blocks: [
        CountdownPlan.Block([
          CountdownPhase("Focus", .seconds(60)), CountdownPhase("Break", .seconds(30), pausesAfter: true),
          CountdownPhase("Focus", .seconds(60)), CountdownPhase("Break", .seconds(30)),
        ])
      ])
      try h.manager.start(id: "pomodoro", plan: plan) { _, _, _ in }
      let milestone = { (ordinal: Int) in
        alerts.identifier(for: "pomodoro", phaseOrdinal: ordinal, moment: .timeLeft(.seconds(10)))
      }
      let end = { (ordinal: Int) in alerts.identifier(for: "pomodoro", phaseOrdinal: ordinal) }
      try h.advance(by: 55)
      XCTAssertEqual(h.center.delivered.map(\.identifier), [milestone(0)], "10 s left of the focus")
      try h.advance(by: 30)
      h.drainMain()
      XCTAssertEqual(
        h.center.delivered.map(\.identifier), [end(0), milestone(1)], "the focus is over: its milestone went")
      try h.advance(by: 10)
      h.drainMain()
      XCTAssertEqual(h.manager.phasePosition(id: "pomodoro")?.isPaused, true, "the break's end paused the plan")
      XCTAssertEqual(
        h.center.delivered.map(\.identifier), [end(0), end(1)], "the break is over, the plan paused after it")
      h.manager.resume(id: "pomodoro")
      try h.advance(by: 55)
      XCTAssertEqual(h.center.delivered.map(\.identifier), [end(0), end(1), milestone(2)])
      h.manager.cancel(id: "pomodoro")
      h.drainMain()
      h.center.drain()
      XCTAssertEqual(h.center.delivered.map(\.identifier), [end(0), end(1)], "cancelled: the ends' alerts stay")
      XCTAssertEqual(h.failures.withLock { $0 }, [])
    }
  }

  /// `setContent(_:for:at:)` is keyed by id and moment, as documented: for a countdown in phases
  /// it says the same at every phase end at that moment (the closure, not asked, tells no phase),
  /// its ends not moved; `nil` gives each phase end back the closure's words for its phase.
  func testSetContentSaysTheSameAtEveryPhaseEndOfItsMomentUntilNil() throws {
    try MainActor.assumeIsolated {
      let h = try NotificationsHarness(milestones: [.seconds(30)])
      try h.manager.start(id: "pomodoro", plan: PhasesTodayTests.plan()) { _, _, _ in }
      h.center.drain()
      let before = h.ownPending
      let set = CountdownAlertContent(title: "Study", body: "Time's up")
      h.alertsOrFail.setContent(set, for: "pomodoro")
      h.center.drain()
      let isEnd = { (request: FakeNotificationCenter.PendingRequest) in
        h.alertsOrFail.moment(forRequest: request.identifier) == .end
      }
      XCTAssertEqual(h.ownPending.filter(isEnd).map(\.content), [set, set, set], "every phase end's end alert")
      XCTAssertEqual(
        h.ownPending.filter { !isEnd($0) }.map(\.content), before.filter { !isEnd($0) }.map(\.content),
        "the milestones keep the closure's")
      XCTAssertEqual(h.ownPending.map(\.fireDate), before.map(\.fireDate), "no end moved")
      h.alertsOrFail.setContent(nil, for: "pomodoro")
      h.center.drain()
      XCTAssertEqual(h.ownPending.map(\.content), before.map(\.content), "each phase end's own words again")
      XCTAssertEqual(h.failures.withLock { $0 }, [])
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
