import CountdownPush
import Foundation
import XCTest

/// The request's method, host, path and headers, as Apple documents them for a Live Activity push.
final class LiveActivityPushHeaderTests: XCTestCase {
  func testTheHeadersAreALiveActivityPushs() throws {
    let push = try Fixture.push(priority: .low)
    XCTAssertEqual(
      push.headers,
      [
        "apns-push-type": "liveactivity",
        "apns-topic": "com.example.apple-samplecode.Emoji-Rangers.push-type.liveactivity",
        "apns-priority": "5",
      ])
    XCTAssertNil(push.headers["authorization"], "the server adds it")
    XCTAssertEqual(push.method, "POST")
    XCTAssertEqual(push.path, "/3/device/\(Fixture.token)")
  }

  func testExpirationAndIDAreHeadersWhenGiven() throws {
    let id = try XCTUnwrap(UUID(uuidString: "EABEAE54-14A8-11E5-B60B-1697F925EC7B"))
    let push = try Fixture.push(expiration: Date(timeIntervalSince1970: 1_685_955_600.7), apnsID: id)
    XCTAssertEqual(push.headers["apns-expiration"], "1685955600")
    XCTAssertEqual(push.headers["apns-id"], "eabeae54-14a8-11e5-b60b-1697f925ec7b", "canonical: lowercase")
    XCTAssertEqual(push.headers.count, 5)
    // The start of 1970: one attempt, not stored.
    XCTAssertEqual(try Fixture.push(expiration: Date(timeIntervalSince1970: 0)).headers["apns-expiration"], "0")
  }

  func testThePriorityIsTenOrFive() throws {
    XCTAssertEqual(LiveActivityPush.Priority.high.value, 10)
    XCTAssertEqual(LiveActivityPush.Priority.low.value, 5)
    XCTAssertEqual(try Fixture.push(priority: .high).headers["apns-priority"], "10")
    XCTAssertEqual(try Fixture.push(priority: .low).headers["apns-priority"], "5")
    XCTAssertEqual("\(LiveActivityPush.Priority.high) \(LiveActivityPush.Priority.low)", "10 5")
    XCTAssertNotEqual(LiveActivityPush.Priority.high, .low)
  }

  func testTheHostIsTheEnvironments() throws {
    let production = try Fixture.push(environment: .production)
    XCTAssertEqual(production.host, "api.push.apple.com")
    XCTAssertEqual(production.url.absoluteString, "https://api.push.apple.com/3/device/\(Fixture.token)")
    let development = try Fixture.push(environment: .development)
    XCTAssertEqual(development.host, "api.sandbox.push.apple.com")
    XCTAssertEqual(development.environment, .development)
    XCTAssertEqual(development.url.absoluteString, "https://api.sandbox.push.apple.com/3/device/\(Fixture.token)")
    XCTAssertEqual(development.body, production.body)
    XCTAssertEqual("\(LiveActivityPush.Environment.production)", "api.push.apple.com")
  }

  /// A token in either case (or mixed) gives the same path, in lowercase; ActivityKit's longer
  /// Live Activity tokens are taken as they are.
  func testTheTokenIsTakenInEitherCaseAndWrittenInLowercase() throws {
    let upper = try Fixture.push(token: Fixture.token.uppercased())
    XCTAssertEqual(upper.path, "/3/device/\(Fixture.token)")
    XCTAssertEqual(try Fixture.push(token: "0aBcDeF9").path, "/3/device/0abcdef9")
    XCTAssertEqual(upper, try Fixture.push(token: Fixture.token))
    let long = String(repeating: "80f5", count: 40)
    XCTAssertEqual(try Fixture.push(token: long).path, "/3/device/\(long)")
  }

  func testTheEventsNames() {
    XCTAssertEqual(LiveActivityPush.Event.update.name, "update")
    XCTAssertEqual(LiveActivityPush.Event.end().name, "end")
    XCTAssertNil(LiveActivityPush.Event.update.dismissalDate)
    XCTAssertNil(LiveActivityPush.Event.end().dismissalDate)
    let start = Date(timeIntervalSince1970: 0)
    XCTAssertEqual(LiveActivityPush.Event.end(dismissalDate: start).dismissalDate, start)
    XCTAssertNotEqual(LiveActivityPush.Event.end(), .update)
    XCTAssertEqual("\(LiveActivityPush.Event.end())", "end")
  }
}
