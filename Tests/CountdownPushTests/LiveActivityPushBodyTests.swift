import CountdownPush
import Foundation
import XCTest

/// The body's bytes, pinned against Apple's documented keys and examples (minified, keys sorted).
final class LiveActivityPushBodyTests: XCTestCase {
  /// Apple's update example ("Test Live Activity updates locally"): timestamp, event, content-state.
  func testAnUpdateIsApplesExample() throws {
    XCTAssertEqual(
      try Fixture.push().json,
      #"{"aps":{"content-state":{"currentHealthLevel":0.941,"eventDescription":"Power Panda found a sword!"},"#
        + #""event":"update","timestamp":1685952000}}"#)
  }

  /// Apple's relevance-score example: the score written as the integer it is.
  func testARelevanceScoreIsApplesExample() throws {
    XCTAssertEqual(
      try Fixture.push(relevanceScore: 100).json,
      #"{"aps":{"content-state":{"currentHealthLevel":0.941,"eventDescription":"Power Panda found a sword!"},"#
        + #""event":"update","relevance-score":100,"timestamp":1685952000}}"#)
  }

  /// Apple's alert example: localized title and body (`loc-key`, `loc-args`) and a sound, in the
  /// alert, with the content state of a knocked-down hero.
  func testALocalizedAlertIsApplesExample() throws {
    let push = try LiveActivityPush(
      .update,
      contentState: AdventureState(currentHealthLevel: 0.0, eventDescription: "Power Panda has been knocked down!"),
      deviceToken: Fixture.token, bundleID: Fixture.bundleID, environment: .production, priority: .high,
      timestamp: Fixture.timestamp,
      alert: .localized(
        titleKey: "%@ is knocked down!", titleArguments: ["Power Panda"], bodyKey: "Use a potion to heal %@!",
        bodyArguments: ["Power Panda"], sound: "HeroDown.mp4"))
    XCTAssertEqual(
      push.json,
      #"{"aps":{"alert":{"body":{"loc-args":["Power Panda"],"loc-key":"Use a potion to heal %@!"},"sound":"HeroDown.mp4","#
        + #""title":{"loc-args":["Power Panda"],"loc-key":"%@ is knocked down!"}},"#
        + #""content-state":{"currentHealthLevel":0,"eventDescription":"Power Panda has been knocked down!"},"#
        + #""event":"update","timestamp":1685952000}}"#)
  }

  func testAPlainAlertHasStringsAndNoSoundUnlessGiven() throws {
    XCTAssertEqual(
      try Fixture.push(alert: .init(title: "Tea", body: "Your tea is ready.")).json,
      #"{"aps":{"alert":{"body":"Your tea is ready.","title":"Tea"},"#
        + #""content-state":{"currentHealthLevel":0.941,"eventDescription":"Power Panda found a sword!"},"#
        + #""event":"update","timestamp":1685952000}}"#)
    XCTAssertTrue(
      try Fixture.push(alert: .init(title: "Tea", body: "Ready.", sound: "chime.aiff")).json
        .hasPrefix(#"{"aps":{"alert":{"body":"Ready.","sound":"chime.aiff","title":"Tea"},"#))
  }

  func testALocalizedTextWithoutArgumentsHasNoLocArgs() throws {
    let alert = LiveActivityPush.Alert.localized(titleKey: "DONE_TITLE", bodyKey: "DONE_BODY")
    XCTAssertTrue(
      try Fixture.push(alert: alert).json
        .hasPrefix(#"{"aps":{"alert":{"body":{"loc-key":"DONE_BODY"},"title":{"loc-key":"DONE_TITLE"}},"#))
  }

  /// An end with Apple's dismissal example (a date in the past, 1663177260), a stale date, and
  /// every key in sorted order.
  func testAnEndWithEveryKeyIsSorted() throws {
    let push = try Fixture.push(
      .end(dismissalDate: Date(timeIntervalSince1970: 1_663_177_260)),
      staleDate: Date(timeIntervalSince1970: 1_685_955_600), relevanceScore: 50, alert: .init(title: "T", body: "B"))
    XCTAssertEqual(
      push.json,
      #"{"aps":{"alert":{"body":"B","title":"T"},"#
        + #""content-state":{"currentHealthLevel":0.941,"eventDescription":"Power Panda found a sword!"},"#
        + #""dismissal-date":1663177260,"event":"end","relevance-score":50,"stale-date":1685955600,"#
        + #""timestamp":1685952000}}"#)
  }

  func testAnEndWithoutADismissalDateLeavesTheKeyOut() throws {
    XCTAssertEqual(
      try Fixture.push(.end()).json,
      #"{"aps":{"content-state":{"currentHealthLevel":0.941,"eventDescription":"Power Panda found a sword!"},"#
        + #""event":"end","timestamp":1685952000}}"#)
  }

  /// The keys are Apple's, and only those given: the body reads back as exactly them.
  func testOnlyTheKeysGivenAreWritten() throws {
    func keys(_ push: LiveActivityPush) throws -> Set<String> {
      let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: push.body) as? [String: Any])
      XCTAssertEqual(Set(object.keys), ["aps"])
      return Set(try XCTUnwrap(object["aps"] as? [String: Any]).keys)
    }
    XCTAssertEqual(try keys(Fixture.push()), ["timestamp", "event", "content-state"])
    XCTAssertEqual(
      try keys(
        Fixture.push(
          .end(dismissalDate: .distantFuture), staleDate: Fixture.timestamp, relevanceScore: 0,
          alert: .init(title: "", body: ""))),
      ["timestamp", "event", "content-state", "stale-date", "dismissal-date", "relevance-score", "alert"])
  }

  /// Dates are whole seconds since 1970, rounded down (as `date +%s` writes them), from 0 on.
  func testDatesAreWholeSecondsRoundedDown() throws {
    let push = try Fixture.push(
      timestamp: Date(timeIntervalSince1970: 1_685_952_000.999), staleDate: Date(timeIntervalSince1970: 0.5))
    XCTAssertTrue(push.json.hasSuffix(#""stale-date":0,"timestamp":1685952000}}"#), push.json)
    // The start of 1970 is in the past: an end that leaves the Lock Screen at once.
    let atOnce = try Fixture.push(.end(dismissalDate: Date(timeIntervalSince1970: 0)))
    XCTAssertTrue(atOnce.json.contains(#""dismissal-date":0,"event":"end","#), atOnce.json)
  }

  func testRelevanceScoresAreWrittenAsJSONNumbers() throws {
    for (score, written) in [(0, "0"), (-0.0, "0"), (0.5, "0.5"), (25, "25"), (1e-7, "1e-07"), (1e16, "1e+16")] {
      let json = try Fixture.push(relevanceScore: score).json
      XCTAssertTrue(json.contains(#""relevance-score":\#(written),"#), "\(score): \(json)")
      XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(json.utf8)), "\(score)")
    }
  }

  /// Strings are escaped where JSON requires it, and written as their UTF-8 otherwise (a slash too).
  func testStringsAreEscapedOnlyWhereJSONRequires() throws {
    let title = "\"quoted\" back\\slash a/b\nline\ttab\r\u{08}\u{0C}\u{01}\u{1F} é 🍵"
    let push = try Fixture.push(alert: .init(title: title, body: "b", sound: "sounds/chime.aiff"))
    XCTAssertTrue(
      push.json.contains(
        #""sound":"sounds/chime.aiff","title":"\"quoted\" back\\slash a/b\nline\ttab\r\b\f\u0001\u001f é 🍵"}"#),
      push.json)
    let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: push.body) as? [String: Any])
    let alert = try XCTUnwrap((object["aps"] as? [String: Any])?["alert"] as? [String: Any])
    XCTAssertEqual(alert["title"] as? String, title)
  }

  /// The default encoder keeps JSONEncoder's default strategies, which the system decodes with: a
  /// `Date` as seconds since 1 January 2001, `Date`'s own encoding.
  func testTheDefaultEncoderKeepsTheDefaultDateStrategy() throws {
    let push = try LiveActivityPush(
      .update, contentState: TimerState(endsAt: Date(timeIntervalSinceReferenceDate: 700_000_000), label: "a/b"),
      deviceToken: Fixture.token, bundleID: Fixture.bundleID, environment: .production, priority: .low,
      timestamp: Fixture.timestamp)
    XCTAssertEqual(
      push.json,
      #"{"aps":{"content-state":{"endsAt":700000000,"label":"a/b"},"event":"update","timestamp":1685952000}}"#)
    let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: push.body) as? [String: Any])
    let state = try JSONSerialization.data(
      withJSONObject: try XCTUnwrap((object["aps"] as? [String: Any])?["content-state"]))
    XCTAssertEqual(
      try JSONDecoder().decode(TimerState.self, from: state),
      TimerState(endsAt: Date(timeIntervalSinceReferenceDate: 700_000_000), label: "a/b"))
  }

  /// A caller's encoder is used as it is: its JSON is spliced in unchanged.
  func testACallersEncoderIsUsedAsItIs() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
    let push = try LiveActivityPush(
      .update, contentState: TimerState(endsAt: Date(timeIntervalSinceReferenceDate: 1), label: "x"),
      deviceToken: Fixture.token, bundleID: Fixture.bundleID, environment: .production, priority: .low,
      timestamp: Fixture.timestamp, encoder: encoder)
    let state = String(
      decoding: try encoder.encode(TimerState(endsAt: Date(timeIntervalSinceReferenceDate: 1), label: "x")),
      as: UTF8.self)
    XCTAssertTrue(state.contains("\n"))
    XCTAssertEqual(push.json, #"{"aps":{"content-state":"# + state + #","event":"update","timestamp":1685952000}}"#)
    XCTAssertNoThrow(try JSONSerialization.jsonObject(with: push.body))
  }

  /// The same input gives the same bytes, and the same request.
  func testTheSameInputGivesTheSameBytes() throws {
    let id = UUID()
    let first = try Fixture.push(relevanceScore: 12.5, alert: .init(title: "a", body: "b"), apnsID: id)
    let second = try Fixture.push(relevanceScore: 12.5, alert: .init(title: "a", body: "b"), apnsID: id)
    XCTAssertEqual(first.body, second.body)
    XCTAssertEqual(first, second)
  }
}
