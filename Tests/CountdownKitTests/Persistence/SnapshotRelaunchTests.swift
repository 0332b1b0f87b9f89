import CountdownKit
import Foundation
import XCTest

/// A snapshot outlives the process: encoded, the manager dropped, the device's clock moved on and a
/// new continuous clock started from zero (a reboot), then decoded into a new manager, every kind
/// and policy of countdown comes back with its right value at once.
final class SnapshotRelaunchTests: XCTestCase {
  /// A new process after `seconds` of real time: a new manager on a clock that starts at zero.
  @MainActor
  private static func relaunch(after seconds: TimeInterval, wall: TestWallClock) throws -> (
    CountdownManager, ManualCountdownClock
  ) {
    wall.jump(by: seconds)
    return try makeManager(wall: wall)
  }

  /// A paused countdown and a paused count-up come back frozen at exactly what was saved, on a
  /// clock that moves at every read (as a real one does between two calls).
  func testAPausedEntryComesBackWithExactlyItsSavedTime() throws {
    try withManualManager { saved, _, _ in
      try saved.start(id: "quiz", for: .seconds(600)) { _, _, _ in }
      saved.listen(id: "call") { _, _, _ in }
      saved.pause(id: "quiz")
      saved.pause(id: "call")
      let snapshot = saved.snapshot(of: String.self)
      saved.cancelAll()

      let clock = try ManualCountdownClock(jitter: .init(drift: .milliseconds(5), seed: 3))
      let manager = try CountdownManager(clock: clock)
      try manager.restore(snapshot) { _, _, _ in }
      XCTAssertEqual(manager.timeLeft(id: "quiz"), .seconds(600), "frozen at what was saved")
      XCTAssertEqual(manager.timeLeft(id: "call"), .zero, "a count-up frozen at what it had counted")
      XCTAssertEqual(manager.isPaused(id: "quiz"), true)
      manager.cancelAll()
    }
  }

  /// The same for an observable model restored paused: its dates lay it out frozen at exactly
  /// what was saved.
  func testAPausedModelComesBackWithExactlyItsSavedTime() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { return }
    try withManualManager { saved, _, _ in
      let quiz = try saved.countdown(for: .seconds(600))
      quiz.pause()
      let snapshot = quiz.snapshot(id: "quiz")
      quiz.cancel()

      let clock = try ManualCountdownClock(jitter: .init(drift: .milliseconds(5), seed: 4))
      let manager = try CountdownManager(clock: clock)
      let restored = try XCTUnwrap(manager.countdown(restoring: snapshot, id: "quiz"))
      let pausedAt = try XCTUnwrap(restored.pauseTime)
      XCTAssertEqual(restored.timerInterval.upperBound.timeIntervalSince(pausedAt), 600, accuracy: 1e-6)
      XCTAssertTrue(restored.isPaused)
      XCTAssertEqual(restored.remaining, 600)
      manager.cancelAll()
    }
  }

  func testEveryKindAndPolicyComesBackWithItsValueAfterAReboot() throws {
    try withManualManager { first, clock, wall in
      let log = ValueLog()
      try clock.advance(by: .seconds(1_000))  // the old process's clock is far from zero
      try first.start(id: "deadline", for: .seconds(60), log.record("deadline"))
      try first.start(id: "quiz", for: .seconds(60), whileSuspended: .pauses, log.record("quiz"))
      try first.start(id: "paused", for: .seconds(30), log.record("paused"))
      first.listen(id: "up", log.record("up"))
      first.listen(id: "upQuiz", whileSuspended: .pauses, log.record("upQuiz"))
      first.listen(id: "upPaused", log.record("upPaused"))
      try first.start(id: "end", for: .seconds(45), delivering: .onlyTheEnd, log.record("end"))
      try first.start(id: "short", for: .seconds(15), log.record("short"))
      try clock.advance(by: .seconds(4))
      first.pause(id: "paused")
      first.pause(id: "upPaused")
      try clock.advance(by: .seconds(6))
      let data = try JSONEncoder().encode(first.snapshot(of: String.self))
      first.cancelAll()
      log.clear()

      // 20 s later, after a reboot.
      let (manager, newClock) = try Self.relaunch(after: 20, wall: wall)
      let restoration = try manager.restore(CountdownSnapshot<String>(decoding: data), log.recordByID())
      try newClock.advance(by: .zero)
      XCTAssertEqual(Set(restoration.ids), ["deadline", "quiz", "paused", "up", "upQuiz", "upPaused", "end", "short"])
      XCTAssertEqual(log.values("deadline"), [30], "60 − 10 − 20")
      XCTAssertEqual(log.values("quiz"), [50], "pauses while the app is not running")
      XCTAssertEqual(log.values("paused"), [], "a paused countdown gets no call until resumed")
      XCTAssertEqual(manager.timeLeft(id: "paused"), .seconds(26))
      XCTAssertEqual(log.values("up"), [30])
      XCTAssertEqual(log.values("upQuiz"), [10])
      XCTAssertEqual(log.values("upPaused"), [])
      XCTAssertEqual(manager.timeLeft(id: "upPaused"), .seconds(4))
      XCTAssertEqual(log.values("end"), [], "only the end, still")
      XCTAssertEqual(log.values("short"), [0], "ran out meanwhile: its single 0")
      XCTAssertEqual(restoration.ended, ["short": Date(timeIntervalSince1970: 1_800_000_005)])
      XCTAssertFalse(manager.contains(id: "short"))

      try newClock.advance(by: .seconds(15))
      XCTAssertEqual(log.values("end"), [0], "at its deadline, once")
      XCTAssertEqual(log.values("deadline").last, 15)
      XCTAssertEqual(log.values("up").last, 45)
      manager.resume(id: "paused")
      try newClock.advance(by: .seconds(26))
      XCTAssertEqual(log.values("paused").first, 26)
      XCTAssertEqual(log.values("paused").last, 0)
      XCTAssertEqual(log.values("deadline").last, 0)
      XCTAssertEqual(log.values("deadline").filter { $0 == 0 }.count, 1)
      manager.cancelAll()
    }
  }

  func testACalibratedSnapshotSurvivesAClockChangeWhileTheAppWasDeadOnceCalibratedAgain() throws {
    try withManualManager { first, _, wall in
      let log = ValueLog()
      let serverAhead: TimeInterval = 3_600
      try first.calibrate(serverNow: wall.now + serverAhead)
      let serverDeadline = wall.now + serverAhead + 600
      try first.start(id: 1, until: serverDeadline, log.record("calibrated"))
      let snapshot = first.snapshot(of: Int.self)
      XCTAssertEqual(snapshot.serverOffset, .seconds(3_600))
      XCTAssertEqual(
        snapshot.entries.first?.date?.timeIntervalSince1970 ?? 0, serverDeadline.timeIntervalSince1970, accuracy: 1e-6,
        "written in server time")
      let data = try JSONEncoder().encode(snapshot)
      first.cancelAll()

      // 100 s pass; meanwhile the user set the device's clock 120 s ahead.
      let (manager, clock) = try Self.relaunch(after: 100 + 120, wall: wall)
      try manager.calibrate(serverNow: Date(timeIntervalSince1970: 1_800_000_000 + serverAhead + 100))
      try manager.restore(CountdownSnapshot<Int>(decoding: data), log.record("calibrated"))
      XCTAssertEqual(manager.timeLeft(id: 1), .seconds(500), "the fresh offset absorbs the clock change")
      XCTAssertEqual(manager.endDate(id: 1), wall.now + 500, "on the device's (changed) clock")
      try clock.advance(by: .seconds(500))
      XCTAssertEqual(log.values("calibrated").last, 0)

      // Without a fresh calibration, the snapshot's offset is all there is: the change shows.
      let (stale, _) = try makeManager(wall: wall)
      try stale.restore(CountdownSnapshot<Int>(decoding: data)) { _, _, _ in }
      XCTAssertEqual(stale.timeLeft(id: 1), .seconds(380))
      XCTAssertEqual(stale.serverOffset, .seconds(3_600), "adopted from the snapshot")
      stale.cancelAll()
      manager.cancelAll()
    }
  }

  func testAnUncalibratedSnapshotRestoredIntoACalibratedManagerKeepsItsDeviceDates() throws {
    try withManualManager { first, _, wall in
      let log = ValueLog()
      try first.start(id: "sale", for: .seconds(90), log.record("sale"))
      let data = try JSONEncoder().encode(first.snapshot(of: String.self))
      first.cancelAll()
      let (manager, _) = try Self.relaunch(after: 30, wall: wall)
      try manager.calibrate(serverNow: wall.now + 1_000)
      try manager.restore(CountdownSnapshot<String>(decoding: data)) { _, _, _ in }
      XCTAssertEqual(manager.timeLeft(id: "sale"), .seconds(60))
      manager.cancelAll()
    }
  }

  func testOnlyARestoredCountdownDeliveringEveryChangeGetsACallWithItsCurrentValue() throws {
    try withManualManager { first, clock, wall in
      let log = ValueLog()
      try first.start(id: "plain", for: .seconds(60), log.record("plain"))
      try first.start(
        id: "milestones", for: .seconds(60), delivering: .milestones([40, 30, 10]), log.record("milestones"))
      try first.start(id: "end", for: .seconds(60), delivering: .onlyTheEnd, log.record("end"))
      try clock.advance(by: .seconds(5))
      wall.jump(by: 5)
      let data = try JSONEncoder().encode(first.snapshot(of: String.self))
      first.cancelAll()
      log.clear()

      let (manager, newClock) = try Self.relaunch(after: 20, wall: wall)
      try manager.restore(CountdownSnapshot<String>(decoding: data), log.recordByID())
      try newClock.advance(by: .zero)
      XCTAssertEqual(log.values("plain"), [35], "every change: its current value at once")
      XCTAssertEqual(log.values("milestones"), [], "milestones: no call at the restore")
      XCTAssertEqual(log.values("end"), [], "only the end: no call at the restore")
      try newClock.advance(by: .seconds(5))
      XCTAssertEqual(log.values("milestones"), [30], "the next milestone below 35, on time; 40 passed meanwhile")
      try newClock.advance(by: .seconds(30))
      XCTAssertEqual(log.values("milestones"), [30, 10, 0])
      XCTAssertEqual(log.values("end"), [0])
      XCTAssertEqual(log.values("plain"), Array((0...35).reversed()))
      XCTAssertEqual(manager.count, 0)
    }
  }

  func testRestoringReplacesTheSameIDAndLeavesOthers() throws {
    try withManualManager { manager, clock, wall in
      let log = ValueLog()
      try manager.start(id: "a", for: .seconds(100), log.record("old a"))
      try manager.start(id: "b", for: .seconds(100), log.record("b"))
      let snapshot = CountdownSnapshot<String>(
        takenAt: wall.now, serverOffset: nil,
        entries: [.init(id: "a", kind: .countdown, policy: .keepsRunning, date: wall.now + 7)])
      try manager.restore(snapshot, log.recordByID())
      try clock.advance(by: .zero)
      XCTAssertEqual(manager.count, 2)
      XCTAssertEqual(log.values("a"), [7])
      XCTAssertEqual(log.values("old a"), [100], "its first value inside its start, then nothing once replaced")
      XCTAssertEqual(log.values("b"), [100])
    }
  }

  func testObservableModelsComeBackWithTheirRows() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("needs Observation") }
    try withManualManager { first, clock, wall in
      let list = ObservableCountdownList<Int>(manager: first)
      try list.start(id: 1, for: .seconds(50))
      try list.start(id: 2, for: .seconds(50), whileSuspended: .pauses)
      try list.start(id: 3, for: .seconds(5))
      try list.start(id: 4, for: .seconds(50))
      list[4]?.pause()
      let single = try first.countdown(for: .seconds(40))
      try clock.advance(by: .seconds(2))
      let listData = try JSONEncoder().encode(list.snapshot())
      let singleData = try JSONEncoder().encode(single.snapshot(id: "resend"))
      list.removeAll()
      single.cancel()

      let (manager, _) = try Self.relaunch(after: 10, wall: wall)
      let restored = ObservableCountdownList<Int>(manager: manager)
      let restoration = try restored.restore(CountdownSnapshot(decoding: listData))
      XCTAssertEqual(restored.ids, [1, 2, 3, 4])
      XCTAssertEqual(restored.remaining(id: 1), 38)
      XCTAssertEqual(restored.remaining(id: 2), 48)
      XCTAssertEqual(restored.remaining(id: 3), 0)
      XCTAssertEqual(restored[3]?.hasEnded, true)
      XCTAssertEqual(restoration.ended, [3: Date(timeIntervalSince1970: 1_800_000_003)])
      XCTAssertEqual(restored[4]?.isPaused, true)
      XCTAssertEqual(restored.remaining(id: 4), 50, "paused before any time passed")
      XCTAssertNil(restored[4]?.endDate, "paused: no end")
      let resend = try manager.countdown(restoring: CountdownSnapshot<String>(decoding: singleData), id: "resend")
      XCTAssertEqual(resend?.remaining, 28)
      XCTAssertEqual(resend?.endDate, wall.now + 28)
      XCTAssertNil(try manager.countdown(restoring: CountdownSnapshot<String>(decoding: singleData), id: "other"))
      restored.removeAll()
      resend?.cancel()
    }
  }

  func testAModelRefusesCountUpsAndChangesNothing() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("needs Observation") }
    try withManualManager { manager, _, wall in
      let list = ObservableCountdownList<String>(manager: manager)
      try list.start(id: "kept", for: .seconds(10))
      let snapshot = CountdownSnapshot<String>(
        takenAt: wall.now, serverOffset: nil,
        entries: [
          .init(id: "new", kind: .countdown, policy: .keepsRunning, date: wall.now + 5),
          .init(id: "kept", kind: .countingUp, policy: .keepsRunning, date: wall.now),
        ])
      do throws(CountdownSnapshotError) {
        try list.restore(snapshot)
        XCTFail("a count-up restored into a list")
      } catch {
        XCTAssertEqual(error, .unsupportedEntry(index: 1))
      }
      XCTAssertEqual(list.ids, ["kept"])
      XCTAssertEqual(list.remaining(id: "kept"), 10)
      XCTAssertEqual(manager.count, 1)
      list.removeAll()
    }
  }
}
