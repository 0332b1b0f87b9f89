import CountdownKit
import Foundation
import XCTest

/// Milestones through the manager: given as intervals or as durations, checked against the
/// countdown they are given to, and kept by snapshots.
final class ManagerMilestoneTests: XCTestCase {
  func testTheManagerDeliversOnlyItsMilestonesAndTheEnd() throws {
    try withManualManager { manager, clock, _ in
      let log = ValueLog()
      try manager.start(
        id: "tea", for: .seconds(300), delivering: manager.milestones([.seconds(60), .seconds(10)]), log.record("tea"))
      try clock.advance(by: .seconds(301))
      XCTAssertEqual(log.values("tea"), [60, 10, 0])
      XCTAssertFalse(manager.contains(id: "tea"))
    }
  }

  /// What the testing article says of a suspension on the manual clock: on the main thread, what
  /// came due while suspended (a milestone passed, a countdown's corrected value) is delivered by
  /// the next `advance`, `advance(by: .zero)` too, not inside `resumeTicking()`.
  func testWhatCameDueWhileSuspendedComesWithTheNextAdvance() throws {
    try withManualManager { manager, clock, _ in
      let deliveries = try manager.milestones([.seconds(60)])
      var milestones: [Int] = []
      var values: [Int] = []
      try manager.start(id: "exam", for: .seconds(100), delivering: deliveries) { _, left, _ in milestones.append(left)
      }
      try manager.start(id: "label", for: .seconds(100)) { _, left, _ in values.append(left) }
      XCTAssertEqual(values, [100])
      manager.suspendTicking()
      try clock.advance(by: .seconds(70))
      manager.resumeTicking()
      XCTAssertEqual(milestones, [], "not inside resumeTicking()")
      XCTAssertEqual(values, [100], "not inside resumeTicking()")
      try clock.advance(by: .zero)
      XCTAssertEqual(milestones, [60])
      XCTAssertEqual(values, [100, 30])
    }
  }

  /// A milestone comes when the countdown's running reaches it. Time taken or added that lands
  /// exactly on one does not deliver it, as a start of exactly that length does not: the change
  /// is the app's own, and a countdown delivering every change shows the new value at once. The
  /// next milestone below comes on time, and a milestone moved back ahead comes again.
  func testTimeTakenOrAddedThatLandsExactlyOnAMilestoneDoesNotDeliverIt() throws {
    try withManualManager { manager, clock, _ in
      let log = ValueLog()
      try manager.start(
        id: "quiz", for: .seconds(60), delivering: manager.milestones([.seconds(10), .seconds(5)]), log.record("quiz"))
      var shown: [Int] = []
      try manager.start(id: "label", for: .seconds(60)) { _, left, _ in shown.append(left) }
      try clock.advance(by: .seconds(45))
      XCTAssertTrue(try manager.addTime(.seconds(-5), id: "quiz"))
      XCTAssertTrue(try manager.addTime(.seconds(-5), id: "label"))
      XCTAssertEqual(manager.timeLeft(id: "quiz"), .seconds(10), "exactly at the 10 s milestone")
      XCTAssertEqual(shown.last, 10, "every change: the new value, at once")
      try clock.advance(by: .seconds(4))
      XCTAssertEqual(log.values("quiz"), [], "the milestone it landed on: not delivered")
      try clock.advance(by: .seconds(1))
      XCTAssertEqual(log.values("quiz"), [5], "the next one, on time")
      XCTAssertTrue(try manager.addTime(.seconds(5), id: "quiz"))
      XCTAssertEqual(manager.timeLeft(id: "quiz"), .seconds(10), "added back exactly to the 10 s milestone")
      try clock.advance(by: .seconds(4))
      XCTAssertEqual(log.values("quiz"), [5], "not delivered either")
      try clock.advance(by: .seconds(6))
      XCTAssertEqual(log.values("quiz"), [5, 5, 0], "the 5 s milestone moved back ahead comes again; then the end")
    }
  }

  func testDurationsConvertToWholeIntervalsOrThrow() throws {
    try withManualManager(interval: .milliseconds(500)) { manager, _, _ in
      XCTAssertEqual(try manager.milestones([.seconds(60), .milliseconds(1_500)]), .milestones([120, 3]))
      assertThrows(CountdownError.invalidMilestone, "a milestone between two intervals") { () throws(CountdownError) in
        _ = try manager.milestones([.milliseconds(1_250)])
      }
      assertThrows(CountdownError.invalidMilestone, "a negative milestone") { () throws(CountdownError) in
        _ = try manager.milestones([.seconds(-1)])
      }
    }
  }

  func testAMilestoneBeyondTheCountdownThrowsAndChangesNothing() throws {
    try withManualManager { manager, clock, _ in
      let log = ValueLog()
      try manager.start(id: "tea", for: .seconds(30), log.record("tea"))
      assertThrows(CountdownError.invalidMilestone, "a milestone beyond 30 s") { () throws(CountdownError) in
        try manager.start(id: "tea", for: .seconds(30), delivering: .milestones([10, 31])) { _, _, _ in }
      }
      assertThrows(CountdownError.invalidMilestone, "a negative milestone") { () throws(CountdownError) in
        try manager.start(id: "tea", for: .seconds(30), delivering: .milestones([-1])) { _, _, _ in }
      }
      try clock.advance(by: .seconds(1))
      XCTAssertEqual(log.values("tea"), [30, 29], "the countdown started before runs on")
    }
  }

  func testASnapshotKeepsTheMilestones() throws {
    try withManualManager { first, clock, wall in
      let log = ValueLog()
      try first.start(id: "tea", for: .seconds(120), delivering: .milestones([60, 10]), log.record("tea"))
      try clock.advance(by: .seconds(30))
      let snapshot = first.snapshot(of: String.self)
      XCTAssertEqual(snapshot.entries.first?.deliveries, .milestones([60, 10]))
      let data = try JSONEncoder().encode(snapshot)
      XCTAssertTrue(String(decoding: data, as: UTF8.self).contains(#""milestones":[10,60]"#))
      first.cancelAll()

      wall.jump(by: 55)
      let (manager, newClock) = try makeManager(wall: wall)
      _ = try manager.restore(CountdownSnapshot<String>(decoding: data), log.recordByID())
      // 35 s left: 60 passed while the app was not running.
      try newClock.advance(by: .milliseconds(25_100))
      XCTAssertEqual(log.values("tea"), [10], "10 comes on time, and no first value")
      try newClock.advance(by: .seconds(10))
      XCTAssertEqual(log.values("tea"), [10, 0])
    }
  }

  func testAnEntryWithoutMilestonesDecodesAsBefore() throws {
    let json = #"""
      {"format":1,"takenAt":0,"countdowns":[{"id":"a","kind":"countdown","policy":"keepsRunning","onlyTheEnd":true,\#
      "paused":false,"date":10}]}
      """#
    let snapshot = try CountdownSnapshot<String>(decoding: Data(json.utf8))
    XCTAssertEqual(snapshot.entries.first?.deliveries, .onlyTheEnd)
  }
}
