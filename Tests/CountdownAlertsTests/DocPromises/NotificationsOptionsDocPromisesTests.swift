import CountdownAlerts
import CountdownAlertsTesting
import CountdownKit
import CountdownTestSupport
import Foundation
import XCTest

/// What the docs of `CountdownNotifications`' options and of the values it hands the center
/// promise: the default namespace and where it goes in a request's identifier, the milestones kept
/// latest first, the milestones refused, the foreground presentation, and the defaults of an
/// alert's content and a request.
final class NotificationsOptionsDocPromisesTests: XCTestCase {
  /// `namespace`: "the type's name by default"; requests are named
  /// `countdown-alerts/<namespace>/<moment>/<id>`.
  func testTheDefaultNamespaceIsTheIDTypesNameAndPrefixesTheRequests() throws {
    try withManualManager { manager, _, wall in
      let alerts = try CountdownNotifications(
        String.self, manager: manager, center: FakeNotificationCenter(now: { wall.now })
      ) { id, _ in CountdownAlertContent(title: id, body: "") }
      XCTAssertEqual(alerts.namespace, "String")
      let identifier = alerts.identifier(for: "tea")
      XCTAssertTrue(identifier.hasPrefix("countdown-alerts/String/"), identifier)
      XCTAssertTrue(identifier.hasSuffix("/tea"), identifier)
    }
  }

  /// `milestones`: "How long before the end each milestone's alert comes, latest first", whatever
  /// order the app gave them in.
  func testMilestonesAreKeptLatestFirst() throws {
    try withManualManager { manager, _, wall in
      let alerts = try CountdownNotifications(
        String.self, manager: manager, center: FakeNotificationCenter(now: { wall.now }),
        milestones: [.seconds(60), .seconds(600), .seconds(300)]
      ) { id, _ in CountdownAlertContent(title: id, body: "") }
      XCTAssertEqual(alerts.milestones, [.seconds(600), .seconds(300), .seconds(60)])
    }
  }

  /// The initializer throws `invalidMilestone` for "a milestone of zero or less, beyond 292 years
  /// (what a deadline on the manager's clock can hold)"; the longest a deadline holds is accepted.
  /// A refused option makes no call on the center.
  func testANegativeOrTooLongMilestoneIsRefused() throws {
    try withManualManager { manager, _, wall in
      let center = FakeNotificationCenter(now: { wall.now })
      func make(_ milestones: [Duration]) throws(CountdownAlertError) {
        _ = try CountdownNotifications(String.self, manager: manager, center: center, milestones: milestones) {
          id, _ in CountdownAlertContent(title: id, body: "")
        }
      }
      for milestone in [Duration.seconds(-1), .nanoseconds(Int64.max) + .nanoseconds(1), .seconds(Int64.max)] {
        do {
          try make([milestone])
          XCTFail("\(milestone) was accepted")
        } catch {
          XCTAssertEqual(error as? CountdownAlertError, .invalidMilestone, "\(milestone)")
        }
      }
      XCTAssertEqual(center.calls, [], "a refused option touches nothing")
      XCTAssertNoThrow(try make([.nanoseconds(Int64.max)]), "292 years, the most a deadline holds")
    }
  }

  /// `foregroundPresentation`: "`[]`, nothing and no sound, by default";
  /// `foregroundPresentation(forRequest:)` gives it "for these alerts' own requests, `nil` for
  /// others (the app decides)".
  func testTheForegroundPresentationIsEmptyByDefaultAndNilForOthersRequests() throws {
    try withManualManager { manager, _, wall in
      let center = FakeNotificationCenter(now: { wall.now })
      let quiet = try CountdownNotifications(String.self, manager: manager, center: center, namespace: "quiet") {
        id, _ in CountdownAlertContent(title: id, body: "")
      }
      let loud = try CountdownNotifications(
        String.self, manager: manager, center: center, namespace: "loud", foregroundPresentation: [.banner, .sound]
      ) { id, _ in CountdownAlertContent(title: id, body: "") }
      XCTAssertEqual(quiet.foregroundPresentation, [])
      XCTAssertEqual(quiet.foregroundPresentation(forRequest: quiet.identifier(for: "tea")), [])
      XCTAssertEqual(loud.foregroundPresentation(forRequest: loud.identifier(for: "tea")), [.banner, .sound])
      XCTAssertEqual(
        loud.foregroundPresentation(forRequest: loud.identifier(for: "tea", moment: .timeLeft(.seconds(60)))),
        [.banner, .sound], "a milestone's request is its own too")
      XCTAssertNil(loud.foregroundPresentation(forRequest: "app/reminder"), "the app's own request")
      XCTAssertNil(loud.foregroundPresentation(forRequest: quiet.identifier(for: "tea")), "another namespace's")
    }
  }

  /// `CountdownAlertContent`: "the default sound and interruption level unless given"; the subtitle,
  /// category and thread are empty for none, the relevance score `0` by default.
  func testContentHasTheDocumentedDefaults() {
    let content = CountdownAlertContent(title: "Pasta", body: "Drain it.")
    XCTAssertEqual(content.title, "Pasta")
    XCTAssertEqual(content.body, "Drain it.")
    XCTAssertEqual(content.subtitle, "")
    XCTAssertEqual(content.sound, .default)
    XCTAssertEqual(content.userInfo, [:])
    XCTAssertEqual(content.interruptionLevel, .active)
    XCTAssertEqual(content.categoryIdentifier, "")
    XCTAssertEqual(content.threadIdentifier, "")
    XCTAssertEqual(content.relevanceScore, 0)
  }

  /// `CountdownAlertRequest`: a request holds what it was made with, and the system keeps 64
  /// pending for an app.
  func testARequestHoldsWhatItWasMadeWithAndTheSystemKeeps64() {
    let content = CountdownAlertContent(title: "Tea", body: "Done", sound: nil)
    let request = CountdownAlertRequest(identifier: "app/tea", content: content, timeInterval: 180)
    XCTAssertEqual(request.identifier, "app/tea")
    XCTAssertEqual(request.content, content)
    XCTAssertEqual(request.timeInterval, 180)
    XCTAssertEqual(CountdownAlertRequest.systemPendingLimit, 64)
  }
}
