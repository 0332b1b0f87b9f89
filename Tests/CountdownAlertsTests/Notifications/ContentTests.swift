import CountdownAlerts
import CountdownAlertsTesting
import CountdownKit
import CountdownTestSupport
import Foundation
import XCTest

/// What an alert says, how the app changes it without moving its end, and how a request's
/// identifier leads back to its countdown.
final class ContentTests: XCTestCase {
  func testEveryFieldReachesTheCenter() throws {
    try withNotifications { h in
      let content = CountdownAlertContent(
        title: "Pasta", subtitle: "Pot 2", body: "Drain it.", sound: .critical(named: "bell.caf", volume: 0.5),
        userInfo: ["timer": "pasta"], interruptionLevel: .timeSensitive, categoryIdentifier: "TIMER",
        threadIdentifier: "kitchen", relevanceScore: 0.75)
      h.alertsOrFail.setContent(content, for: "pasta")
      try h.manager.start(id: "pasta", for: .seconds(600)) { _, _, _ in }
      h.center.drain()
      XCTAssertEqual(h.ownPending.map(\.content), [content])
    }
  }

  func testARelevanceScoreIsKeptWithinZeroToOne() {
    let scores: [(Double, Double)] = [(0.5, 0.5), (2, 1), (-1, 0), (.infinity, 1), (-.infinity, 0), (.nan, 0)]
    for (given, kept) in scores {
      XCTAssertEqual(CountdownAlertContent(title: "", body: "", relevanceScore: given).relevanceScore, kept, "\(given)")
      var content = CountdownAlertContent(title: "", body: "")
      content.relevanceScore = given
      XCTAssertEqual(content.relevanceScore, kept, "\(given), set")
    }
  }

  func testRefreshRemakesAPendingRequestWithoutMovingItsEnd() throws {
    try withNotifications(budget: 1) { h in
      let alerts = h.alertsOrFail
      try h.manager.start(id: "tea", for: .seconds(180)) { _, _, _ in }
      try h.manager.start(id: "eggs", for: .seconds(540)) { _, _, _ in }  // outside the budget of 1
      h.center.drain()
      let fireDate = try XCTUnwrap(h.ownPending.first?.fireDate)
      try h.advance(by: 10)
      h.center.clearCalls()
      alerts.setContent(CountdownAlertContent(title: "Green tea", body: "Done"), for: "tea")
      alerts.refresh("eggs")
      h.center.drain()
      // After an add, the alerts list the pending requests (they report those the system dropped).
      let calls = { h.center.calls.filter { $0 != .pendingRequestIdentifiers } }
      XCTAssertEqual(calls(), [.add(alerts.identifier(for: "tea"))], "one add replaces; a waiting id costs none")
      XCTAssertEqual(h.ownPending.map(\.content.title), ["Green tea"])
      XCTAssertEqual(
        try XCTUnwrap(h.ownPending.first?.fireDate).timeIntervalSince1970, fireDate.timeIntervalSince1970,
        accuracy: 1e-6, "the end did not move")
      h.center.clearCalls()
      alerts.refreshAll()
      h.center.drain()
      XCTAssertEqual(calls(), [.add(alerts.identifier(for: "tea"))])
    }
  }

  func testRefreshAsksIsFollowedAgain() throws {
    try MainActor.assumeIsolated {
      let manager = try CountdownManager(clock: ManualCountdownClock())
      let center = FakeNotificationCenter()
      let muted = LockedState(false)
      let alerts = try CountdownNotifications(
        String.self, manager: manager, center: center, isFollowed: { _ in !muted.withLock { $0 } }
      ) { id, _ in CountdownAlertContent(title: id, body: "Done") }
      try manager.start(id: "tea", for: .seconds(180)) { _, _, _ in }
      center.drain()
      muted.withLock { $0 = true }
      alerts.refresh("tea")
      center.drain()
      XCTAssertEqual(center.pending.map(\.identifier), [], "muted: its request goes at once")
      XCTAssertEqual(alerts.scheduledIDs, [])
      muted.withLock { $0 = false }
      alerts.refresh("tea")
      center.drain()
      XCTAssertEqual(center.pending.map(\.identifier), [alerts.identifier(for: "tea")], "followed again")
    }
  }

  func testSetContentTakesEffectAndNilGivesTheAlertBackToTheClosure() throws {
    try withNotifications(milestones: [.seconds(60)]) { h in
      let alerts = h.alertsOrFail
      try h.manager.start(id: "pasta", for: .seconds(600)) { _, _, _ in }
      h.center.drain()
      let dates = h.ownPending.map(\.fireDate)
      let named = CountdownAlertContent(title: "Pasta", body: "Drain it.", sound: .named("bell.caf"))
      alerts.setContent(named, for: "pasta")
      h.center.drain()
      let end = alerts.identifier(for: "pasta")
      XCTAssertEqual(h.ownPending.first { $0.identifier == end }?.content, named)
      XCTAssertEqual(h.ownPending.map(\.fireDate), dates, "nothing moved")
      let minute = alerts.identifier(for: "pasta", moment: .timeLeft(.seconds(60)))
      XCTAssertEqual(
        h.ownPending.first { $0.identifier == minute }?.content,
        NotificationsHarness.content("pasta", .timeLeft(.seconds(60))),
        "the milestone keeps the closure's")
      alerts.setContent(nil, for: "pasta")
      h.assertPending(["pasta"], "the closure's again")
    }
  }

  func testARequestLeadsBackToItsIDAndMoment() throws {
    try withNotifications(milestones: [.seconds(600), .milliseconds(90_500)]) { h in
      let alerts = h.alertsOrFail
      for id in ["tea", "a/b", ""] {
        for moment in [CountdownAlertMoment.end, .timeLeft(.seconds(600)), .timeLeft(.milliseconds(90_500))] {
          let request = alerts.identifier(for: id, moment: moment)
          XCTAssertEqual(alerts.countdownID(forRequest: request), id, request)
          XCTAssertEqual(alerts.id(forRequest: request), id, request)
          XCTAssertEqual(alerts.moment(forRequest: request), moment, request)
          XCTAssertTrue(alerts.isOwnRequest(request), request)
        }
      }
      for foreign in [
        "app/reminder", "countdown-alerts/other/end/tea", "countdown-alerts/timers/soon/tea",
        "countdown-alerts/timers/left-0s/tea", "countdown-alerts/timers/left-xs/tea", "countdown-alerts/timers/end",
      ] {
        XCTAssertNil(alerts.countdownID(forRequest: foreign), foreign)
        XCTAssertNil(alerts.moment(forRequest: foreign), foreign)
        XCTAssertFalse(alerts.isOwnRequest(foreign), "\(foreign): its id cannot be read back")
      }
    }
  }

  func testAnIntIDComesBackFromItsDescription() throws {
    try MainActor.assumeIsolated {
      let alerts = try CountdownNotifications(
        Int.self, manager: try CountdownManager(clock: ManualCountdownClock()), center: FakeNotificationCenter()
      ) { id, _ in CountdownAlertContent(title: "\(id)", body: "") }
      XCTAssertEqual(alerts.id(forRequest: alerts.identifier(for: 42)), 42)
      XCTAssertNil(alerts.id(forRequest: "countdown-alerts/Int/end/forty-two"), "not an Int's description")
    }
  }
}
