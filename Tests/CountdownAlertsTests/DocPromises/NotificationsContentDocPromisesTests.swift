import CountdownAlerts
import CountdownAlertsTesting
import CountdownKit
import Foundation
import XCTest

/// What the docs of `setContent(_:for:at:)` and `refresh(_:)` promise beyond a pending alert
/// taking the content: content set is kept after its countdown goes, and a refresh of an id with
/// nothing pending makes no call.
final class NotificationsContentDocPromisesTests: XCTestCase {
  /// `setContent(_:for:at:)`: "It is kept until set to `nil` (not when the countdown goes: the
  /// next countdown of `id` says it too)."
  func testContentSetForAnIDIsKeptForItsNextCountdown() throws {
    try withNotifications { h in
      let alerts = h.alertsOrFail
      let named = CountdownAlertContent(title: "Pasta", body: "Drain it.", sound: .named("bell.caf"))
      alerts.setContent(named, for: "pasta")
      try h.manager.start(id: "pasta", for: .seconds(600)) { _, _, _ in }
      h.manager.cancel(id: "pasta")
      h.center.drain()
      XCTAssertEqual(h.ownPending, [], "the cancelled countdown's request is gone")
      try h.manager.start(id: "pasta", for: .seconds(300)) { _, _, _ in }
      h.center.drain()
      XCTAssertEqual(h.ownPending.map(\.content), [named], "the next countdown of the id says it too")
    }
  }

  /// `refresh(_:)`: an id "not pending (outside the budget, paused, gone) costs no call".
  func testRefreshingAPausedOrGoneIDCostsNoCall() throws {
    try withNotifications { h in
      let alerts = h.alertsOrFail
      try h.manager.start(id: "tea", for: .seconds(180)) { _, _, _ in }
      XCTAssertTrue(h.manager.pause(id: "tea"))
      try h.manager.start(id: "eggs", for: .seconds(60)) { _, _, _ in }
      h.manager.cancel(id: "eggs")
      h.center.drain()
      XCTAssertEqual(h.ownPending, [], "nothing pending: one is paused, one gone")
      h.center.clearCalls()
      alerts.refresh("tea")
      alerts.refresh("eggs")
      alerts.refresh("never")
      h.center.drain()
      XCTAssertEqual(h.center.calls, [])
    }
  }
}
