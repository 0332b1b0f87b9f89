import CountdownKit
import CountdownTestSupport
import Foundation
import XCTest

// The notification the tests save on, each test posting to a center of its own.
private let leaving = Notification.Name("docPromises.didEnterBackground")

/// What the docs of ``CountdownStore`` and of the saving calls promise: what a store answers with
/// nothing saved, what a direct save writes, and how long a list's saving lasts.
final class StoreAndSavingDocPromisesTests: XCTestCase {
  /// A new file in the temporary directory, removed when the test ends.
  private func temporaryFile() -> URL {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("doc-promises-\(UUID()).json")
    addTeardownBlock { try? FileManager.default.removeItem(at: file) }
    return file
  }

  /// `load()`: "What was saved last, or `nil` if nothing was"; `remove()` throws only "for a file
  /// that exists but cannot be removed": with nothing saved it does nothing. For a file and for a
  /// key of a named suite alike.
  func testAStoreWithNothingSavedLoadsNilAndRemovesQuietly() throws {
    let suite = "doc-promises-\(UUID())"
    addTeardownBlock { UserDefaults(suiteName: suite)?.removePersistentDomain(forName: suite) }
    for store in [CountdownStore.file(temporaryFile()), .userDefaults(suiteName: suite, key: "timers")] {
      XCTAssertNil(try store.load())
      XCTAssertNoThrow(try store.remove())
      try store.save(Data("one".utf8))
      try store.save(Data("two".utf8))
      XCTAssertEqual(try store.load(), Data("two".utf8), "what was saved last")
      try store.remove()
      XCTAssertNil(try store.load(), "forgotten")
    }
  }

  /// `save(_:to:)`: "Writes the countdowns of ids of type `ID` to `store` now (`snapshot(of:)` as
  /// JSON)": the store then decodes to the manager's snapshot, without any saving set up.
  func testASaveWritesTheManagersSnapshotNow() throws {
    let store = CountdownStore.file(temporaryFile())
    try withManualManager { manager, _, _ in
      try manager.start(id: "tea", for: .seconds(180)) { _, _, _ in }
      manager.listen(id: "up") { _, _, _ in }
      try manager.save(String.self, to: store)
      let saved = try CountdownSnapshot<String>(decoding: XCTUnwrap(try store.load()))
      XCTAssertEqual(saved, manager.snapshot(of: String.self))
      XCTAssertEqual(Set(saved.entries.map(\.id)), ["tea", "up"])
    }
  }

  /// `save(_:to:)` "Throws: The store's error for a write that failed; what was saved before
  /// stays": a list's save into a directory that is not there throws.
  func testAFailedDirectSaveThrows() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("Observation") }
    let missing = FileManager.default.temporaryDirectory.appendingPathComponent("missing-\(UUID())/rows.json")
    try withManualManager { manager, _, _ in
      XCTAssertThrowsError(try manager.save(String.self, to: .file(missing)))
      let list = ObservableCountdownList<String>(manager: manager)
      try list.start(id: "a", for: .seconds(5))
      XCTAssertThrowsError(try list.save(to: .file(missing)))
    }
  }

  /// A list's `keepSaved(in:…)`: "each save runs on the main actor (at once when posted on the
  /// main thread …), and the saving lasts as long as the list, or until `stopSaving()`".
  func testAListsSavingLastsUntilStopSavingOrTheListIsReleased() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("Observation") }
    let stopped = CountdownStore.file(temporaryFile())
    let released = CountdownStore.file(temporaryFile())
    try withManualManager { manager, _, _ in
      let center = NotificationCenter()
      let list = ObservableCountdownList<String>(manager: manager)
      try list.keepSaved(in: stopped, savingOn: [leaving], center: center)
      try list.start(id: "a", for: .seconds(5))
      center.post(name: leaving, object: nil)
      XCTAssertEqual(
        try CountdownSnapshot<String>(decoding: XCTUnwrap(try stopped.load())).entries.map(\.id), ["a"], "saved at once"
      )
      list.stopSaving()
      try stopped.remove()
      center.post(name: leaving, object: nil)
      XCTAssertNil(try stopped.load(), "no save after stopSaving()")

      var other: ObservableCountdownList<String>? = ObservableCountdownList<String>(manager: manager)
      try other?.keepSaved(in: released, savingOn: [leaving], center: center)
      try other?.start(id: "b", for: .seconds(5))
      other = nil
      center.post(name: leaving, object: nil)
      XCTAssertNil(try released.load(), "the saving ended with the list")
    }
  }
}
