// swift-format-ignore-file
// (The catalog's sample is copied here verbatim, checked by SampleCopyTests: a formatter that
// changed the copy would part it from its sample.)
import CountdownPush
import Foundation
import XCTest

// DOCC: countdown-push-paused
// The app's content state: the same type, the same keys, as the Live Activity decodes.
struct TimerActivityState: Codable, Hashable {
  var endsAt: Date
  var isPaused: Bool
}

// The timer was paused on another device: its Live Activity shows it paused, and is stale at
// what would have been its end.
func pausedPush(pushToken: String, endsAt: Date, now: Date) throws -> LiveActivityPush {
  try LiveActivityPush(
    .update, contentState: TimerActivityState(endsAt: endsAt, isPaused: true), deviceToken: pushToken,
    bundleID: "com.example.timer", environment: .production, priority: .high, timestamp: now,
    staleDate: endsAt)
}
// END DOCC

/// The catalog's sample (CountdownPush.docc/CountdownPush.md), run.
final class CatalogSampleTests: XCTestCase {
  func testThePausedPushIsWhatTheCatalogSays() throws {
    let endsAt = Date(timeIntervalSince1970: 1_700_000_600)
    let push = try pausedPush(
      pushToken: Fixture.token.uppercased(), endsAt: endsAt, now: Date(timeIntervalSince1970: 1_700_000_000))
    XCTAssertEqual(push.url.absoluteString, "https://api.push.apple.com/3/device/\(Fixture.token)")
    XCTAssertEqual(push.method, "POST")
    XCTAssertEqual(
      push.headers,
      ["apns-push-type": "liveactivity", "apns-topic": "com.example.timer.push-type.liveactivity", "apns-priority": "10"])
    // The end date as Date encodes itself: seconds since 1 January 2001 (1 700 000 600 − 978 307 200).
    XCTAssertEqual(
      String(decoding: push.body, as: UTF8.self),
      #"{"aps":{"content-state":{"endsAt":721693400,"isPaused":true},"event":"update","stale-date":1700000600,"#
        + #""timestamp":1700000000}}"#)
  }
}
