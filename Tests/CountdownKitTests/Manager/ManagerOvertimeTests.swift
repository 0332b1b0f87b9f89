import CountdownKit
import Foundation
import XCTest

/// Countdowns that count on past their deadline through the manager: receivers, ids, observable
/// models and lists, async values, system dates and snapshots.
final class ManagerOvertimeTests: XCTestCase {
  func testAReceiverCountsOnPastItsDeadline() throws {
    try withManualManager { manager, clock, _ in
      let label = CountdownLabel("order")
      try manager.start(label, for: .seconds(2), pastTheEnd: .countsOvertime) { label, remaining, _ in
        label.shown.append(remaining)
      }
      try clock.advance(by: .seconds(4))
      XCTAssertEqual(label.shown, [2, 1, 0, -1, -2])
      XCTAssertTrue(manager.contains(label))
      XCTAssertEqual(manager.timeLeft(for: label), .seconds(-2))
    }
  }

  func testAnIDInOvertimeStaysItsOwnUntilCancelled() throws {
    try withManualManager { manager, clock, wall in
      let log = ValueLog()
      let start = wall.now
      try manager.start(id: "talk", for: .seconds(2), pastTheEnd: .countsOvertime, log.record("talk"))
      wall.jump(by: 3)  // the device's clock moves with the continuous one
      try clock.advance(by: .seconds(3))
      XCTAssertEqual(log.values("talk"), [2, 1, 0, -1])
      XCTAssertTrue(manager.contains(id: "talk"), "its 0 did not end it")
      XCTAssertEqual(manager.timerDates(id: "talk")?.endDate, start + 2, "the end date stays the deadline")
      XCTAssertTrue(manager.cancel(id: "talk"))
      try clock.advance(by: .seconds(2))
      XCTAssertEqual(log.values("talk"), [2, 1, 0, -1])
    }
  }

  func testAStopFlagEndsItInOvertime() throws {
    try withManualManager { manager, clock, _ in
      var seen: [Int] = []
      try manager.start(id: 7, until: Date(timeIntervalSince1970: 1_800_000_001), pastTheEnd: .countsOvertime) {
        _, value, stop in
        seen.append(value)
        stop = value == -2
      }
      try clock.advance(by: .seconds(5))
      XCTAssertEqual(seen, [1, 0, -1, -2])
      XCTAssertFalse(manager.contains(id: 7))
    }
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
  func testAnObservableCountdownShowsOvertime() throws {
    try withManualManager { manager, clock, wall in
      let start = wall.now
      let delivery = try manager.countdown(for: .seconds(2), pastTheEnd: .countsOvertime)
      // The device's clock moves with the continuous one.
      func pass(_ seconds: Int) throws {
        wall.jump(by: TimeInterval(seconds))
        try clock.advance(by: .seconds(seconds))
      }
      try pass(2)
      XCTAssertEqual(delivery.remaining, 0)
      XCTAssertFalse(delivery.hasEnded, "its 0 is not its end")
      XCTAssertFalse(delivery.isOvertime, "not a whole interval late yet")
      try pass(1)
      XCTAssertEqual(delivery.remaining, -1)
      XCTAssertTrue(delivery.isOvertime)
      XCTAssertFalse(delivery.hasEnded)
      XCTAssertEqual(delivery.endDate, start + 2, "the deadline, not the moment of the 0")
      XCTAssertEqual(delivery.remainingTime.duration, .seconds(-1))
      XCTAssertTrue(delivery.remainingTime.isOvertime)
      try delivery.addTime(.seconds(5))
      XCTAssertEqual(delivery.remaining, 4, "back above 0")
      XCTAssertFalse(delivery.isOvertime)
      try delivery.restart(for: .seconds(1))
      try pass(2)
      XCTAssertEqual(delivery.remaining, 0)
      XCTAssertTrue(delivery.hasEnded, "restarted without overtime, it ends at 0")
      try delivery.restart(until: start, pastTheEnd: .countsOvertime)
      XCTAssertEqual(delivery.remaining, -5, "5 s past a date already gone")
      XCTAssertTrue(delivery.isOvertime)
      XCTAssertFalse(delivery.hasEnded)
    }
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
  func testAListRowCountsOvertime() throws {
    try withManualManager { manager, clock, _ in
      let list = ObservableCountdownList<String>(manager: manager)
      try list.start(id: "a", for: .seconds(1), pastTheEnd: .countsOvertime)
      try list.start(id: "b", for: .seconds(1))
      try clock.advance(by: .seconds(3))
      XCTAssertEqual(list.remaining(id: "a"), -2)
      XCTAssertEqual(list["a"]?.isOvertime, true)
      XCTAssertEqual(list["a"]?.isActive, true)
      XCTAssertEqual(list.remaining(id: "b"), 0)
      XCTAssertEqual(list["b"]?.hasEnded, true)
      list.removeAll()
      XCTAssertEqual(manager.count, 0)
    }
  }

  func testValuesGoOnPastZeroUntilTheConsumerStops() async throws {
    let clock = ManualCountdownClock()
    let manager = try CountdownManager(clock: clock)
    var values = try manager.values(for: .seconds(2), pastTheEnd: .countsOvertime).makeAsyncIterator()
    var received: [Int] = []
    for step in 0...4 {
      try await MainActor.run { try clock.advance(by: .seconds(step == 0 ? 0 : 1)) }
      let value = await values.next()
      received.append(try XCTUnwrap(value, "the sequence finished after \(received)"))
    }
    XCTAssertEqual(received, [2, 1, 0, -1, -2])
    XCTAssertEqual(manager.count, 1, "still counting")
    values = try manager.values(for: .seconds(1)).makeAsyncIterator()  // drops the first sequence
    try await MainActor.run { try clock.advance(by: .zero) }
    XCTAssertEqual(manager.count, 1, "dropping the sequence cancelled its countdown")
    _ = values
  }

  func testAnOvertimeSnapshotRestoredAfterItsDeadlineGoesOnCounting() throws {
    try withManualManager { first, clock, wall in
      try first.start(id: "late", for: .seconds(10), pastTheEnd: .countsOvertime) { _, _, _ in }
      try first.start(id: "paused", for: .seconds(2), pastTheEnd: .countsOvertime) { _, _, _ in }
      try first.start(id: "plain", for: .seconds(10)) { _, _, _ in }
      try clock.advance(by: .milliseconds(3_500))
      first.pause(id: "paused")
      let snapshot = first.snapshot(of: String.self)
      let data = try JSONEncoder().encode(snapshot)
      XCTAssertTrue(String(decoding: data, as: UTF8.self).contains("\"overtime\":true"))
      let decoded = try CountdownSnapshot<String>(decoding: data)
      XCTAssertEqual(decoded, snapshot)
      XCTAssertEqual(decoded.entries.first { $0.id == "late" }?.ending, .countsOvertime)
      XCTAssertEqual(decoded.entries.first { $0.id == "plain" }?.ending, .stops)
      XCTAssertEqual(decoded.entries.first { $0.id == "paused" }?.time, .milliseconds(-1_500))
      first.cancelAll()

      // 20 s later, in a new process.
      wall.jump(by: 20)
      let (manager, newClock) = try makeManager(wall: wall)
      let log = ValueLog()
      let restoration = try manager.restore(decoded, log.recordByID())
      try newClock.advance(by: .zero)
      XCTAssertEqual(log.values("late"), [-13], "23.5 s after a 10 s start: 13.5 s late")
      XCTAssertEqual(log.values("plain"), [0])
      XCTAssertEqual(Set(restoration.ended.keys), ["plain"], "overtime is not ended")
      XCTAssertTrue(manager.contains(id: "late"))
      XCTAssertEqual(manager.timeLeft(id: "paused"), .milliseconds(-1_500), "frozen in overtime")
      try newClock.advance(by: .seconds(1))
      XCTAssertEqual(log.values("late"), [-13, -14])
      manager.cancelAll()
    }
  }

  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
  func testAnObservableCountdownRestoredAfterItsDeadlineIsInOvertime() throws {
    try withManualManager { first, _, wall in
      let talk = try first.countdown(for: .seconds(5), pastTheEnd: .countsOvertime)
      let data = try JSONEncoder().encode(talk.snapshot(id: "talk"))
      wall.jump(by: 8)
      let (manager, _) = try makeManager(wall: wall)
      let restored = try XCTUnwrap(manager.countdown(restoring: CountdownSnapshot<String>(decoding: data), id: "talk"))
      XCTAssertEqual(restored.remaining, -3)
      XCTAssertTrue(restored.isOvertime)
      XCTAssertFalse(restored.hasEnded)
      withExtendedLifetime(talk) {}
    }
  }

  func testASnapshotEntryCountingOvertimeMustDeliverEveryChange() throws {
    let entry = CountdownSnapshot<String>.Entry(
      id: "x", kind: .countdown, policy: .keepsRunning, deliveries: .onlyTheEnd,
      date: Date(timeIntervalSince1970: 1_800_000_010),
      ending: .countsOvertime)
    let data = try JSONEncoder().encode(
      CountdownSnapshot(takenAt: Date(timeIntervalSince1970: 1_800_000_000), serverOffset: nil, entries: [entry]))
    assertThrows(.invalidEntry(index: 0, reason: .invalidCombination)) { () throws(CountdownSnapshotError) in
      _ = try CountdownSnapshot<String>(decoding: data)
    }
  }

  func testASnapshotEntryCountingOvertimeAtMilestonesIsRejected() throws {
    let entry = CountdownSnapshot<String>.Entry(
      id: "x", kind: .countdown, policy: .keepsRunning, deliveries: .milestones([60, 10]),
      date: Date(timeIntervalSince1970: 1_800_000_100), ending: .countsOvertime)
    let data = try JSONEncoder().encode(
      CountdownSnapshot(takenAt: Date(timeIntervalSince1970: 1_800_000_000), serverOffset: nil, entries: [entry]))
    assertThrows(.invalidEntry(index: 0, reason: .invalidCombination)) { () throws(CountdownSnapshotError) in
      _ = try CountdownSnapshot<String>(decoding: data)
    }
  }
}
