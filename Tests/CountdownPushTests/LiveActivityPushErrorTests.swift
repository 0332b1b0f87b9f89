import CountdownPush
import Foundation
import XCTest

/// Every error, and the 4 KB limit at its boundary.
final class LiveActivityPushErrorTests: XCTestCase {
  func testAnEmptyOrNonHexadecimalTokenIsRefused() {
    for token in ["", "0", "abc", "zz", "0g", " 80f5", "80f5\n", "80 f5", "80-f5", "８０"] {
      assertThrows(.invalidDeviceToken) { () throws(LiveActivityPushError) in try Fixture.push(token: token) }
    }
    XCTAssertTrue(
      assertThrows(.invalidDeviceToken) { () throws(LiveActivityPushError) in try Fixture.push(token: "") }
        .hasSuffix("(empty)"))
  }

  func testAnEmptyOrMalformedBundleIDIsRefused() {
    for bundleID in [
      "", "com.example timer", "com.example_timer", "com.exämple.timer", "com.example.timer\r\nx-header: 1",
      "com.example.timer.push-type.liveactivity",
    ] {
      assertThrows(.invalidBundleID) { () throws(LiveActivityPushError) in try Fixture.push(bundleID: bundleID) }
    }
    XCTAssertNoThrow(try Fixture.push(bundleID: "A-z.0-9"))
  }

  func testANonFiniteOrNegativeRelevanceScoreIsRefused() {
    for score in [Double.nan, .infinity, -.infinity, -1, -0.000_1, -.greatestFiniteMagnitude] {
      assertThrows(.invalidRelevanceScore) { () throws(LiveActivityPushError) in try Fixture.push(relevanceScore: score)
      }
    }
    XCTAssertNoThrow(try Fixture.push(relevanceScore: .greatestFiniteMagnitude))
  }

  func testAContentStateThatFailsToEncodeIsRefused() {
    let description = assertThrows(.invalidContentState) { () throws(LiveActivityPushError) in
      try LiveActivityPush(
        .update, contentState: UnencodableState(), deviceToken: Fixture.token, bundleID: Fixture.bundleID,
        environment: .production, priority: .low, timestamp: Fixture.timestamp)
    }
    XCTAssertTrue(description.contains("Refused"), description)
  }

  func testAContentStateThatIsNotAnObjectIsRefused() {
    assertThrows(.invalidContentState) { () throws(LiveActivityPushError) in
      try LiveActivityPush(
        .update, contentState: BareStringState(), deviceToken: Fixture.token, bundleID: Fixture.bundleID,
        environment: .production, priority: .low, timestamp: Fixture.timestamp)
    }
    assertThrows(.invalidContentState) { () throws(LiveActivityPushError) in
      try LiveActivityPush(
        .update, contentState: [1, 2], deviceToken: Fixture.token, bundleID: Fixture.bundleID,
        environment: .production, priority: .low, timestamp: Fixture.timestamp)
    }
  }

  func testADateThatCannotBeWrittenIsRefusedWhateverTheField() {
    let unwritable = [
      Date(timeIntervalSince1970: .nan), Date(timeIntervalSince1970: .infinity), Date(timeIntervalSince1970: -1),
      Date(timeIntervalSince1970: -0.5), Date(timeIntervalSince1970: 0x1p63), .distantPast,
    ]
    for date in unwritable {
      let fields: [(String, () throws(LiveActivityPushError) -> LiveActivityPush)] = [
        ("timestamp", { () throws(LiveActivityPushError) in try Fixture.push(timestamp: date) }),
        ("stale-date", { () throws(LiveActivityPushError) in try Fixture.push(staleDate: date) }),
        ("dismissal-date", { () throws(LiveActivityPushError) in try Fixture.push(.end(dismissalDate: date)) }),
        ("apns-expiration", { () throws(LiveActivityPushError) in try Fixture.push(expiration: date) }),
      ]
      for (field, build) in fields {
        let description = assertThrows(.invalidDate, build)
        XCTAssertTrue(description.contains(field), "\(date): \(description)")
      }
    }
    XCTAssertNoThrow(try Fixture.push(timestamp: Date(timeIntervalSince1970: 0)))
    XCTAssertNoThrow(try Fixture.push(staleDate: Date(timeIntervalSince1970: 0x1p62)))
  }

  /// A body of exactly 4096 bytes passes; of 4097, it throws.
  func testThePayloadLimitIs4096Bytes() throws {
    XCTAssertEqual(LiveActivityPush.maximumPayloadSize, 4096)
    func push(labelSize: Int) throws(LiveActivityPushError) -> LiveActivityPush {
      try LiveActivityPush(
        .update,
        contentState: TimerState(
          endsAt: Date(timeIntervalSinceReferenceDate: 0), label: String(repeating: "x", count: labelSize)),
        deviceToken: Fixture.token, bundleID: Fixture.bundleID, environment: .production, priority: .low,
        timestamp: Fixture.timestamp)
    }
    let rest = try push(labelSize: 0).body.count
    let atTheLimit = try push(labelSize: 4096 - rest)
    XCTAssertEqual(atTheLimit.body.count, 4096)
    let description = assertThrows(.payloadTooLarge) { () throws(LiveActivityPushError) in
      try push(labelSize: 4097 - rest)
    }
    XCTAssertTrue(description.contains("(4097 bytes, above 4096)"), description)
  }

  /// The limit counts the alert and every other key, not the content state alone.
  func testThePayloadLimitCountsTheWholeBody() throws {
    let state = TimerState(endsAt: Date(timeIntervalSinceReferenceDate: 0), label: String(repeating: "x", count: 4_000))
    func push(alert: LiveActivityPush.Alert?) throws(LiveActivityPushError) -> LiveActivityPush {
      try LiveActivityPush(
        .update, contentState: state, deviceToken: Fixture.token, bundleID: Fixture.bundleID, environment: .production,
        priority: .low, timestamp: Fixture.timestamp, alert: alert)
    }
    XCTAssertNoThrow(try push(alert: nil))
    assertThrows(.payloadTooLarge) { () throws(LiveActivityPushError) in
      try push(alert: .init(title: String(repeating: "t", count: 100), body: "b"))
    }
  }

  func testErrorsOfOneKindAreEqualWhateverTheirDetail() throws {
    let detailed: LiveActivityPushError
    do {
      _ = try Fixture.push(token: "")
      return XCTFail("expected an error")
    } catch {
      detailed = error
    }
    XCTAssertEqual(detailed, .invalidDeviceToken)
    XCTAssertEqual(detailed.hashValue, LiveActivityPushError.invalidDeviceToken.hashValue)
    XCTAssertNotEqual(detailed.description, LiveActivityPushError.invalidDeviceToken.description)
    let all: Set<LiveActivityPushError> = [
      .invalidDeviceToken, .invalidBundleID, .invalidRelevanceScore, .invalidContentState, .payloadTooLarge,
      .invalidDate,
    ]
    XCTAssertEqual(all.count, 6)
    XCTAssertEqual(Set(all.map(\.description)).count, 6)
    XCTAssertTrue(all.allSatisfy { $0.description.hasPrefix("LiveActivityPushError: ") })
  }
}
