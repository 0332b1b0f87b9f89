import CountdownKit
import Foundation
import XCTest

/// A restore brings back what the user saw: each countdown's progress, the rows a list still
/// shows, and nothing more than was asked for.
final class SnapshotRestoresWhatTheUserSawTests: XCTestCase {
  func testProgressGoesOnAcrossARelaunch() throws {
    try withManualManager { first, clock, wall in
      let start = wall.now
      try first.start(id: "pizza", for: .seconds(1_800)) { _, _, _ in }
      try first.start(id: "quiz", for: .seconds(60), whileSuspended: .pauses) { _, _, _ in }
      wall.jump(by: 600)
      try clock.advance(by: .seconds(600))
      let data = try JSONEncoder().encode(first.snapshot(of: String.self))
      first.cancelAll()
      wall.jump(by: 300)
      let (manager, _) = try makeManager(wall: wall)
      try manager.restore(CountdownSnapshot<String>(decoding: data)) { _, _, _ in }
      XCTAssertEqual(manager.timerInterval(id: "pizza"), start...(start + 1_800), "a third of the way, as before")
      // The quiz ran out before the snapshot (its 60 s all ran while the app was in front).
      XCTAssertNil(manager.timerInterval(id: "quiz"))
      manager.cancelAll()
    }
  }

  func testAListKeepsTheRowsItShowsEndedOnesIncluded() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("needs Observation") }
    try withManualManager { manager, clock, wall in
      let list = ObservableCountdownList<Int>(manager: manager)
      try list.start(id: 1, for: .seconds(5))
      try list.start(id: 2, for: .seconds(50))
      wall.jump(by: 10)
      try clock.advance(by: .seconds(10))
      XCTAssertEqual(list[1]?.hasEnded, true)
      let data = try JSONEncoder().encode(list.snapshot())
      list.removeAll()

      let (later, _) = try makeManager(wall: wall)
      let restored = ObservableCountdownList<Int>(manager: later)
      let restoration = try restored.restore(CountdownSnapshot(decoding: data))
      XCTAssertEqual(restored.ids, [1, 2], "the ended row too, in its place")
      XCTAssertEqual(restoration.ended, [1: wall.now - 5])
      XCTAssertEqual(restored[1]?.hasEnded, true)
      XCTAssertEqual(restored[1]?.endDate, wall.now - 5)
      XCTAssertEqual(restored.remaining(id: 2), 40)
      restored.removeAll()
    }
  }

  func testRestoringOneModelLooksAtItsEntryAloneAndChangesNothingWithoutOne() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("needs Observation") }
    try withManualManager { first, _, wall in
      try first.calibrate(serverNow: wall.now + 60)
      try first.start(id: "resend", for: .seconds(30)) { _, _, _ in }
      first.listen(id: "uptime") { _, _, _ in }
      try first.start(id: "save", for: .seconds(9), delivering: .onlyTheEnd) { _, _, _ in }
      let snapshot = first.snapshot(of: String.self)
      first.cancelAll()

      let (manager, _) = try makeManager(wall: wall)
      XCTAssertNil(try manager.countdown(restoring: snapshot, id: "missing"))
      XCTAssertEqual(manager.serverOffset, .zero, "nothing restored, nothing adopted")
      let resend = try XCTUnwrap(try manager.countdown(restoring: snapshot, id: "resend"))
      XCTAssertEqual(resend.remaining, 30, "the count-up and the only-the-end entry of others are no bar")
      XCTAssertEqual(manager.serverOffset, .seconds(60))
      let uptime = try XCTUnwrap(snapshot.entries.firstIndex { $0.id == "uptime" })
      assertThrows(CountdownSnapshotError.unsupportedEntry(index: uptime)) { () throws(CountdownSnapshotError) in
        _ = try manager.countdown(restoring: snapshot, id: "uptime")
      }
      resend.cancel()
    }
  }

  func testAFormatOneSnapshotStillRestores() throws {
    try MainActor.assumeIsolated {
      // Written by format 1 with JSONEncoder's default date strategy (seconds since 2001).
      let takenAt = Date(timeIntervalSince1970: 1_800_000_000)
      let json = """
        {"format":1,"takenAt":\(takenAt.timeIntervalSinceReferenceDate),"countdowns":[\
        {"id":"sale","kind":"countdown","policy":"keepsRunning","onlyTheEnd":false,"paused":false,\
        "date":\(takenAt.timeIntervalSinceReferenceDate + 90)},\
        {"id":"quiz","kind":"countdown","policy":"pauses","onlyTheEnd":false,"paused":false,"nanoseconds":20000000000}]}
        """
      let snapshot = try CountdownSnapshot<String>(decoding: Data(json.utf8))
      XCTAssertNil(snapshot.entries[0].length, "format 1 kept no lengths")
      let wall = TestWallClock()
      let (manager, _) = try makeManager(wall: wall)
      try manager.restore(snapshot) { _, _, _ in }
      XCTAssertEqual(manager.timeLeft(id: "sale"), .seconds(90))
      XCTAssertEqual(
        manager.timerInterval(id: "sale"), wall.now...(wall.now + 90), "without a length, from the restore")
      XCTAssertEqual(manager.timeLeft(id: "quiz"), .seconds(20))
      manager.cancelAll()
    }
  }
}
