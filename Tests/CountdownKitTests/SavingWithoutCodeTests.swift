import CountdownKit
import Foundation
import XCTest

/// A manager's and a list's countdowns saved when the app leaves the foreground and back at the
/// next launch, through the lifecycle notifications, with no file handling in the app.
final class SavingWithoutCodeTests: XCTestCase {
  private static let didEnterBackground = Notification.Name("test.didEnterBackground")
  private static let willEnterForeground = Notification.Name("test.willEnterForeground")

  private func temporaryFile() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("countdowns-\(UUID()).json")
  }

  func testAManagersCountdownsComeBackAfterARelaunch() throws {
    let file = temporaryFile()
    defer { try? FileManager.default.removeItem(at: file) }
    let didEnterBackground = Self.didEnterBackground
    let willEnterForeground = Self.willEnterForeground
    try MainActor.assumeIsolated {
      let center = NotificationCenter()
      let wall = TestWallClock()
      let log = ValueLog()
      let (first, _) = try makeManager(wall: wall)
      first.followLifecycle(suspendOn: [didEnterBackground], resumeOn: [willEnterForeground], center: center)
      let nothing = try first.keepSaved(String.self, in: .file(file), savingOn: [didEnterBackground], center: center, log.recordByID())
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
      let restoration = try manager.keepSaved(String.self, in: .file(file), savingOn: [didEnterBackground], center: center, log.recordByID())
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
    guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) else { throw XCTSkip("Observation") }
    let store = CountdownStore.userDefaults(key: "countdowns-\(UUID())")
    defer { try? store.remove() }
    let didEnterBackground = Self.didEnterBackground
    try MainActor.assumeIsolated {
      let center = NotificationCenter()
      let wall = TestWallClock()
      let (manager, _) = try makeManager(wall: wall)
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

  func testADamagedSaveIsATypedErrorAndIsNotOverwritten() throws {
    let file = temporaryFile()
    defer { try? FileManager.default.removeItem(at: file) }
    try Data("not a snapshot".utf8).write(to: file)
    let didEnterBackground = Self.didEnterBackground
    try MainActor.assumeIsolated {
      let center = NotificationCenter()
      let (manager, _) = try makeManager()
      assertThrows(CountdownSnapshotError.unreadable) { () throws(CountdownSnapshotError) in
        try manager.keepSaved(String.self, in: .file(file), savingOn: [didEnterBackground], center: center) { _, _, _ in }
      }
      try manager.start(id: "a", for: .seconds(5)) { _, _, _ in }
      center.post(name: didEnterBackground, object: nil)
      XCTAssertEqual(try Data(contentsOf: file), Data("not a snapshot".utf8), "nothing was set up to save over it")
      manager.cancelAll()
    }
  }

  func testAFailedSaveIsReportedAndKeepsTheLastOne() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("missing-\(UUID())/countdowns.json")
    let didEnterBackground = Self.didEnterBackground
    try MainActor.assumeIsolated {
      let center = NotificationCenter()
      let (manager, _) = try makeManager()
      let failures = LockedState(0)
      try manager.keepSaved(String.self, in: .file(file), savingOn: [didEnterBackground], center: center, onFailure: { _ in
        failures.withLock { $0 += 1 }
      }) { _, _, _ in }
      center.post(name: didEnterBackground, object: nil)
      XCTAssertEqual(failures.withLock { $0 }, 1)
      manager.stopSaving(String.self)
      center.post(name: didEnterBackground, object: nil)
      XCTAssertEqual(failures.withLock { $0 }, 1, "stopped")
    }
  }
}
