import CountdownKit
import CountdownTestSupport
import Foundation
import XCTest

/// Every way an app written against 1.1.0 calls `restore`, `keepSaved` and the snapshot's
/// initializer still compiles and picks the form that leaves countdowns in phases out, and the
/// forms with a `phases:` handler pick the one that restores them: the two forms are overloads,
/// since giving the 1.1.0 ones a defaulted `phases:` parameter would change their signatures (the
/// API checker reports that as a removal, and a reference to the function typed with its 1.1.0
/// parameters, as below, would no longer compile). Imported as an app imports it, without
/// `@testable`, so only the public API is in reach.
final class RestoreCallFormsTests: XCTestCase {
  /// A countdown's handler, as an app declares one.
  private typealias Handler = @MainActor (String, Int, inout Bool) -> Void
  /// A countdown in phases' handler.
  private typealias PhaseHandler = @MainActor (String, CountdownPhaseUpdate, inout Bool) -> Void

  /// A snapshot of one countdown ("tea", 60 s) and one countdown in phases ("run").
  @MainActor
  private static func snapshot() throws -> CountdownSnapshot<String> {
    let wall = TestWallClock()
    let (manager, _) = try makeManager(wall: wall)
    defer { manager.cancelAll() }
    try manager.start(id: "tea", for: .seconds(60)) { _, _, _ in }
    let plan = try CountdownPlan(blocks: [
      .init([CountdownPhase("Work", .seconds(5)), CountdownPhase("Rest", .seconds(2))], repeated: .forever)
    ])
    try manager.start(id: "run", plan: plan) { _, _, _ in }
    return try CountdownSnapshot<String>(decoding: JSONEncoder().encode(manager.snapshot(of: String.self)))
  }

  /// Runs `body` on a new manager, then cancels what it counts.
  @MainActor
  private static func onNewManager(_ body: (CountdownManager) throws -> Void) throws {
    let (manager, _) = try makeManager()
    defer { manager.cancelAll() }
    try body(manager)
  }

  // MARK: restore

  func testEveryOneOneZeroFormOfRestoreLeavesTheCountdownsInPhasesOut() throws {
    try MainActor.assumeIsolated {
      let snapshot = try Self.snapshot()
      var values: [String: Int] = [:]
      let handler: Handler = { id, value, _ in values[id] = value }
      // A trailing closure, with its parameters named.
      try Self.onNewManager { manager in
        let restoration = try manager.restore(snapshot) { id, remaining, _ in values[id] = remaining }
        XCTAssertEqual(restoration.ids, ["tea"], "trailing closure")
      }
      // A trailing closure with `$0` names, its result discarded.
      try Self.onNewManager { manager in
        try manager.restore(snapshot) { if $1 < 0 { $2 = true } else { values[$0] = $1 } }
        XCTAssertTrue(manager.contains(id: "tea"))
        XCTAssertNil(manager.phasePosition(id: "run"), "$0 closure")
      }
      // A closure in the parentheses.
      try Self.onNewManager { manager in
        XCTAssertEqual(try manager.restore(snapshot, { _, _, _ in }).ids, ["tea"], "closure argument")
      }
      // A function value.
      try Self.onNewManager { manager in
        XCTAssertEqual(try manager.restore(snapshot, handler).ids, ["tea"], "function value")
      }
      // The function itself, by its full name and by its base name in a typed context.
      try Self.onNewManager { manager in
        let byName:
          (CountdownSnapshot<String>, @escaping Handler) throws(CountdownSnapshotError) -> CountdownRestoration<String> =
            manager.restore(_:_:)
        XCTAssertEqual(try byName(snapshot, handler).ids, ["tea"], "restore(_:_:)")
        manager.cancelAll()
        let typed:
          (CountdownSnapshot<String>, @escaping Handler) throws(CountdownSnapshotError) -> CountdownRestoration<String> =
            manager.restore
        manager.cancelAll()
        XCTAssertEqual(try typed(snapshot, handler).ids, ["tea"], "restore in a typed context")
      }
      XCTAssertEqual(values["tea"], 60)
    }
  }

  func testEveryFormOfRestoreWithPhasesRestoresThemToo() throws {
    try MainActor.assumeIsolated {
      let snapshot = try Self.snapshot()
      var calls: [String] = []
      let handler: Handler = { _, _, _ in }
      let phaseHandler: PhaseHandler = { id, update, _ in
        calls.append("\(id) \(update.position?.phase.name ?? "-")")
      }
      // Two trailing closures.
      try Self.onNewManager { manager in
        let restoration = try manager.restore(snapshot) { _, _, _ in
        } phases: { id, update, _ in
          calls.append("\(id) \(update.position?.phase.name ?? "-")")
        }
        XCTAssertEqual(restoration.ids, ["tea", "run"], "trailing closures")
      }
      // `$0` names, the result discarded.
      try Self.onNewManager { manager in
        try manager.restore(snapshot) { _, _, _ in
        } phases: {
          calls.append("\($0) \($1.remaining)")
          $2 = false
        }
        XCTAssertNotNil(manager.phasePosition(id: "run"), "$0 closures")
      }
      // Function values, and closures in the parentheses.
      try Self.onNewManager { manager in
        XCTAssertEqual(try manager.restore(snapshot, handler, phases: phaseHandler).ids, ["tea", "run"])
      }
      try Self.onNewManager { manager in
        XCTAssertEqual(try manager.restore(snapshot, { _, _, _ in }, phases: { _, _, _ in }).ids, ["tea", "run"])
      }
      // The function itself.
      try Self.onNewManager { manager in
        let byName:
          (CountdownSnapshot<String>, @escaping Handler, @escaping PhaseHandler) throws(CountdownSnapshotError) ->
            CountdownRestoration<String> = manager.restore(_:_:phases:)
        XCTAssertEqual(try byName(snapshot, handler, phaseHandler).ids, ["tea", "run"], "restore(_:_:phases:)")
      }
      XCTAssertEqual(calls, ["run Work", "run 5", "run Work", "run Work"])
    }
  }

  // MARK: keepSaved

  /// A store in a new file, removed when the test ends.
  private func temporaryStore() -> CountdownStore {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("call-forms-\(UUID()).json")
    addTeardownBlock { try? FileManager.default.removeItem(at: file) }
    return .file(file)
  }

  /// The notifications the `keepSaved` calls save on.
  private static let names = [Notification.Name("test.callForms.save")]
  /// A countdown's handler that does nothing.
  private static let handler: Handler = { _, _, _ in }

  /// Saves ``snapshot()`` in `store`, calls `keepSaved` by `form` on a new manager, and checks that
  /// it restored `ids`.
  @MainActor
  private static func check(
    _ form: String, restores ids: [String], from store: CountdownStore,
    _ keepSaved: (CountdownManager, CountdownStore) throws -> CountdownRestoration<String>
  ) throws {
    try store.save(JSONEncoder().encode(snapshot()))
    try onNewManager { manager in
      defer { manager.stopSaving(String.self) }
      XCTAssertEqual(try keepSaved(manager, store).ids, ids, form)
    }
  }

  func testEveryOneOneZeroFormOfKeepSavedLeavesTheCountdownsInPhasesOut() throws {
    let store = temporaryStore()
    try MainActor.assumeIsolated {
      let center = NotificationCenter()
      /// Calls `keepSaved` by `form`, and checks that it restored only the countdown.
      @MainActor func check(
        _ form: String, _ keepSaved: (CountdownManager, CountdownStore) throws -> CountdownRestoration<String>
      ) throws {
        try Self.check(form, restores: ["tea"], from: store, keepSaved)
      }
      try check("the id type and a trailing closure") { manager, store in
        try manager.keepSaved(String.self, in: store) { _, _, _ in }
      }
      try check("the id type from the closure's parameters") { manager, store in
        try manager.keepSaved(in: store) { (_: String, _: Int, _: inout Bool) in }
      }
      try check("every option, then a trailing closure") { manager, store in
        try manager.keepSaved(String.self, in: store, savingOn: Self.names, center: center, onFailure: { _ in }) {
          if $1 < 0 { $2 = true }
        }
      }
      try check("a function value") { manager, store in
        try manager.keepSaved(String.self, in: store, savingOn: Self.names, center: center, Self.handler)
      }
      try check("a closure in the parentheses") { manager, store in
        try manager.keepSaved(String.self, in: store, center: center, { _, _, _ in })
      }
      try check("the function itself") { manager, store in
        let keepSaved:
          (
            String.Type, CountdownStore, [Notification.Name], NotificationCenter, (@Sendable (any Error) -> Void)?,
            @escaping Handler
          ) throws(CountdownSnapshotError) -> CountdownRestoration<String> = manager.keepSaved(
            _:in:savingOn:center:onFailure:_:)
        return try keepSaved(String.self, store, Self.names, center, nil, Self.handler)
      }
    }
  }

  func testEveryFormOfKeepSavedWithPhasesRestoresThemToo() throws {
    let store = temporaryStore()
    try MainActor.assumeIsolated {
      let center = NotificationCenter()
      let phaseHandler: PhaseHandler = { _, _, _ in }
      /// Calls `keepSaved` by `form`, and checks that it restored both.
      @MainActor func check(
        _ form: String, _ keepSaved: (CountdownManager, CountdownStore) throws -> CountdownRestoration<String>
      ) throws {
        try Self.check(form, restores: ["tea", "run"], from: store, keepSaved)
      }
      try check("two trailing closures") { manager, store in
        try manager.keepSaved(String.self, in: store) { _, _, _ in
        } phases: { _, _, _ in
        }
      }
      try check("every option, then two trailing closures") { manager, store in
        try manager.keepSaved(String.self, in: store, savingOn: Self.names, center: center, onFailure: { _ in }) {
          _, _, _ in
        } phases: {
          if $1.planEnded { $2 = true }
        }
      }
      try check("function values") { manager, store in
        try manager.keepSaved(
          String.self, in: store, savingOn: Self.names, center: center, Self.handler, phases: phaseHandler)
      }
      try check("the function itself") { manager, store in
        let keepSaved:
          (
            String.Type, CountdownStore, [Notification.Name], NotificationCenter, (@Sendable (any Error) -> Void)?,
            @escaping Handler, @escaping PhaseHandler
          ) throws(CountdownSnapshotError) -> CountdownRestoration<String> =
            manager.keepSaved(_:in:savingOn:center:onFailure:_:phases:)
        return try keepSaved(String.self, store, Self.names, center, nil, Self.handler, phaseHandler)
      }
    }
  }

  // MARK: The snapshot's initializers

  func testBothInitializersOfASnapshotCompileAndHoldWhatTheyAreGiven() throws {
    let date = Date(timeIntervalSinceReferenceDate: 800_000_000)
    let entry = CountdownSnapshot<String>.Entry(id: "tea", kind: .countdown, policy: .keepsRunning, date: date)
    let plain = CountdownSnapshot(takenAt: date, serverOffset: nil, entries: [entry])
    XCTAssertEqual(plain.entries, [entry])
    XCTAssertEqual(plain.phaseEntries, [], "the 1.1.0 form")
    let phaseEntry = try CountdownSnapshot<String>.PhaseEntry(
      id: "run", plan: CountdownPlan(blocks: [.init([CountdownPhase("Work", .seconds(5))], repeated: .forever)]),
      ordinal: 0, date: date)
    let both = CountdownSnapshot(takenAt: date, serverOffset: nil, entries: [entry], phaseEntries: [phaseEntry])
    XCTAssertEqual(both.entries, [entry])
    XCTAssertEqual(both.phaseEntries, [phaseEntry])
  }
}
