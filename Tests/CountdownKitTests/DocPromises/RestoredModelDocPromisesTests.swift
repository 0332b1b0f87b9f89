import CountdownKit
import CountdownTestSupport
import Foundation
import XCTest

// The notification the tests save on, each test posting to a center of its own.
private let leaving = Notification.Name("docPromises.restoredModel.didEnterBackground")

/// What the docs promise of a model or a list's row restored from a snapshot: a paused one frozen
/// with its dates, one counting overtime past its deadline, server dates, and what a manager's
/// snapshot holds of other id types, receivers, actions and models.
final class RestoredModelDocPromisesTests: XCTestCase {
  /// A paused entry restored into a model: `isPaused`, `endDate` "`nil` … while frozen",
  /// `pauseTime` set, and `timerInterval` "spans the countdown's whole length, across pauses …
  /// and relaunches", laid out from `pauseTime`; `resume()` continues it from the saved time.
  func testAPausedEntryComesBackFrozenWithItsWholeRange() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("Observation") }
    try withManualManager { manager, clock, wall in
      let snapshot = CountdownSnapshot<String>(
        takenAt: wall.now - 100, serverOffset: nil,
        entries: [
          .init(
            id: "quiz", kind: .countdown, policy: .keepsRunning, isPaused: true, time: .seconds(7), length: .seconds(10)
          )
        ])
      let model = try XCTUnwrap(try manager.countdown(restoring: snapshot, id: "quiz"))
      XCTAssertTrue(model.isPaused)
      XCTAssertEqual(model.remaining, 7)
      XCTAssertFalse(model.hasEnded)
      XCTAssertNil(model.endDate, "nil while frozen")
      XCTAssertEqual(model.pauseTime, wall.now)
      XCTAssertEqual(model.timerInterval, (wall.now - 3)...(wall.now + 7), "the whole length, laid out from pauseTime")
      try clock.advance(by: 5, with: wall)
      XCTAssertEqual(model.remaining, 7)
      XCTAssertTrue(model.resume())
      XCTAssertEqual(model.endDate, wall.now + 7)
      XCTAssertNil(model.pauseTime)
    }
  }

  /// An overtime entry whose deadline passed while the app was not running "goes on counting
  /// overtime rather than ending": the model is below `0`, `isOvertime`, not ended, and its
  /// `endDate` "stays its deadline"; the restoration lists it as restored, not as ended.
  func testAnOvertimeEntryPastItsDeadlineComesBackInOvertime() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("Observation") }
    try withManualManager { manager, _, wall in
      let snapshot = CountdownSnapshot<String>(
        takenAt: wall.now - 60, serverOffset: nil,
        entries: [
          .init(
            id: "talk", kind: .countdown, policy: .keepsRunning, date: wall.now - 30, length: .seconds(60),
            ending: .countsOvertime)
        ])
      let list = ObservableCountdownList<String>(manager: manager)
      let restoration = try list.restore(snapshot)
      XCTAssertEqual(restoration.ids, ["talk"])
      XCTAssertEqual(restoration.ended, [:], "it did not end")
      let row = try XCTUnwrap(list["talk"])
      XCTAssertEqual(row.remaining, -30)
      XCTAssertTrue(row.isOvertime)
      XCTAssertFalse(row.hasEnded)
      XCTAssertEqual(row.endDate, wall.now - 30, "its deadline")
    }
  }

  /// A list's `restore(_:)`: "Dates in server time are mapped as by `restore(_:_:)`": an
  /// uncalibrated manager adopts the snapshot's offset, and the row counts to the device date.
  func testAListRestoreMapsServerDatesAndAdoptsTheOffset() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("Observation") }
    try withManualManager { manager, _, wall in
      let snapshot = CountdownSnapshot<String>(
        takenAt: wall.now, serverOffset: .seconds(60),
        entries: [
          .init(id: "a", kind: .countdown, policy: .keepsRunning, date: wall.now + 60 + 20, length: .seconds(20))
        ])
      let list = ObservableCountdownList<String>(manager: manager)
      try list.restore(snapshot)
      XCTAssertEqual(manager.serverOffset, .seconds(60))
      XCTAssertEqual(list.remaining(id: "a"), 20)
      XCTAssertEqual(list["a"]?.endDate, wall.now + 20)
    }
  }

  /// A list's `keepSaved(in:…)` "Throws … as `restore(_:)`, `unsupportedEntry(index:)` for a
  /// count-up"; nothing changes then: no row is added and no saving is set up over the store.
  func testAListRefusesAStoreHoldingACountUpAndSetsUpNoSaving() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("Observation") }
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("doc-promises-\(UUID()).json")
    addTeardownBlock { try? FileManager.default.removeItem(at: file) }
    try withManualManager { manager, _, _ in
      try manager.start(id: "tea", for: .seconds(60)) { _, _, _ in }
      manager.listen(id: "up") { _, _, _ in }
      try manager.save(String.self, to: .file(file))
      let saved = try Data(contentsOf: file)
      let upIndex = try XCTUnwrap(CountdownSnapshot<String>(decoding: saved).entries.firstIndex { $0.id == "up" })
      let center = NotificationCenter()
      let list = ObservableCountdownList<String>(manager: manager)
      assertThrows(CountdownSnapshotError.unsupportedEntry(index: upIndex)) { () throws(CountdownSnapshotError) in
        try list.keepSaved(in: .file(file), savingOn: [leaving], center: center)
      }
      XCTAssertEqual(list.ids, [])
      center.post(name: leaving, object: nil)
      XCTAssertEqual(try Data(contentsOf: file), saved, "nothing was set up to save over it")
    }
  }

  /// `snapshot(of:)`: "What the manager counts for every id of type `ID`": ids of another type
  /// are left out, each type's snapshot holding its own.
  func testAManagersSnapshotHoldsTheIDsOfOneTypeOnly() throws {
    try withManualManager { manager, _, _ in
      try manager.start(id: "tea", for: .seconds(60)) { _, _, _ in }
      try manager.start(id: 7, for: .seconds(30)) { _, _, _ in }
      XCTAssertEqual(manager.snapshot(of: String.self).entries.map(\.id), ["tea"])
      XCTAssertEqual(manager.snapshot(of: Int.self).entries.map(\.id), [7])
    }
  }

  /// `isPaused`: "Whether `pause()` froze the countdown (until `resume()` or a restart)": a
  /// restart of a paused model runs.
  func testARestartOfAPausedModelRuns() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("Observation") }
    try withManualManager { manager, clock, wall in
      let model = try manager.countdown(for: .seconds(10))
      model.pause()
      try model.restart(for: .seconds(5))
      XCTAssertFalse(model.isPaused)
      XCTAssertNil(model.pauseTime)
      XCTAssertEqual(model.endDate, wall.now + 5)
      try clock.advance(by: .seconds(1))
      XCTAssertEqual(model.remaining, 4)
    }
  }

  /// `snapshot(of:)` holds the countdowns of ids "(not receivers nor one-shot actions)": a
  /// receiver's countdown, an action after a delay and an observable model on the same manager
  /// leave no entry.
  func testAManagersSnapshotLeavesReceiversActionsAndModelsOut() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("Observation") }
    try withManualManager { manager, _, _ in
      final class Screen {}
      let screen = Screen()
      try manager.start(screen, for: .seconds(10)) { _, _, _ in }
      let action = try manager.after(.seconds(5)) {}
      let model = try manager.countdown(for: .seconds(20))
      try manager.start(id: "tea", for: .seconds(60)) { _, _, _ in }
      XCTAssertEqual(manager.snapshot(of: String.self).entries.map(\.id), ["tea"])
      action.cancel()
      model.cancel()
    }
  }
}
