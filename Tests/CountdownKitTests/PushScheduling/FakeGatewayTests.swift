import CountdownCore
import CountdownKit
import Foundation
import XCTest

/// The gateway that the scheduler's tests hold their sends with: a release lets every call made
/// while holding return, one that is still on its way to wait too, or a test that releases as
/// soon as it sees the call would wait for that send without end.
final class FakeGatewayTests: XCTestCase {
  func testAReleaseWhileAHeldCallIsOnItsWayToWaitLetsItReturn() async throws {
    let rig = try PushRig()
    let schedule = try rig.snapshot().pushSchedule(id: "workout", lookAhead: 1, from: rig.wallClock(), limit: 1)
    let push = try XCTUnwrap(schedule.first)
    let gateway = rig.gateway
    gateway.hold()
    // The call is recorded (a test waiting for it goes on), and the release comes before it waits.
    gateway.beforeWaiting { gateway.release() }
    let returned = expectation(description: "the held call returned")
    Task {
      let outcome = try await gateway.send(push, id: "workout", token: "t1")
      XCTAssertTrue(outcome.isSent)
      returned.fulfill()
    }
    await fulfillment(of: [returned], timeout: 5)
    XCTAssertEqual(gateway.delivered.count, 1)
  }
}
