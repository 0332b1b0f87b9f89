import CountdownAlerts
import CountdownAlertsTesting
import CountdownKit
import Foundation
import XCTest

/// When the notifications list the center's pending requests, through a follower on the fake
/// center: what counts as the app's own requests, and which turns may list at all.
final class ListingThrottleFollowerTests: XCTestCase {
  /// How many times the center was asked for its pending requests.
  @MainActor private static func listings(_ h: NotificationsHarness) -> Int {
    h.center.calls.count { $0 == .pendingRequestIdentifiers }
  }

  /// The alerts' own pending requests are not the app's: with room for the whole budget beside
  /// the app's one request, the adds list once, then every sixteenth adding turn, however many of
  /// the alerts' own are pending.
  func testTheAlertsOwnRequestsAreNotCountedAsTheApps() throws {
    try withNotifications(budget: 60) { h in
      h.center.drain()
      h.center.clearCalls()
      for n in 0..<20 {
        try h.manager.start(id: "c\(n)", for: .seconds(600 + n)) { _, _, _ in }
        h.center.drain()
      }
      XCTAssertEqual(h.ownPending.count, 20)
      XCTAssertEqual(Self.listings(h), 2, "the first adding turn and the seventeenth list; 1 + 60 fit in 64")
    }
  }

  /// A turn that adds nothing pushes nothing past the system's limit: it lists nothing, even where
  /// every add lists (the app's own requests leave less room than the budget).
  func testATurnThatOnlyRemovesListsNothing() throws {
    try withNotifications(budget: 20) { h in
      for n in 0..<50 {
        h.center.schedule(
          identifier: "app/\(n)", content: .init(title: "", body: ""), fireDate: h.wall.now + 86_400 + Double(n))
      }
      try h.manager.start(id: "tea", for: .seconds(180)) { _, _, _ in }
      h.center.drain()
      try h.manager.start(id: "egg", for: .seconds(300)) { _, _, _ in }
      h.center.drain()
      XCTAssertGreaterThan(Self.listings(h), 0, "51 of the app's and a budget of 20: an add lists")
      h.center.clearCalls()
      try h.manager.start(id: "rice", for: .seconds(240)) { _, _, _ in }
      h.center.drain()
      XCTAssertEqual(Self.listings(h), 1, "every add lists")
      h.center.clearCalls()
      h.manager.cancel(id: "tea")
      h.manager.pause(id: "egg")
      h.center.drain()
      XCTAssertEqual(Self.listings(h), 0, "a cancel and a pause only remove")
      h.assertPending(["rice"])
    }
  }
}
