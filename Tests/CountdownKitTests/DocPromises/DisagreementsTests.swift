import CountdownKit
import CountdownTestSupport
import Foundation
import XCTest

/// Where the public docs of single countdowns' persistence and observable models and the behaviour
/// disagree. Each test states the documented behaviour and runs only with
/// `COUNTDOWN_DOC_DISAGREEMENTS=1`, since `Sources/` is left as it is.
final class DisagreementsTests: XCTestCase {
  /// `ObservableCountdown.endDate`: "once ended, the date it ended"; `restart(until:)`: "A date
  /// already passed ends it at once". Restarting a running model to a passed date ends it now, so
  /// its end date should be now, not the replaced countdown's deadline.
  func testARunningModelRestartedToAPassedDateShowsNowAsItsEnd() throws {
    try XCTSkipUnless(
      ProcessInfo.processInfo.environment["COUNTDOWN_DOC_DISAGREEMENTS"] == "1",
      "a doc disagreement: set COUNTDOWN_DOC_DISAGREEMENTS=1 to run it")
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("Observation") }
    try withManualManager { manager, _, wall in
      let model = try manager.countdown(for: .seconds(30))
      try model.restart(until: wall.now - 5)
      XCTAssertTrue(model.hasEnded)
      XCTAssertEqual(model.remaining, 0)
      XCTAssertEqual(model.endDate, wall.now, "ended now, not at the replaced countdown's deadline")
      XCTAssertEqual(model.timerInterval, wall.now...wall.now)
    }
  }

  /// The same through a list: `ObservableCountdownList.start(id:until:)` restarts the row as
  /// `restart(until:)` does, and a row whose countdown had already ended shows the end of the
  /// countdown it replaced too, not the moment the new one ended.
  func testARowRestartedToAPassedDateShowsNowAsItsEnd() throws {
    try XCTSkipUnless(
      ProcessInfo.processInfo.environment["COUNTDOWN_DOC_DISAGREEMENTS"] == "1",
      "a doc disagreement: set COUNTDOWN_DOC_DISAGREEMENTS=1 to run it")
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("Observation") }
    try withManualManager { manager, clock, wall in
      let list = ObservableCountdownList<String>(manager: manager)
      let running = try list.start(id: "running", for: .seconds(30))
      let ended = try list.start(id: "ended", for: .seconds(2))
      try clock.advance(by: 10, with: wall)
      XCTAssertTrue(ended.hasEnded)
      try list.start(id: "running", until: wall.now - 5)
      try list.start(id: "ended", until: wall.now - 5)
      XCTAssertTrue(running.hasEnded)
      XCTAssertEqual(running.endDate, wall.now, "ended now, not at the replaced countdown's deadline (20 s ahead)")
      XCTAssertEqual(ended.endDate, wall.now, "ended now, not when the replaced countdown ended (8 s ago)")
    }
  }

  /// `CountdownSnapshot.init(decoding:)` throws "the error of the first entry that no countdown can
  /// have (`invalidEntry(index:reason:)` or `unreadable`)". Entry 0 holds a negative time, entry
  /// 1 a policy no version knows: the first one's error is `invalidEntry(index: 0, reason:
  /// negativeDuration)`, but the second's `unreadable`, thrown while the entries are read, comes
  /// first.
  func testDecodingThrowsTheErrorOfTheFirstBadEntry() throws {
    try XCTSkipUnless(
      ProcessInfo.processInfo.environment["COUNTDOWN_DOC_DISAGREEMENTS"] == "1",
      "a doc disagreement: set COUNTDOWN_DOC_DISAGREEMENTS=1 to run it")
    let json = #"""
      {"format":2,"takenAtSinceReferenceDate":0,"countdowns":[
      {"id":"a","kind":"countdown","policy":"keepsRunning","onlyTheEnd":false,"paused":true,"nanoseconds":-5000000000},
      {"id":"b","kind":"countdown","policy":"sometimes","onlyTheEnd":false,"paused":true,"nanoseconds":5000000000}]}
      """#
    assertThrows(CountdownSnapshotError.invalidEntry(index: 0, reason: .negativeDuration)) {
      () throws(CountdownSnapshotError) in
      _ = try CountdownSnapshot<String>(decoding: Data(json.utf8))
    }
  }
}
