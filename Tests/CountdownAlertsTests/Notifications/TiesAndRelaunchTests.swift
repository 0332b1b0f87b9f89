import CountdownAlerts
import CountdownAlertsTesting
import CountdownKit
import CountdownTestSupport
import Foundation
import XCTest

/// What a mutation run found untested: another namespace's request across a relaunch, a
/// milestone with a fraction of a second, and which of equal ends the budget and the system keep.
final class TiesAndRelaunchTests: XCTestCase {
  func testARelaunchLeavesAnotherNamespacesRequestAlone() throws {
    try withNotifications { h in
      let other = "countdown-alerts/other/end/tea"
      h.center.schedule(identifier: other, content: .init(title: "Other", body: ""), fireDate: h.wall.now + 300)
      try h.manager.start(id: "tea", for: .seconds(180)) { _, _, _ in }
      h.center.drain()
      try XCTAssertNil(h.relaunch())
      h.assertPending(["tea"], "restored")
      XCTAssertTrue(h.center.pending.contains { $0.identifier == other }, "another namespace's request stays")
      XCTAssertFalse(h.center.calls.flatMap(\.identifiers).contains(other), "no call names it")
    }
  }

  func testAMilestoneWithAFractionOfASecond() throws {
    try withNotifications(milestones: [.milliseconds(90_500)]) { h in
      let alerts = h.alertsOrFail
      try h.manager.start(id: "tea", for: .seconds(600)) { _, _, _ in }
      h.assertPending(["tea"], "its end and its milestone 90.5 s before")
      let milestone = alerts.identifier(for: "tea", moment: .timeLeft(.milliseconds(90_500)))
      XCTAssertEqual(milestone, "countdown-alerts/timers/left-90500000000ns/tea")
      XCTAssertEqual(
        h.ownPending.first { $0.identifier == milestone }?.fireDate.timeIntervalSince1970 ?? 0,
        (h.wall.now + 509.5).timeIntervalSince1970, accuracy: 1e-6)
      try XCTAssertNil(h.relaunch())
      h.assertPending(["tea"], "the relaunch's sweep keeps the restored countdown's milestone")
      try h.advance(by: 510)
      XCTAssertEqual(h.center.delivered.map(\.identifier), [milestone], "it rang at 509.5 s")
    }
  }

  func testOfEqualEndsTheBudgetKeepsTheCountdownWhoseLatestChangeCameFirst() throws {
    try withNotifications(budget: 1) { h in
      let alerts = h.alertsOrFail
      try h.manager.start(id: "a", for: .seconds(60)) { _, _, _ in }
      try h.manager.start(id: "b", for: .seconds(60)) { _, _, _ in }
      h.center.drain()
      XCTAssertEqual(h.ownPending.map(\.identifier), [alerts.identifier(for: "a")], "a changed first")
      h.manager.pause(id: "a")
      h.manager.resume(id: "a")  // the same end, changed after b's start
      h.center.drain()
      XCTAssertEqual(h.ownPending.map(\.identifier), [alerts.identifier(for: "b")], "b's change came first now")
      XCTAssertEqual(alerts.scheduledIDs, ["b"])
    }
  }

  func testOfEqualFireDatesTheFakeKeepsTheEarlierAddedAtTheSystemsLimit() {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let center = FakeNotificationCenter(now: { now })
    let request = { (identifier: String) in
      CountdownAlertRequest(identifier: identifier, content: .init(title: identifier, body: ""), timeInterval: 60)
    }
    for index in 0..<CountdownAlertRequest.systemPendingLimit {
      center.add(request("early-\(index)")) { _ in }
    }
    center.add(request("late")) { _ in }
    center.drain()
    XCTAssertEqual(center.pending.count, 64)
    XCTAssertEqual(center.droppedCount, 1)
    XCTAssertFalse(center.pending.contains { $0.identifier == "late" }, "of equal fire dates the last added goes")
  }
}
