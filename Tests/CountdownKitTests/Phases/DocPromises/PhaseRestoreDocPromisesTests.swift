import CountdownKit
import CountdownTestSupport
import Foundation
import XCTest

/// What the docs of `restore(_:_:phases:)` and of a snapshot's phase entries promise beyond the
/// tests of snapshots of phases.
final class PhaseRestoreDocPromisesTests: XCTestCase {
  /// "The ids restored (the countdowns', then the countdowns in phases')": a snapshot listing a
  /// plan's id before a countdown's still returns the countdown's first.
  func testARestoreListsTheCountdownsIDsThenThePlans() throws {
    try withManualManager { manager, _, _ in
      try manager.start(id: "plan", plan: DocPromiseFixtures.plan()) { _, _, _ in }
      try manager.start(id: "tea", for: .seconds(60)) { _, _, _ in }
      let snapshot = manager.snapshot(of: String.self)
      manager.cancelAll()
      let restoration = try manager.restore(snapshot, { _, _, _ in }, phases: { _, _, _ in })
      XCTAssertEqual(restoration.ids, ["tea", "plan"])
      XCTAssertEqual(restoration.ended, [:])
    }
  }

  /// "A running phase with no end passed gets a prompt call if it delivers every change, else
  /// its next value": delivered only at its ends, the restore makes no call.
  func testARunningPhaseWithNoEndPassedIsCalledPromptlyOnlyIfItDeliversEveryChange() throws {
    try withManualManager { manager, clock, wall in
      try manager.start(id: "every", plan: DocPromiseFixtures.plan()) { _, _, _ in }
      try manager.start(id: "ends", plan: DocPromiseFixtures.plan(), delivering: .onlyTheEnd) { _, _, _ in }
      let snapshot = manager.snapshot(of: String.self)
      manager.cancelAll()
      try clock.advance(by: 1, with: wall)
      let calls = LockedState<[String]>([])
      try manager.restore(
        snapshot, { _, _, _ in },
        phases: { id, update, _ in
          calls.withLock { $0.append("\(id) \(update.remaining)") }
        })
      XCTAssertEqual(calls.withLock { $0 }, ["every 2"], "a prompt call for every change, none for the ends")
      try clock.advance(by: 2, with: wall)
      // Both sequences are called at the warm-up's end, in an order no doc names.
      XCTAssertTrue(calls.withLock { $0 }.contains("ends 5"), "its next value: Work's first, at the warm-up's end")
    }
  }

  /// A phase entry's `ordinal` is "Below the plan's `phaseCount`", and a running entry needs its
  /// `date`, a paused one its `time`: an entry past the plan's last phase is refused as
  /// `invalidPhaseEntry` with `outOfRange`, one missing its time as `unreadable`, and nothing
  /// changes.
  func testAPhaseEntryPastThePlanOrMissingItsTimeIsRefused() throws {
    try withManualManager { manager, _, wall in
      try manager.start(id: "kept", plan: DocPromiseFixtures.plan()) { _, _, _ in }
      let plan = try DocPromiseFixtures.plan()
      let past = CountdownSnapshot<String>(
        takenAt: wall.now, serverOffset: nil, entries: [],
        phaseEntries: [.init(id: "kept", plan: plan, ordinal: 6, date: wall.now + 5)])
      XCTAssertThrowsError(try manager.restore(past, { _, _, _ in }, phases: { _, _, _ in })) {
        XCTAssertEqual($0 as? CountdownSnapshotError, .invalidPhaseEntry(index: 0, reason: .outOfRange))
      }
      let noTime = CountdownSnapshot<String>(
        takenAt: wall.now, serverOffset: nil, entries: [],
        phaseEntries: [.init(id: "kept", plan: plan, ordinal: 1, isPaused: true, date: wall.now + 5)])
      XCTAssertThrowsError(try manager.restore(noTime, { _, _, _ in }, phases: { _, _, _ in })) {
        XCTAssertEqual($0 as? CountdownSnapshotError, .unreadable)
      }
      XCTAssertEqual(manager.phasePosition(id: "kept")?.ordinal, 0, "nothing changes")
    }
  }
}
