import CountdownKit
import CountdownTestSupport
import Foundation
import XCTest

/// What the docs of the observable models' snapshots and restores promise: what a model's or a
/// list's snapshot leaves out, and what restoring one into a model or a list does.
final class ModelSnapshotDocPromisesTests: XCTestCase {
  /// `ObservableCountdown.snapshot(id:)`: a countdown "that was cancelled … is left out"; a paused
  /// one is written paused with its time left.
  func testAModelsSnapshotLeavesACancelledCountdownOut() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("Observation") }
    try withManualManager { manager, clock, _ in
      let model = try manager.countdown(for: .seconds(10))
      try clock.advance(by: .seconds(3))
      model.pause()
      let paused = model.snapshot(id: "m")
      XCTAssertEqual(paused.entries.count, 1)
      XCTAssertEqual(paused.entries.first?.isPaused, true)
      XCTAssertEqual(paused.entries.first?.time, .seconds(7))
      model.cancel()
      XCTAssertEqual(model.snapshot(id: "m").entries, [], "a cancelled countdown is left out")
    }
  }

  /// `ObservableCountdownList.snapshot()`: "Every row the list shows is kept, in order …. Rows
  /// whose countdown was cancelled (by `cancelAll()`) are left out."
  func testAListsSnapshotKeepsItsRowsInOrderAndLeavesCancelledOnesOut() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("Observation") }
    try withManualManager { manager, _, _ in
      let list = ObservableCountdownList<String>(manager: manager)
      for id in ["c", "a", "b"] { try list.start(id: id, for: .seconds(5)) }
      XCTAssertEqual(list.snapshot().entries.map(\.id), ["c", "a", "b"], "the list's order")
      manager.cancelAll()
      XCTAssertEqual(list.ids, ["c", "a", "b"], "the rows are still shown")
      XCTAssertEqual(list.snapshot().entries, [], "their countdowns were cancelled: left out")
    }
  }

  /// `ObservableCountdownList.restore(_:)`: "each id's row is added (or restarted) with its
  /// countdown's value at once"; the restoration lists every id in the snapshot's order. An
  /// existing row is the same object afterwards, and keeps its place in `ids`.
  func testAListRestoreRestartsExistingRowsAndAddsNewOnes() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("Observation") }
    try withManualManager { manager, _, wall in
      let list = ObservableCountdownList<String>(manager: manager)
      let kept = try list.start(id: "kept", for: .seconds(5))
      try list.start(id: "other", for: .seconds(6))
      let snapshot = CountdownSnapshot<String>(
        takenAt: wall.now, serverOffset: nil,
        entries: [
          .init(id: "new", kind: .countdown, policy: .keepsRunning, date: wall.now + 40, length: .seconds(40)),
          .init(id: "kept", kind: .countdown, policy: .keepsRunning, date: wall.now + 30, length: .seconds(30)),
        ])
      let restoration = try list.restore(snapshot)
      XCTAssertEqual(restoration.ids, ["new", "kept"])
      XCTAssertEqual(restoration.ended, [:])
      XCTAssertTrue(list["kept"] === kept, "restarted, not replaced")
      XCTAssertEqual(kept.remaining, 30)
      XCTAssertEqual(list.remaining(id: "new"), 40)
      XCTAssertEqual(list.ids, ["kept", "other", "new"])
      XCTAssertEqual(list.remaining(id: "other"), 6, "a row the snapshot does not hold is left")
    }
  }

  /// `countdown(restoring:id:)` throws "`duplicateID(index:)` if `id` has two, and
  /// `unsupportedEntry(index:)` if its entry is … a countdown in phases" (its index in
  /// `phaseEntries`); nothing changes then: an offset is not adopted.
  func testRestoringAModelRefusesATwiceListedIDAndAPlan() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("Observation") }
    try withManualManager { manager, _, wall in
      let entry = CountdownSnapshot<String>.Entry(
        id: "twice", kind: .countdown, policy: .keepsRunning, date: wall.now + 9)
      let plan = try DocPromiseFixtures.plan()
      let snapshot = CountdownSnapshot<String>(
        takenAt: wall.now, serverOffset: .seconds(5),
        entries: [entry, .init(id: "once", kind: .countdown, policy: .keepsRunning, date: wall.now + 9), entry],
        phaseEntries: [
          .init(id: "other", plan: plan, ordinal: 0, date: wall.now + 3),
          .init(id: "plan", plan: plan, ordinal: 0, date: wall.now + 3),
        ])
      assertThrows(CountdownSnapshotError.duplicateID(index: 2)) { () throws(CountdownSnapshotError) in
        _ = try manager.countdown(restoring: snapshot, id: "twice")
      }
      assertThrows(CountdownSnapshotError.unsupportedEntry(index: 1)) { () throws(CountdownSnapshotError) in
        _ = try manager.countdown(restoring: snapshot, id: "plan")
      }
      XCTAssertEqual(manager.serverOffset, .zero, "nothing changes: no offset adopted")
      XCTAssertEqual(
        try manager.countdown(restoring: snapshot, id: "once")?.remaining, 4, "9 s in server time, 5 s ahead")
    }
  }
}
