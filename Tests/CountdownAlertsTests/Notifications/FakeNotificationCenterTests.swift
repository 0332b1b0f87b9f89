import CountdownAlerts
import CountdownAlertsTesting
import CountdownKit
import CountdownTestSupport
import Foundation
import XCTest

/// The fake does as the system does whatever the order in which a test drains it.
final class FakeNotificationCenterTests: XCTestCase {
  /// A wall clock the test moves.
  private final class Wall: Sendable {
    private let date = LockedState(Date(timeIntervalSince1970: 1_800_000_000))
    var now: Date { date.withLock { $0 } }
    func advance(by seconds: TimeInterval) { date.withLock { $0 += seconds } }
  }

  private static func request(_ identifier: String, in seconds: TimeInterval) -> CountdownAlertRequest {
    CountdownAlertRequest(
      identifier: identifier, content: CountdownAlertContent(title: identifier, body: ""), timeInterval: seconds)
  }

  func testAMetTriggerFiresEvenWhenARemovalIsQueuedAfterItsInstant() {
    let wall = Wall()
    let center = FakeNotificationCenter(now: { wall.now })
    center.add(Self.request("tea", in: 10)) { _ in }
    wall.advance(by: 15)  // the tea rang at 10 s; nothing drained the center since the add
    center.removePendingRequests(withIdentifiers: ["tea"])
    center.drain()
    XCTAssertEqual(center.delivered.map(\.identifier), ["tea"], "a removal after the ring hid it")
  }

  func testAReplaceQueuedAfterTheInstantDoesNotHideTheRing() {
    let wall = Wall()
    let center = FakeNotificationCenter(now: { wall.now })
    center.add(Self.request("tea", in: 10)) { _ in }
    wall.advance(by: 15)
    center.removePendingRequests(withIdentifiers: ["tea"])
    center.add(Self.request("tea", in: 60)) { _ in }
    center.drain()
    XCTAssertEqual(center.delivered.map(\.identifier), ["tea"], "a replace after the ring hid it")
    XCTAssertEqual(center.pending.map(\.fireDate), [wall.now + 60])
  }

  func testARemovalBeforeTheInstantRemoves() {
    let wall = Wall()
    let center = FakeNotificationCenter(now: { wall.now })
    center.add(Self.request("tea", in: 10)) { _ in }
    wall.advance(by: 5)
    center.removePendingRequests(withIdentifiers: ["tea"])
    wall.advance(by: 10)
    center.drain()
    XCTAssertEqual(center.delivered.map(\.identifier), [])
    XCTAssertEqual(center.pending.map(\.identifier), [])
  }
}
