import CountdownAlerts
import CountdownAlertsTesting
import CountdownKit
import CountdownTestSupport
import Foundation
import XCTest

/// Bad input and a center that fails: a typed error, the countdowns untouched, and the next change
/// (or `retry()`) schedules what was refused.
final class FailureTests: XCTestCase {
  private struct CenterDown: Error {}

  func testDeniedAuthorizationIsTypedAndRetriedOnceAllowed() throws {
    try MainActor.assumeIsolated {
      let h = try NotificationsHarness()
      defer { h.manager.cancelAll() }
      h.center.authorization = .denied
      try h.manager.start(id: "tea", for: .seconds(180)) { _, _, _ in }
      h.assertPending([], "denied: nothing pending")
      let failures = h.failures.withLock { $0 }
      XCTAssertEqual(failures, [.notAuthorized])
      XCTAssertEqual(failures.first?.requestIdentifier, h.alertsOrFail.identifier(for: "tea"))
      XCTAssertEqual(h.manager.timeLeft(id: "tea"), .seconds(180), "the countdown is untouched")
      h.center.authorization = .authorized
      h.alertsOrFail.retry()
      h.assertPending(["tea"], "allowed, retried")
      h.assertNoForeignCall()
    }
  }

  func testACenterErrorIsTypedAndTheNextChangeRetries() throws {
    try MainActor.assumeIsolated {
      let h = try NotificationsHarness()
      defer { h.manager.cancelAll() }
      h.center.failAdds(with: CenterDown())
      try h.manager.start(id: "tea", for: .seconds(180)) { _, _, _ in }
      h.assertPending([])
      let failures = h.failures.withLock { $0 }
      XCTAssertEqual(failures, [.requestFailed])
      XCTAssertEqual(failures.first?.underlying, "CenterDown()")
      h.center.failAdds(with: nil)
      try h.manager.start(id: "egg", for: .seconds(300)) { _, _, _ in }
      h.assertPending(["tea", "egg"], "the next change retried the tea")
      XCTAssertTrue(h.manager.contains(id: "tea"))
    }
  }

  func testBadOptionsAreTypedErrors() throws {
    try MainActor.assumeIsolated {
      let (manager, _) = try makeManager()
      let center = FakeNotificationCenter()
      func make(budget: Int = 20, milestones: [Duration] = [], namespace: String? = nil) throws(CountdownAlertError) {
        _ = try CountdownNotifications(
          Int.self, manager: manager, center: center, namespace: namespace, budget: budget, milestones: milestones
        ) { _, _ in CountdownAlertContent(title: "", body: "") }
      }
      assertThrows(CountdownAlertError.invalidBudget, "budget 0") { () throws(CountdownAlertError) in
        try make(budget: 0)
      }
      assertThrows(CountdownAlertError.invalidBudget, "budget 65") { () throws(CountdownAlertError) in
        try make(budget: 65)
      }
      assertThrows(CountdownAlertError.invalidBudget, "no room for the milestones") { () throws(CountdownAlertError) in
        try make(budget: 2, milestones: [.seconds(60), .seconds(600)])
      }
      assertThrows(CountdownAlertError.invalidMilestone, "zero") { () throws(CountdownAlertError) in
        try make(milestones: [.zero])
      }
      assertThrows(CountdownAlertError.invalidMilestone, "twice") { () throws(CountdownAlertError) in
        try make(milestones: [.seconds(60), .seconds(60)])
      }
      assertThrows(CountdownAlertError.invalidNamespace) { () throws(CountdownAlertError) in try make(namespace: "a/b")
      }
      XCTAssertEqual(center.calls, [], "a refused option touches nothing")
    }
  }

  func testTheBudgetKeepsTheSoonestAndTheNextComesInAsOneGoes() throws {
    try withNotifications(budget: 3) { h in
      for (id, seconds) in [("e", 50), ("a", 10), ("d", 40), ("b", 20), ("c", 30)] {
        try h.manager.start(id: id, for: .seconds(seconds)) { _, _, _ in }
      }
      h.assertPending(["a", "b", "c"], "the three soonest")
      h.manager.cancel(id: "b")
      h.assertPending(["a", "c", "d"], "b went, d came")
      try h.advance(by: 10)
      h.assertPending(["c", "d", "e"], "a ended, e came")
      try h.manager.addTime(.seconds(100), id: "c")
      h.assertPending(["d", "e", "c"], "c still among the three")
      try h.manager.start(id: "f", for: .seconds(5)) { _, _, _ in }
      h.assertPending(["f", "d", "e"], "f pushed c out")
    }
  }

  func testThePlatformLimitDropsTheLatestFiringSilently() throws {
    try withNotifications(budget: 20) { h in
      // The app's own notifications fill most of the system's 64.
      for index in 0..<60 {
        h.center.schedule(
          identifier: "app/\(index)", content: .init(title: "", body: ""), fireDate: h.wall.now + 100 + Double(index))
      }
      for index in 0..<10 {
        try h.manager.start(id: "t\(index)", for: .seconds(10 + index)) { _, _, _ in }
      }
      h.center.drain()
      XCTAssertEqual(h.center.pending.count, FakeNotificationCenter.limit)
      XCTAssertEqual(h.ownPending.count, 10, "the alerts fire first: they are kept")
      XCTAssertEqual(h.center.droppedCount, 7, "the app's seven latest went (its reminder too), with no error")
      XCTAssertFalse(h.center.pending.contains { $0.identifier == "app/59" })
      XCTAssertEqual(h.manager.timeLeft(id: "t0"), .seconds(10), "the countdowns are untouched")
      h.center.schedule(identifier: "app/reminder", content: .init(title: "", body: ""), fireDate: h.wall.now + 1)
    }
  }

  func testMilestonesCountAgainstTheBudgetAndFollowTheEnd() throws {
    try withNotifications(budget: 4, milestones: [.seconds(60)]) { h in
      try h.manager.start(id: "a", for: .seconds(300)) { _, _, _ in }
      try h.manager.start(id: "b", for: .seconds(200)) { _, _, _ in }
      try h.manager.start(id: "c", for: .seconds(100)) { _, _, _ in }
      h.assertPending(["b", "c"], "two countdowns of two requests each")
      XCTAssertEqual(h.ownPending.count, 4)
      try h.advance(by: 50)
      XCTAssertEqual(
        h.center.delivered.map(\.identifier), [h.alertsOrFail.identifier(for: "c", moment: .timeLeft(.seconds(60)))])
      h.assertPending(["b", "c"], "c's milestone fired")
      // Time taken puts b's milestone in the past: its request goes.
      try h.manager.addTime(.seconds(-120), id: "b")
      h.assertPending(["b", "c"], "b ends in 30 s: no milestone ahead")
      // Cancelled, c's delivered milestone is stale: it goes from the notification center too.
      h.manager.cancel(id: "c")
      h.assertPending(["b", "a"])
      XCTAssertEqual(h.center.delivered, [])
    }
  }
}
