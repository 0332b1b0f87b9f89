import CountdownKit
import Foundation
import XCTest

/// What the system is handed and what a snapshot writes, at the edge of every state: after the
/// device's clock changes, while suspended, after a restore, inside an app's own `Codable` state,
/// and racing another thread.
final class OutsideTheProcessEdgeTests: XCTestCase {
  func testATimerIntervalKeepsItsLengthWhenTheDeviceClockGoesBack() throws {
    try withManualManager { manager, clock, wall in
      try manager.start(id: "order", for: .seconds(600)) { _, _, _ in }
      try clock.advance(by: .seconds(10))
      wall.jump(by: 10)
      wall.jump(by: -3_600)  // the user sets the clock an hour back
      XCTAssertEqual(manager.endDate(id: "order"), wall.now + 590)
      XCTAssertEqual(manager.timerInterval(id: "order"), (wall.now - 10)...(wall.now + 590))
      wall.jump(by: 7_200)  // and two hours ahead
      XCTAssertEqual(manager.timerInterval(id: "order"), (wall.now - 10)...(wall.now + 590))
    }
  }

  func testAModelsRefreshedDatesKeepTheirLengthAfterAClockChange() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("needs Observation") }
    try withManualManager { manager, _, wall in
      let countdown = try manager.countdown(for: .seconds(60))
      for jump in [30.0, -60.0] {
        wall.jump(by: jump)
        countdown.refreshDates()
        XCTAssertEqual(countdown.timerInterval, wall.now...(wall.now + 60), "after a \(jump) s change")
        XCTAssertEqual(countdown.endDate, wall.now + 60)
      }
      countdown.cancel()
    }
  }

  func testACountdownThatPausesWhileSuspendedIsFrozenWhileSuspended() throws {
    try withManualManager { manager, clock, wall in
      try manager.start(id: "quiz", for: .seconds(60), whileSuspended: .pauses) { _, _, _ in }
      try clock.advance(by: .seconds(10))
      wall.jump(by: 10)
      manager.suspendTicking()
      try clock.advance(by: .seconds(5))
      wall.jump(by: 5)
      XCTAssertNil(manager.endDate(id: "quiz"), "frozen: no end until the manager resumes")
      XCTAssertEqual(manager.timerInterval(id: "quiz"), (wall.now - 10)...(wall.now + 50))
      manager.resumeTicking()
      XCTAssertEqual(manager.endDate(id: "quiz"), wall.now + 50)
      XCTAssertEqual(manager.timerInterval(id: "quiz"), (wall.now - 10)...(wall.now + 50))
    }
  }

  func testAModelThatPausesWhileSuspendedFollowsTheSuspension() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("needs Observation") }
    try withManualManager { manager, clock, wall in
      let countdown = try manager.countdown(for: .seconds(60), whileSuspended: .pauses)
      try clock.advance(by: .seconds(10))
      wall.jump(by: 10)
      manager.suspendTicking()
      try clock.advance(by: .seconds(5))
      wall.jump(by: 5)
      manager.resumeTicking()
      try clock.advance(by: .zero)
      XCTAssertEqual(countdown.remaining, 50)
      XCTAssertEqual(countdown.endDate, wall.now + 50, "moved by the 5 s it did not count")
      XCTAssertEqual(countdown.timerInterval, (wall.now - 10)...(wall.now + 50))
      for _ in 0..<50 {
        wall.jump(by: 1)
        try clock.advance(by: .seconds(1))
      }
      XCTAssertTrue(countdown.hasEnded)
      XCTAssertEqual(countdown.endDate, wall.now, "the date it ended")
    }
  }

  func testARestoredModelOrRowThatRanOutMeanwhileEndedWhenItRanOut() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("needs Observation") }
    try withManualManager { first, _, wall in
      let end = wall.now + 10
      let data = try JSONEncoder().encode(try first.countdown(for: .seconds(10)).snapshot(id: "resend"))
      wall.jump(by: 30)
      let (manager, _) = try makeManager(wall: wall)
      let snapshot = try CountdownSnapshot<String>(decoding: data)
      let model = try XCTUnwrap(try manager.countdown(restoring: snapshot, id: "resend"))
      XCTAssertTrue(model.hasEnded)
      XCTAssertEqual(model.endDate, end)
      XCTAssertEqual(model.timerInterval, end...end)
      let list = ObservableCountdownList<String>(manager: manager)
      let restoration = try list.restore(snapshot)
      XCTAssertEqual(restoration.ended, ["resend": end])
      XCTAssertEqual(list["resend"]?.endDate, end)
    }
  }

  func testASnapshotTakenWhileSuspendedWritesWhenAnOverdueCountdownRanOut() throws {
    try withManualManager { first, clock, wall in
      let end = wall.now + 10
      try first.start(id: "bake", for: .seconds(10)) { _, _, _ in }
      first.suspendTicking()
      try clock.advance(by: .seconds(100))
      wall.jump(by: 100)
      let data = try JSONEncoder().encode(first.snapshot(of: String.self))  // from a background task
      first.cancelAll()
      let (manager, _) = try makeManager(wall: wall)
      let restoration = try manager.restore(CountdownSnapshot<String>(decoding: data)) { _, _, _ in }
      XCTAssertEqual(restoration.ended, ["bake": end])
    }
  }

  func testASnapshotWithAnOffsetCalibrateRefusesIsRefused() throws {
    try withManualManager { manager, _, _ in
      assertThrows(CountdownError.outOfRange) { () throws(CountdownError) in
        try manager.calibrate(serverNow: Date(timeIntervalSince1970: 1_800_000_000 + 9.22e9))
      }
      let snapshot = CountdownSnapshot<String>(
        takenAt: Date(timeIntervalSince1970: 1_800_000_000), serverOffset: .seconds(9_220_000_000),
        entries: [.init(id: "paused", kind: .countdown, policy: .keepsRunning, isPaused: true, time: .seconds(5))])
      assertThrows(CountdownSnapshotError.invalidServerOffset(reason: .outOfRange)) {
        () throws(CountdownSnapshotError) in
        _ = try manager.restore(snapshot) { _, _, _ in }
      }
      XCTAssertEqual(manager.serverOffset, .zero, "not adopted")
      XCTAssertFalse(manager.contains(id: "paused"))
    }
  }

  /// A countdown paused at 0 (time taken past its end while paused) stays paused after a relaunch,
  /// as any paused countdown does, and as it would have in the process: no call, not ended, until
  /// it resumes, which ends it with its single 0. Its model and its list row alike.
  func testACountdownPausedAtZeroStaysPausedOnRestoreUntilItResumes() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("needs Observation") }
    try withManualManager { saved, _, wall in
      try saved.start(id: "done", for: .seconds(60)) { _, _, _ in }
      saved.pause(id: "done")
      XCTAssertTrue(try saved.addTime(.seconds(-100), id: "done"))
      let snapshot = saved.snapshot(of: String.self)
      XCTAssertEqual(snapshot.entries.first?.isPaused, true)
      XCTAssertEqual(snapshot.entries.first?.time, .zero)
      saved.cancelAll()

      let (manager, clock) = try makeManager(wall: wall)
      defer { manager.cancelAll() }
      let log = ValueLog()
      let restoration = try manager.restore(snapshot, log.record("done"))
      try clock.advance(by: .seconds(5))
      XCTAssertEqual(restoration.ids, ["done"])
      XCTAssertEqual(restoration.ended, [:], "paused: not ended")
      XCTAssertEqual(log.values("done"), [], "no call while paused")
      XCTAssertTrue(manager.contains(id: "done"))
      XCTAssertTrue(manager.isPaused(id: "done"))
      XCTAssertEqual(manager.timeLeft(id: "done"), .zero)
      XCTAssertNil(manager.endedAgo(id: "done"))
      manager.resume(id: "done")
      XCTAssertEqual(log.values("done"), [0], "resumed: its single 0")
      XCTAssertFalse(manager.contains(id: "done"), "and nothing held")

      let model = try XCTUnwrap(try manager.countdown(restoring: snapshot, id: "done"))
      let list = ObservableCountdownList<String>(manager: manager)
      XCTAssertEqual(try list.restore(snapshot).ended, [:])
      let row = try XCTUnwrap(list["done"])
      for model in [model, row] {
        XCTAssertTrue(model.isPaused)
        XCTAssertFalse(model.hasEnded, "paused at 0: not ended until it resumes")
        XCTAssertEqual(model.remaining, 0)
        XCTAssertNil(model.endDate)
        model.resume()
        XCTAssertTrue(model.hasEnded)
        XCTAssertEqual(model.endDate, wall.now, "it ended as it resumed")
      }
      list.removeAll()
    }
  }

  func testACountdownFrozenAtZeroEndedNoLaterThanTheRestoreAfterTheClockWentBack() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("needs Observation") }
    try MainActor.assumeIsolated {
      let wall = TestWallClock()
      let snapshot = CountdownSnapshot<String>(
        takenAt: wall.now, serverOffset: nil,
        entries: [.init(id: "done", kind: .countdown, policy: .pauses, time: .zero)])
      wall.jump(by: -3_600)  // the user set the clock an hour back before the relaunch
      let (manager, _) = try makeManager(wall: wall)
      let restoration = try manager.restore(snapshot) { _, _, _ in }
      XCTAssertEqual(restoration.ended, ["done": wall.now], "ended by the restore at the latest, not in an hour")
      let model = try XCTUnwrap(try manager.countdown(restoring: snapshot, id: "done"))
      XCTAssertTrue(model.hasEnded)
      XCTAssertEqual(model.endDate, wall.now)
      XCTAssertEqual(model.timerInterval, wall.now...wall.now)
      let list = ObservableCountdownList<String>(manager: manager)
      XCTAssertEqual(try list.restore(snapshot).ended, ["done": wall.now])
      XCTAssertEqual(list["done"]?.endDate, wall.now)
      list.removeAll()

      // Written in server time and calibrated again after the change: the snapshot's moment, on
      // the device's clock as it reads now.
      let server = CountdownSnapshot<String>(
        takenAt: wall.now + 3_600, serverOffset: .seconds(100),
        entries: [.init(id: "done", kind: .countdown, policy: .pauses, time: .zero)])
      wall.jump(by: 60)
      let (calibrated, _) = try makeManager(wall: wall)
      try calibrated.calibrate(serverNow: wall.now + 3_700)
      let restored = try calibrated.restore(server) { _, _, _ in }
      XCTAssertEqual(restored.ended, ["done": wall.now - 60])
    }
  }

  func testACountdownThatHadRunOutWhenSavedStaysEndedAfterTheClockWentBack() throws {
    try withManualManager { first, clock, wall in
      try first.start(id: "bake", for: .seconds(10)) { _, _, _ in }
      try first.start(id: "talk", for: .seconds(10), pastTheEnd: .countsOvertime) { _, _, _ in }
      first.suspendTicking()
      try clock.advance(by: .seconds(100))
      wall.jump(by: 100)
      let data = try JSONEncoder().encode(first.snapshot(of: String.self))  // from a background task
      first.cancelAll()
      wall.jump(by: -3_600)  // the user set the clock an hour back before the relaunch
      let log = ValueLog()
      let (manager, newClock) = try makeManager(wall: wall)
      let restoration = try manager.restore(CountdownSnapshot<String>(decoding: data), log.recordByID())
      try newClock.advance(by: .zero)
      // It had run out 90 s before the snapshot, so at least 90 s before the restore.
      XCTAssertEqual(restoration.ended, ["bake": wall.now - 90], "ended when saved, not an hour ahead")
      XCTAssertEqual(log.values("bake"), [0])
      XCTAssertEqual(log.values("talk"), [-90], "90 s in overtime when saved: not counting down again")
      try newClock.advance(by: .seconds(1))
      XCTAssertEqual(log.values("talk"), [-90, -91])
      manager.cancelAll()
    }
  }

  func testAModelThatEndedBeforeTheClockWentBackIsSavedEnded() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("needs Observation") }
    try withManualManager { first, clock, wall in
      let countdown = try first.countdown(for: .seconds(10))
      try clock.advance(by: .seconds(10))
      wall.jump(by: 10)
      XCTAssertTrue(countdown.hasEnded)
      wall.jump(by: -3_600)  // the user sets the clock an hour back, then the app saves
      let data = try JSONEncoder().encode(countdown.snapshot(id: "resend"))
      let (manager, _) = try makeManager(wall: wall)
      let model = try XCTUnwrap(
        try manager.countdown(restoring: CountdownSnapshot<String>(decoding: data), id: "resend"))
      XCTAssertTrue(model.hasEnded, "ended as it showed, not counting an hour again")
      XCTAssertEqual(model.remaining, 0)
      XCTAssertEqual(model.endDate, wall.now)
    }
  }

  func testASnapshotInsideAnAppsStateRoundTripsUnderEveryDateStrategy() throws {
    try MainActor.assumeIsolated {
      for strategy in AppStateDateStrategy.allCases {
        let name = strategy.rawValue
        let wall = TestWallClock()
        let (first, _) = try makeManager(wall: wall)
        try first.start(id: "tea", for: .milliseconds(10_900)) { _, _, _ in }
        try first.start(id: "brew", until: wall.now + 20.123_456_789) { _, _, _ in }
        let snapshot = first.snapshot(of: String.self)
        let decoded = try strategy.roundTrip(snapshot, savedAt: wall.now)
        XCTAssertEqual(decoded, snapshot, name)
        let (manager, _) = try makeManager(wall: wall)
        try manager.restore(decoded) { _, _, _ in }
        XCTAssertEqual(manager.timeLeft(id: "tea"), .milliseconds(10_900), name)
        // A date holds about a tenth of a microsecond; a restore counts in whole microseconds.
        let brew = try XCTUnwrap(manager.timeLeft(id: "brew")) - XCTUnwrap(first.timeLeft(id: "brew"))
        XCTAssertLessThanOrEqual(abs(brew.components.attoseconds), 500_000_000_000, "\(name): \(brew)")
        first.cancelAll()
      }
    }
  }

  func testACalibrationMadeWhileARestoreRunsIsKept() throws {
    try MainActor.assumeIsolated {
      let wall = TestWallClock()
      let hook = LockedState<(@Sendable () -> Void)?>(nil)
      let manager = try CountdownManager(clock: ManualCountdownClock()) {
        // Runs the hook once, the first time the restore reads the wall clock.
        let action = hook.withLock { action in
          defer { action = nil }
          return action
        }
        action?()
        return wall.now
      }
      let snapshot = CountdownSnapshot<String>(
        takenAt: wall.now, serverOffset: .seconds(60),
        entries: [.init(id: "sale", kind: .countdown, policy: .keepsRunning, date: wall.now + 600)])
      hook.withLock {
        $0 = { try? manager.calibrate(serverNow: wall.now + 120, receivedAt: wall.now) }
      }
      try manager.restore(snapshot) { _, _, _ in }
      XCTAssertEqual(manager.serverOffset, .seconds(120), "the fresh calibration wins over the snapshot's")
      manager.cancelAll()
    }
  }

  func testASnapshotRacingARestartOfTheSameIDReadsOneRegistration() throws {
    try MainActor.assumeIsolated {
      let clock = InterleavingClock()
      let manager = try CountdownManager(clock: clock)
      try manager.start(id: "job", for: .seconds(30), delivering: .onlyTheEnd) { _, _, _ in }
      try manager.start(id: "other", for: .seconds(30)) { _, _, _ in }
      // Between the manager reading its ids and the engine reading the registrations, another
      // thread makes the id a count-up.
      clock.beforeNextRead {
        manager.listen(id: "job") { _, _, _ in }
      }
      let data = try JSONEncoder().encode(manager.snapshot(of: String.self))
      let snapshot = try CountdownSnapshot<String>(decoding: data)
      XCTAssertEqual(Set(snapshot.entries.map(\.id)), ["job", "other"])
      let job = try XCTUnwrap(snapshot.entries.first { $0.id == "job" })
      XCTAssertEqual(job.kind, .countingUp)
      XCTAssertEqual(job.deliveries, .everyChange)
      manager.cancelAll()
    }
  }
}
