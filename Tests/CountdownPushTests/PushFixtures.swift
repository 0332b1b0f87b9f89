import CountdownPush
import Foundation
import XCTest

/// The content state of Apple's Live Activity examples (its sample project's
/// `AdventureAttributes.ContentState`), so that a payload can be compared with Apple's own.
struct AdventureState: Codable, Hashable {
  var currentHealthLevel: Double
  var eventDescription: String
}

/// A timer's content state: a date (encoded as `Date` encodes itself) and a label whose length
/// sizes the payload.
struct TimerState: Codable, Hashable {
  var endsAt: Date
  var label: String
}

/// A content state whose encoding throws.
struct UnencodableState: Encodable {
  struct Refused: Error {}

  func encode(to encoder: any Encoder) throws {
    throw Refused()
  }
}

/// A content state that encodes to a JSON string, not an object.
struct BareStringState: Encodable {
  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode("bare")
  }
}

/// The values the tests share.
enum Fixture {
  /// A push token as ActivityKit's samples print it (`%02x`, lowercase), 32 bytes.
  static let token = "00fc13adff785122b4ad28809a3420982341241421348097878e577c991de8f0"
  static let bundleID = "com.example.apple-samplecode.Emoji-Rangers"
  /// Apple's examples' timestamp, 2023-06-05 08:00:00 UTC.
  static let timestamp = Date(timeIntervalSince1970: 1_685_952_000)
  static let sword = AdventureState(currentHealthLevel: 0.941, eventDescription: "Power Panda found a sword!")

  /// An update of Apple's example with the values given, the others the fixture's.
  static func push(
    _ event: LiveActivityPush.Event = .update, token: String = token, bundleID: String = bundleID,
    environment: LiveActivityPush.Environment = .production, priority: LiveActivityPush.Priority = .high,
    timestamp: Date = timestamp, staleDate: Date? = nil, relevanceScore: Double? = nil,
    alert: LiveActivityPush.Alert? = nil, expiration: Date? = nil, apnsID: UUID? = nil
  ) throws(LiveActivityPushError) -> LiveActivityPush {
    try LiveActivityPush(
      event, contentState: sword, deviceToken: token, bundleID: bundleID, environment: environment,
      priority: priority, timestamp: timestamp, staleDate: staleDate, relevanceScore: relevanceScore, alert: alert,
      expiration: expiration, apnsID: apnsID)
  }
}

extension LiveActivityPush {
  /// The body as text.
  var json: String { String(decoding: body, as: UTF8.self) }
}

/// Fails unless `build` throws `expected`; returns the error's description.
@discardableResult
func assertThrows<Value>(
  _ expected: LiveActivityPushError, file: StaticString = #filePath, line: UInt = #line,
  _ build: () throws(LiveActivityPushError) -> Value
) -> String {
  do {
    _ = try build()
    XCTFail("expected \(expected), got a request", file: file, line: line)
  } catch {
    XCTAssertEqual(error, expected, file: file, line: line)
    return error.description
  }
  return ""
}
