import CountdownCore
import CountdownTestSupport
import Foundation
import XCTest

@testable import CountdownKit

private let didEnterBackground = Notification.Name("test.phases.didEnterBackground")

/// Countdowns in phases saved by `keepSaved` as every change leaves them, and a widget's timeline
/// read from a saved snapshot alone.
final class PhaseSavingTests: XCTestCase {
  /// A new file in the temporary directory, removed when the test ends.
  private func temporaryFile() -> URL {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("phases-\(UUID()).json")
    addTeardownBlock { try? FileManager.default.removeItem(at: file) }
    return file
  }

  /// After each change to a sequence, the next save holds the sequence as that change left it.
  func testEveryChangeToASequenceIsInTheNextSave() throws {
    let file = temporaryFile()
    try withManualManager { manager, clock, wall in
      let center = NotificationCenter()
      try manager.keepSaved(
        String.self, in: .file(file), savingOn: [didEnterBackground], center: center, { _, _, _ in },
        phases: { _, _, _ in })
      defer { manager.stopSaving(String.self) }
      func saved() throws -> CountdownSnapshot<String>.PhaseEntry? {
        center.post(name: didEnterBackground, object: nil)
        let snapshot = try CountdownSnapshot<String>(decoding: XCTUnwrap(CountdownStore.file(file).load()))
        return snapshot.phaseEntries.first { $0.id == "run" }
      }
      // Warm-up 3 s, Work 5 s / Rest 2 s twice, Cool-down 1 s.
      try manager.start(id: "run", plan: PhaseSnapshotTests.plan()) { _, _, _ in }
      XCTAssertEqual(try saved()?.ordinal, 0, "start")
      XCTAssertEqual(try saved()?.date, wall.now + 3)
      try clock.advance(by: .seconds(3))
      XCTAssertEqual(try saved()?.ordinal, 1, "a phase end")
      XCTAssertEqual(try saved()?.date, wall.now + 5)
      manager.skipPhase(id: "run")
      XCTAssertEqual(try saved()?.ordinal, 2, "skip")
      XCTAssertEqual(try saved()?.date, wall.now + 2)
      try clock.advance(by: .seconds(1))
      manager.restartPhase(id: "run")
      XCTAssertEqual(try saved()?.date, wall.now + 2, "restart")
      manager.goToPreviousPhase(id: "run")
      XCTAssertEqual(try saved()?.ordinal, 1, "back")
      XCTAssertEqual(try saved()?.date, wall.now + 5)
      manager.pause(id: "run")
      XCTAssertEqual(try saved()?.isPaused, true, "pause")
      XCTAssertEqual(try saved()?.time, .seconds(5))
      try manager.addTime(.seconds(10), id: "run")
      XCTAssertEqual(try saved()?.time, .seconds(15), "time added")
      try clock.advance(by: .seconds(7))
      manager.resume(id: "run")
      XCTAssertEqual(try saved()?.isPaused, false, "resume")
      XCTAssertEqual(try saved()?.date, wall.now + 15)
      manager.cancel(id: "run")
      XCTAssertNil(try saved(), "cancel")
    }
  }

  /// Saved by one launch, restored by the next one's keepSaved with a handler for phases.
  func testKeepSavedBringsASequenceBackAfterARelaunch() throws {
    let file = temporaryFile()
    try withManualManager { first, clock, wall in
      let center = NotificationCenter()
      try first.keepSaved(
        String.self, in: .file(file), savingOn: [didEnterBackground], center: center, { _, _, _ in },
        phases: { _, _, _ in })
      try first.start(id: "run", plan: PhaseSnapshotTests.plan()) { _, _, _ in }
      try clock.advance(by: .seconds(4))
      center.post(name: didEnterBackground, object: nil)
      first.stopSaving(String.self)
      first.cancelAll()

      let (manager, _) = try PhaseSnapshotTests.relaunch(after: 9, wall: wall)
      defer {
        manager.stopSaving(String.self)
        manager.cancelAll()
      }
      var ends: [Int] = []
      let restoration = try manager.keepSaved(
        String.self, in: .file(file), savingOn: [didEnterBackground], center: center, { _, _, _ in },
        phases: { _, update, _ in ends += update.phaseEnds.map(\.ordinal) })
      XCTAssertEqual(restoration.ids, ["run"])
      XCTAssertEqual(ends, [1, 2])
      XCTAssertEqual(manager.phasePosition(id: "run")?.ordinal, 3)
    }
  }

  /// An app with only plans: keepSaved(plansOf:) saves and restores its sequences with one
  /// handler, and leaves out a single countdown the store holds, as the other form leaves plans out.
  func testKeepSavedForPlansAloneBringsTheSequenceBackAndLeavesSingleCountdownsOut() throws {
    let file = temporaryFile()
    try withManualManager { first, clock, wall in
      let center = NotificationCenter()
      try first.keepSaved(plansOf: String.self, in: .file(file), savingOn: [didEnterBackground], center: center) {
        _, _, _ in
      }
      try first.start(id: "run", plan: PhaseSnapshotTests.plan()) { _, _, _ in }
      try first.start(id: "single", for: .seconds(60)) { _, _, _ in }
      try clock.advance(by: .seconds(4))
      center.post(name: didEnterBackground, object: nil)
      let saved = try CountdownSnapshot<String>(decoding: XCTUnwrap(CountdownStore.file(file).load()))
      XCTAssertEqual(saved.entries.map(\.id), ["single"], "the save holds every countdown")
      first.stopSaving(String.self)
      first.cancelAll()

      let (manager, _) = try PhaseSnapshotTests.relaunch(after: 9, wall: wall)
      defer {
        manager.stopSaving(String.self)
        manager.cancelAll()
      }
      var ends: [Int] = []
      let restoration = try manager.keepSaved(
        plansOf: String.self, in: .file(file), savingOn: [didEnterBackground], center: center
      ) { _, update, _ in ends += update.phaseEnds.map(\.ordinal) }
      XCTAssertEqual(restoration.ids, ["run"])
      XCTAssertEqual(ends, [1, 2])
      XCTAssertEqual(manager.phasePosition(id: "run")?.ordinal, 3)
      XCTAssertFalse(manager.contains(id: "single"), "a single countdown has no handler here")
    }
  }

  // MARK: The widget's timeline

  func testATimelineHasAnEntryAtEachPhaseStartAndThePlanEnd() throws {
    try withManualManager { manager, clock, wall in
      try manager.start(id: "run", plan: PhaseSnapshotTests.plan()) { _, _, _ in }
      try clock.advance(by: .seconds(1))
      let snapshot = try CountdownSnapshot<String>(decoding: JSONEncoder().encode(manager.snapshot(of: String.self)))
      // Read by a widget 3 s later, at 4 s of the plan (in the first work).
      let now = wall.now + 3
      let entries = snapshot.timeline(id: "run", from: now, limit: 20)
      XCTAssertEqual(entries.map(\.date), [now, now + 4, now + 6, now + 11, now + 13, now + 14])
      XCTAssertEqual(entries.map { $0.position?.phase.name }, ["Work", "Rest", "Work", "Rest", "Cool-down", nil])
      XCTAssertEqual(entries.map { $0.position?.ordinal }, [1, 2, 3, 4, 5, nil])
      XCTAssertEqual(entries[0].position?.timeLeftInPhase, .seconds(4))
      XCTAssertEqual(entries[1].position?.timeLeftInPhase, .seconds(2), "a phase's whole length at its start")
      XCTAssertEqual(entries[1].position?.phaseEndDate, now + 6)
      XCTAssertEqual(entries[0].position?.planEndDate, now + 14)
      XCTAssertEqual(snapshot.timeline(id: "run", from: now, limit: 2).count, 2)
      XCTAssertEqual(snapshot.timeline(id: "other", from: now, limit: 2), [])
    }
  }

  func testATimelineStopsAtAPausedPhase() throws {
    try withManualManager { manager, _, wall in
      let plan = try CountdownPlan(blocks: [
        .init(
          [CountdownPhase("Focus", .seconds(25)), CountdownPhase("Break", .seconds(5), pausesAfter: true)],
          repeated: .forever)
      ])
      try manager.start(id: "focus", plan: plan) { _, _, _ in }
      let entries = manager.snapshot(of: String.self).timeline(id: "focus", from: wall.now, limit: 20)
      XCTAssertEqual(entries.map(\.date), [wall.now, wall.now + 25, wall.now + 30])
      XCTAssertEqual(entries.map { $0.position?.isPaused }, [false, false, true])
      XCTAssertEqual(entries.last?.position?.phase.name, "Focus")
      manager.pause(id: "focus")
      let paused = manager.snapshot(of: String.self).timeline(id: "focus", from: wall.now + 60, limit: 20)
      XCTAssertEqual(paused.count, 1)
      XCTAssertEqual(paused.first?.position?.timeLeftInPhase, .seconds(25))
    }
  }

  /// A plan that freezes while the app is suspended is saved with its phase's time left: its
  /// timeline shows it frozen with that time left, as the manager's system dates have it while the
  /// app is away (standing still, no end date), and not paused, as it is not.
  func testATimelineOfAPlanThatPausesWhileSuspendedShowsItFrozenNotPaused() throws {
    try withManualManager { manager, clock, wall in
      try manager.start(id: "run", plan: PhaseSnapshotTests.plan(), whileSuspended: .pauses) { _, _, _ in }
      try clock.advance(by: .seconds(1))
      manager.suspendTicking()
      let snapshot = try PhaseSnapshotTests.roundTrip(manager.snapshot(of: String.self))
      XCTAssertEqual(snapshot.phaseEntries.first?.time, .seconds(2))
      let now = wall.now + 60
      let entries = snapshot.timeline(id: "run", from: now, limit: 3)
      XCTAssertEqual(entries.map(\.date), [now], "it stands still while the app is away")
      let position = try XCTUnwrap(entries.first?.position)
      XCTAssertEqual(position.phase.name, "Warm-up")
      XCTAssertFalse(position.isPaused, "frozen, not paused")
      XCTAssertEqual(position.timeLeftInPhase, .seconds(2))
      XCTAssertEqual(position.timeLeftInPlan, .seconds(17))
      XCTAssertNil(position.phaseEndDate)
      XCTAssertNil(position.planEndDate)
      let dates = try XCTUnwrap(manager.timerDates(id: "run"))
      XCTAssertTrue(dates.isFrozen, "as the manager hands it to the system while suspended")
      XCTAssertEqual(dates.timerInterval.upperBound.timeIntervalSince(try XCTUnwrap(dates.pauseTime)), 2)
      manager.resumeTicking()
      // Paused, it is one entry, paused.
      manager.pause(id: "run")
      let paused = manager.snapshot(of: String.self).timeline(id: "run", from: now, limit: 3)
      XCTAssertEqual(paused.map { $0.position?.isPaused }, [true])
    }
  }

  func testATimelineOfAServerTimeSnapshotIsInDeviceDates() throws {
    try withManualManager { manager, _, wall in
      try manager.calibrate(serverNow: wall.now + 100, receivedAt: wall.now)
      try manager.start(id: "run", plan: PhaseSnapshotTests.plan()) { _, _, _ in }
      let snapshot = manager.snapshot(of: String.self)
      XCTAssertEqual(snapshot.phaseEntries.first?.date, wall.now + 103, "written in server time")
      XCTAssertEqual(snapshot.timeline(id: "run", from: wall.now, limit: 2).map(\.date), [wall.now, wall.now + 3])
    }
  }
}
