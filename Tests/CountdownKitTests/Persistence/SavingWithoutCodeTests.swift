import CountdownKit
import Foundation
import XCTest

// The lifecycle notifications the tests save and resume on, each test posting to a center of its own.
private let didEnterBackground = Notification.Name("test.didEnterBackground")
private let willEnterForeground = Notification.Name("test.willEnterForeground")
private let willTerminate = Notification.Name("test.willTerminate")

/// A manager's and a list's countdowns saved when the app leaves the foreground and back at the
/// next launch, through the lifecycle notifications, with no file handling in the app.
final class SavingWithoutCodeTests: XCTestCase {
  /// A new file in the temporary directory, removed when the test ends.
  private func temporaryFile() -> URL {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("countdowns-\(UUID()).json")
    addTeardownBlock { try? FileManager.default.removeItem(at: file) }
    return file
  }

  func testAManagersCountdownsComeBackAfterARelaunch() throws {
    let file = temporaryFile()
    try withManualManager { first, _, wall in
      let center = NotificationCenter()
      let log = ValueLog()
      first.followLifecycle(suspendOn: [didEnterBackground], resumeOn: [willEnterForeground], center: center)
      let nothing = try first.keepSaved(
        String.self, in: .file(file), savingOn: [didEnterBackground], center: center, log.recordByID())
      XCTAssertEqual(nothing.ids, [], "a first launch restores nothing")
      try first.start(id: "pizza", for: .seconds(600), log.recordByID())
      try first.start(id: "tea", for: .seconds(5), log.recordByID())
      XCTAssertNil(try CountdownStore.file(file).load(), "nothing written before the app leaves")
      center.post(name: didEnterBackground, object: nil)
      XCTAssertTrue(first.isSuspended)
      XCTAssertNotNil(try CountdownStore.file(file).load(), "written as the app left")
      first.cancelAll()
      first.stopSaving(String.self)

      // Killed in the background; launched again 60 s later.
      wall.jump(by: 60)
      let (manager, clock) = try makeManager(wall: wall)
      log.clear()
      let restoration = try manager.keepSaved(
        String.self, in: .file(file), savingOn: [didEnterBackground], center: center, log.recordByID())
      try clock.advance(by: .zero)
      XCTAssertEqual(Set(restoration.ids), ["pizza", "tea"])
      XCTAssertEqual(restoration.ended, ["tea": wall.now - 55])
      XCTAssertEqual(log.values("pizza"), [540])
      XCTAssertEqual(log.values("tea"), [0])
      // And it goes on saving: a countdown started now is there after the next trip.
      try manager.start(id: "bread", for: .seconds(30), log.recordByID())
      center.post(name: didEnterBackground, object: nil)
      let saved = try CountdownSnapshot<String>(decoding: XCTUnwrap(CountdownStore.file(file).load()))
      XCTAssertEqual(Set(saved.entries.map(\.id)), ["pizza", "bread"])
      manager.stopSaving(String.self)
      manager.cancelAll()
    }
  }

  func testAListsRowsComeBackFromUserDefaults() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("needs Observation") }
    let store = CountdownStore.userDefaults(key: "countdowns-\(UUID())")
    defer { try? store.remove() }
    try withManualManager { manager, _, wall in
      let center = NotificationCenter()
      var list: ObservableCountdownList<Int>? = ObservableCountdownList<Int>(manager: manager)
      try list?.keepSaved(in: store, savingOn: [didEnterBackground], center: center)
      try list?.start(id: 7, for: .seconds(90))
      center.post(name: didEnterBackground, object: nil)
      list = nil  // released with the process

      wall.jump(by: 30)
      let (relaunched, _) = try makeManager(wall: wall)
      let restored = ObservableCountdownList<Int>(manager: relaunched)
      try restored.keepSaved(in: store, savingOn: [didEnterBackground], center: center)
      XCTAssertEqual(restored.ids, [7])
      XCTAssertEqual(restored.remaining(id: 7), 60)
      restored.removeAll()
    }
  }

  func testKeepingAManagerSavedAgainSwitchesTheSavingAndRestoresNothing() throws {
    let file = temporaryFile()
    let other = temporaryFile()
    try withManualManager { manager, clock, wall in
      let center = NotificationCenter()
      let log = ValueLog()
      try manager.keepSaved(
        String.self, in: .file(file), savingOn: [didEnterBackground], center: center, log.recordByID())
      try manager.start(id: "ended", for: .seconds(5), log.recordByID())
      try manager.start(id: "cancelled", for: .seconds(600), log.recordByID())
      try manager.start(id: "running", for: .seconds(60), log.recordByID())
      center.post(name: didEnterBackground, object: nil)
      let saved = try XCTUnwrap(CountdownStore.file(file).load())
      manager.cancel(id: "cancelled")
      try clock.advance(by: .seconds(5))
      wall.jump(by: 5)
      XCTAssertEqual(log.values("ended"), [5, 4, 3, 2, 1, 0])

      // The saving replaced: on another notification, then in another store that holds a save too.
      let replaced = try manager.keepSaved(
        String.self, in: .file(file), savingOn: [willTerminate], center: center, log.recordByID())
      try CountdownStore.file(other).save(saved)
      let switched = try manager.keepSaved(
        String.self, in: .file(other), savingOn: [willTerminate], center: center, log.recordByID())
      try clock.advance(by: .zero)
      XCTAssertEqual(replaced, CountdownRestoration(ids: [], ended: [:]), "nothing restored over the live manager")
      XCTAssertEqual(switched, CountdownRestoration(ids: [], ended: [:]), "nothing restored over the live manager")
      XCTAssertEqual(log.values("ended"), [5, 4, 3, 2, 1, 0], "no second 0")
      XCTAssertFalse(manager.contains(id: "cancelled"), "a cancelled countdown stays cancelled")
      XCTAssertEqual(log.values("cancelled"), [600], "its first value, inside its start; nothing once cancelled")
      XCTAssertEqual(log.values("running"), [60, 59, 58, 57, 56, 55], "no second call with the same value")

      center.post(name: didEnterBackground, object: nil)
      XCTAssertEqual(try CountdownStore.file(file).load(), saved, "the first saving ended")
      center.post(name: willTerminate, object: nil)
      XCTAssertEqual(try CountdownStore.file(file).load(), saved, "the second saving ended")
      let now = try CountdownSnapshot<String>(decoding: XCTUnwrap(CountdownStore.file(other).load()))
      XCTAssertEqual(now.entries.map(\.id), ["running"], "saved where and when the last call says")
      manager.stopSaving(String.self)
    }
  }

  func testKeepingAListSavedAgainSwitchesTheSavingAndBringsNoRemovedRowBack() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("needs Observation") }
    let store = CountdownStore.userDefaults(key: "countdowns-\(UUID())")
    let other = CountdownStore.userDefaults(key: "countdowns-\(UUID())")
    defer {
      try? store.remove()
      try? other.remove()
    }
    try withManualManager { manager, clock, wall in
      let center = NotificationCenter()
      let list = ObservableCountdownList<Int>(manager: manager)
      try list.keepSaved(in: store, savingOn: [didEnterBackground], center: center)
      try list.start(id: 1, for: .seconds(90))
      try list.start(id: 2, for: .seconds(5))
      try list.start(id: 3, for: .seconds(60))
      center.post(name: didEnterBackground, object: nil)
      let saved = try XCTUnwrap(store.load())
      list.remove(id: 1)
      try clock.advance(by: .seconds(5))
      wall.jump(by: 5)
      let ended = try XCTUnwrap(list[2])
      XCTAssertTrue(ended.hasEnded)

      // The saving replaced: on another notification, then in another store that holds a save too.
      let replaced = try list.keepSaved(in: store, savingOn: [willTerminate], center: center)
      try other.save(saved)
      let switched = try list.keepSaved(in: other, savingOn: [willTerminate], center: center)
      XCTAssertEqual(replaced, CountdownRestoration(ids: [], ended: [:]), "nothing restored over the live list")
      XCTAssertEqual(switched, CountdownRestoration(ids: [], ended: [:]), "nothing restored over the live list")
      XCTAssertEqual(list.ids, [2, 3], "a removed row stays removed")
      XCTAssertTrue(list[2] === ended && ended.hasEnded, "an ended row stays as it is")
      XCTAssertEqual(list.remaining(id: 3), 55)

      center.post(name: didEnterBackground, object: nil)
      XCTAssertEqual(try store.load(), saved, "the first saving ended")
      center.post(name: willTerminate, object: nil)
      XCTAssertEqual(try store.load(), saved, "the second saving ended")
      let now = try CountdownSnapshot<Int>(decoding: XCTUnwrap(other.load()))
      XCTAssertEqual(now.entries.map(\.id), [2, 3], "saved where and when the last call says")
      list.removeAll()
    }
  }

  func testAReplacingCallRefusesADamagedStoreAndACallAfterStopSavingRestoresAgain() throws {
    let file = temporaryFile()
    let damaged = temporaryFile()
    try Data("not a snapshot".utf8).write(to: damaged)
    try withManualManager { manager, _, _ in
      let center = NotificationCenter()
      try manager.keepSaved(String.self, in: .file(file), savingOn: [didEnterBackground], center: center) { _, _, _ in }
      try manager.start(id: "a", for: .seconds(60)) { _, _, _ in }
      assertThrows(CountdownSnapshotError.unreadable) { () throws(CountdownSnapshotError) in
        try manager.keepSaved(String.self, in: .file(damaged), savingOn: [willTerminate], center: center) { _, _, _ in }
      }
      center.post(name: willTerminate, object: nil)
      XCTAssertEqual(try Data(contentsOf: damaged), Data("not a snapshot".utf8), "not saved over")
      center.post(name: didEnterBackground, object: nil)
      let saved = try CountdownSnapshot<String>(decoding: XCTUnwrap(CountdownStore.file(file).load()))
      XCTAssertEqual(saved.entries.map(\.id), ["a"], "the earlier saving stays")

      manager.stopSaving(String.self)
      manager.cancelAll()
      let restoration = try manager.keepSaved(
        String.self, in: .file(file), savingOn: [didEnterBackground], center: center
      ) { _, _, _ in }
      XCTAssertEqual(restoration.ids, ["a"], "no saving to replace: restored, as the first call")
      XCTAssertTrue(manager.contains(id: "a"))
      manager.stopSaving(String.self)
    }
  }

  func testADamagedSaveIsATypedErrorAndIsNotOverwritten() throws {
    let file = temporaryFile()
    try Data("not a snapshot".utf8).write(to: file)
    try withManualManager { manager, _, _ in
      let center = NotificationCenter()
      assertThrows(CountdownSnapshotError.unreadable) { () throws(CountdownSnapshotError) in
        try manager.keepSaved(String.self, in: .file(file), savingOn: [didEnterBackground], center: center) { _, _, _ in
        }
      }
      try manager.start(id: "a", for: .seconds(5)) { _, _, _ in }
      center.post(name: didEnterBackground, object: nil)
      XCTAssertEqual(try Data(contentsOf: file), Data("not a snapshot".utf8), "nothing was set up to save over it")
    }
  }

  func testAFailedSaveIsReportedAndKeepsTheLastOne() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("missing-\(UUID())/countdowns.json")
    try withManualManager { manager, _, _ in
      let center = NotificationCenter()
      let failures = LockedState(0)
      try manager.keepSaved(
        String.self, in: .file(file), savingOn: [didEnterBackground], center: center,
        onFailure: { _ in
          failures.withLock { $0 += 1 }
        }
      ) { _, _, _ in }
      center.post(name: didEnterBackground, object: nil)
      XCTAssertEqual(failures.withLock { $0 }, 1)
      manager.stopSaving(String.self)
      center.post(name: didEnterBackground, object: nil)
      XCTAssertEqual(failures.withLock { $0 }, 1, "stopped")
    }
  }
}
