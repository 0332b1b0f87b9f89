import CountdownAlerts
import CountdownAlertsTesting
import CountdownKit
import CountdownTestSupport
import Foundation
import XCTest

/// The system keeps 64 pending requests for the whole app and drops the rest without an error:
/// the alerts tell the app which of theirs it dropped.
final class SystemLimitTests: XCTestCase {
  func testRequestsDroppedPastTheSystemsLimitAreReported() throws {
    try MainActor.assumeIsolated {
      let h = try NotificationsHarness(budget: 20)
      defer { h.manager.cancelAll() }
      // 50 requests of the app's own, all firing before any countdown ends.
      for index in 0..<50 {
        h.center.schedule(
          identifier: "app/\(index)", content: .init(title: "\(index)", body: ""), fireDate: h.wall.now + 10)
      }
      let ids = (0..<20).map { "timer-\($0)" }
      for (index, id) in ids.enumerated() {
        try h.manager.start(id: id, for: .seconds(3_600 + index)) { _, _, _ in }
      }
      h.center.drain()
      // 70 wanted, 64 kept: the 6 of the countdowns that end latest are dropped.
      let dropped = Set(ids.suffix(6).map { h.alertsOrFail.identifier(for: $0) })
      XCTAssertEqual(h.center.droppedCount, 6)
      XCTAssertEqual(
        Set(h.ownPending.map(\.identifier)), Set(ids.prefix(14).map { h.alertsOrFail.identifier(for: $0) }))
      let failures = h.failures.withLock { $0 }
      XCTAssertEqual(
        Set(failures.compactMap(\.requestIdentifier)), dropped, "the app never hears of the dropped requests")
      XCTAssertEqual(failures.count, 6, "each dropped request once")
    }
  }

  func testTheCenterIsListedOnlyWhenItMayHaveDroppedSome() throws {
    try MainActor.assumeIsolated {
      let h = try NotificationsHarness(budget: 20)
      defer { h.manager.cancelAll() }
      try h.manager.start(id: "tea", for: .seconds(600)) { _, _, _ in }
      h.center.drain()
      h.center.clearCalls()
      // The app's own requests (none but the harness's reminder) leave room for the whole budget.
      for change in 0..<32 {
        try h.manager.addTime(.seconds(change.isMultiple(of: 2) ? 5 : -3), id: "tea")
      }
      h.center.drain()
      let listings = h.center.calls.filter { $0 == .pendingRequestIdentifiers }.count
      XCTAssertEqual(listings, 2, "one every 16 turns that add, not one a change")
      // 50 of the app's own: the next add lists, and so does every one after it.
      for index in 0..<50 {
        h.center.schedule(
          identifier: "app/\(index)", content: .init(title: "\(index)", body: ""), fireDate: h.wall.now + 7_200)
      }
      for change in 0..<17 {
        try h.manager.addTime(.seconds(change.isMultiple(of: 2) ? 5 : -3), id: "tea")
        h.center.drain()  // the listing's answer comes
      }
      h.center.drain()
      XCTAssertEqual(
        h.center.calls.filter { $0 == .pendingRequestIdentifiers }.count, listings + 2,
        "the turn every 16 finds the room short; from then on each turn that adds lists")
    }
  }
}
