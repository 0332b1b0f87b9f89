import CountdownKit
import CountdownTestSupport
import Foundation
import XCTest

/// A start reads each clock once: the manager's clock (for the instant the countdown starts at)
/// and, for a date, the wall clock (for how far ahead the date lies), so the deadline, the length
/// and the first value all come from the same two readings. The manager's timer runs already in
/// each test: an idle manager's first registration also reads the clock to arm its new timer,
/// which is the timer's reading, not the start's.
final class ClockReadingsTests: XCTestCase {
  /// What a test counts with: a manager on a counting clock and a counting wall clock.
  @MainActor
  private struct Counted {
    let manager: CountdownManager
    let clock = CountingClock()
    let wall = TestWallClock()
    let wallReadings = LockedState(0)

    init() throws {
      let (wall, wallReadings) = (wall, wallReadings)
      manager = try CountdownManager(clock: clock) {
        wallReadings.withLock { $0 += 1 }
        return wall.now
      }
      manager.listen(id: "timer running") { _, _, _ in }
    }

    /// Runs `start` and asserts the readings it made of each clock.
    func assertReadings(
      clock expectedClock: Int, wall expectedWall: Int, _ what: String, file: StaticString = #filePath,
      line: UInt = #line, _ start: () throws -> Void
    ) rethrows {
      clock.resetReadCount()
      wallReadings.withLock { $0 = 0 }
      try start()
      XCTAssertEqual(
        clock.readCount, expectedClock, "\(what): readings of the manager's clock", file: file, line: line)
      XCTAssertEqual(
        wallReadings.withLock { $0 }, expectedWall, "\(what): readings of the wall clock", file: file, line: line)
    }
  }

  func testAStartByIDReadsEachClockOnce() throws {
    try MainActor.assumeIsolated {
      let counted = try Counted()
      let (manager, wall) = (counted.manager, counted.wall)
      defer { manager.cancelAll() }
      var values: [String: [Int]] = [:]
      let record: @MainActor (String, Int, inout Bool) -> Void = { id, value, _ in values[id, default: []].append(value)
      }
      try counted.assertReadings(clock: 1, wall: 1, "an id until a date") {
        try manager.start(id: "date", until: wall.now + 90, record)
      }
      try counted.assertReadings(clock: 1, wall: 1, "an id until a date, counting overtime") {
        try manager.start(id: "overtime", until: wall.now + 90, pastTheEnd: .countsOvertime, record)
      }
      try counted.assertReadings(clock: 1, wall: 0, "an id for a duration") {
        try manager.start(id: "duration", for: .seconds(30), record)
      }
      try counted.assertReadings(clock: 1, wall: 0, "an id for seconds") {
        try manager.start(id: "seconds", seconds: 45, record)
      }
      try counted.assertReadings(clock: 1, wall: 1, "an id until a past date") {
        try manager.start(id: "past", until: wall.now - 10, record)
      }
      // Counting overtime from a date already past, the deadline is an instant before now, which
      // the manager places on its clock before the engine reads it for the registration.
      try counted.assertReadings(clock: 2, wall: 1, "an id until a past date, counting overtime") {
        try manager.start(id: "late", until: wall.now - 10, pastTheEnd: .countsOvertime, record)
      }
      XCTAssertEqual(
        values, ["date": [90], "overtime": [90], "duration": [30], "seconds": [45], "past": [0], "late": [-10]])
      XCTAssertEqual(manager.timerInterval(id: "date"), wall.now...(wall.now + 90), "its length from the same readings")
      XCTAssertEqual(manager.timeLeft(id: "date"), .seconds(90))
    }
  }

  func testAStartOfAReceiverReadsEachClockOnce() throws {
    try MainActor.assumeIsolated {
      let counted = try Counted()
      let (manager, wall) = (counted.manager, counted.wall)
      defer { manager.cancelAll() }
      let label = CountdownLabel("sale")
      try counted.assertReadings(clock: 1, wall: 1, "a receiver until a date") {
        try manager.start(label, until: wall.now + 20) { label, value, _ in label.shown.append(value) }
      }
      try counted.assertReadings(clock: 1, wall: 0, "a receiver for a duration") {
        try manager.start(label, for: .seconds(10)) { label, value, _ in label.shown.append(value) }
      }
      XCTAssertEqual(label.shown, [20, 10])
    }
  }
}
