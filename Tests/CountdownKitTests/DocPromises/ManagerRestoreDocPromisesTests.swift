import CountdownKit
import CountdownTestSupport
import Foundation
import XCTest

/// What the docs of ``CountdownManager/restore(_:_:)`` and ``CountdownRestoration`` promise beyond
/// the tests of relaunches: the offset a restore adopts, the order of its late `0`s, and what it
/// returns.
final class ManagerRestoreDocPromisesTests: XCTestCase {
  /// "Dates written in server time are mapped … through the snapshot's offset, which this manager
  /// then adopts": an uncalibrated manager restoring a snapshot taken 60 s ahead counts to the
  /// device deadline, and its own snapshot is then written with that offset.
  func testAnUncalibratedManagerAdoptsTheSnapshotsOffset() throws {
    try withManualManager { manager, _, wall in
      let server = CountdownSnapshot<String>(
        takenAt: wall.now, serverOffset: .seconds(60),
        entries: [
          .init(id: "a", kind: .countdown, policy: .keepsRunning, date: wall.now + 60 + 20, length: .seconds(30))
        ])
      try manager.restore(server) { _, _, _ in }
      XCTAssertEqual(manager.serverOffset, .seconds(60))
      XCTAssertEqual(manager.endDate(id: "a"), wall.now + 20, "the device date")
      let again = manager.snapshot(of: String.self)
      XCTAssertEqual(again.serverOffset, .seconds(60))
      XCTAssertEqual(again.entries.first?.date, wall.now + 80, "written in server time again")
    }
  }

  /// "Those `0`s come in the order of the ends, ties in the snapshot's order": two entries that
  /// ended at the same date get their `0`s in the order the snapshot lists them, whichever it is.
  func testLateZerosOfTheSameEndComeInTheSnapshotsOrder() throws {
    try withManualManager { manager, _, wall in
      for order in [["b", "a", "c"], ["c", "a", "b"]] {
        let entries = order.map { id in
          CountdownSnapshot<String>.Entry(
            id: id, kind: .countdown, policy: .keepsRunning, date: wall.now - (id == "a" ? 20 : 10),
            length: .seconds(30))
        }
        let zeros = LockedState<[String]>([])
        let restoration = try manager.restore(
          CountdownSnapshot(takenAt: wall.now - 25, serverOffset: nil, entries: entries)
        ) {
          id, value, _ in
          if value == 0 { zeros.withLock { $0.append(id) } }
        }
        XCTAssertEqual(zeros.withLock { $0 }, ["a"] + order.filter { $0 != "a" }, "a ended first, the tie as listed")
        XCTAssertEqual(restoration.ids, order, "every id restored, in the snapshot's order, the ended ones included")
        XCTAssertEqual(restoration.ended, ["a": wall.now - 20, "b": wall.now - 10, "c": wall.now - 10])
      }
    }
  }

  /// `restore(_:_:)` "Throws … a deadline too far from now to count …; nothing is restored then,
  /// and nothing changes": the manager keeps the countdown the id had, and adopts no offset.
  func testAnEntryTooFarAwayIsRefusedAndNothingChanges() throws {
    try withManualManager { manager, _, wall in
      try manager.start(id: "a", for: .seconds(9)) { _, _, _ in }
      let far = CountdownSnapshot<String>(
        takenAt: wall.now, serverOffset: .seconds(5),
        entries: [
          .init(id: "a", kind: .countdown, policy: .keepsRunning, date: wall.now + 30),
          .init(id: "b", kind: .countdown, policy: .keepsRunning, date: wall.now + 400 * 365 * 86_400),
        ])
      assertThrows(CountdownSnapshotError.invalidEntry(index: 1, reason: .outOfRange)) {
        () throws(CountdownSnapshotError) in
        try manager.restore(far) { _, _, _ in }
      }
      XCTAssertEqual(manager.timeLeft(id: "a"), .seconds(9), "the id keeps its countdown")
      XCTAssertFalse(manager.contains(id: "b"))
      XCTAssertEqual(manager.serverOffset, .zero, "no offset adopted")
    }
  }

  /// "A paused one stays paused, without a call until `resume(id:)`": the restore makes no call
  /// for it, and its resume continues from the saved time.
  func testAPausedEntryIsNotCalledUntilItResumes() throws {
    try withManualManager { manager, clock, wall in
      let snapshot = CountdownSnapshot<String>(
        takenAt: wall.now, serverOffset: nil,
        entries: [
          .init(
            id: "p", kind: .countdown, policy: .keepsRunning, isPaused: true, time: .seconds(7), length: .seconds(10))
        ])
      let calls = LockedState<[Int]>([])
      try manager.restore(snapshot) { _, value, _ in calls.withLock { $0.append(value) } }
      try clock.advance(by: 3, with: wall)
      XCTAssertEqual(calls.withLock { $0 }, [], "no call while paused")
      XCTAssertTrue(manager.isPaused(id: "p"))
      XCTAssertTrue(manager.resume(id: "p"))
      try clock.advance(by: 1, with: wall)
      XCTAssertEqual(calls.withLock { $0 }.last, 6)
    }
  }
}
