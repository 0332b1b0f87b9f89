import CountdownCore
import CountdownTestSupport
import Foundation
import XCTest

@testable import CountdownKit

/// A countdown in phases and its engine handler hold each other strongly (no weak load at each
/// call): every way a sequence stops (cancel, a new start of its id, the plan's end, an operation
/// ending the plan, the stop flag, the manager's release) must free both, and what the app's
/// handler captured with them.
final class PhaseSequenceLifetimeTests: XCTestCase {
  /// What the app's handler captures: freed with the handler.
  final class Captured: Sendable {}

  /// Two one-second phases, once.
  static func shortPlan() throws -> CountdownPlan {
    try CountdownPlan(blocks: [
      .init([CountdownPhase("Work", .seconds(1)), CountdownPhase("Rest", .seconds(1))], repeated: .times(1))
    ])
  }

  /// Starts `id` with a plan on `manager`, and returns weak references to its sequence and to what
  /// its handler captured; `stopAt` sets the stop flag at that call.
  @MainActor
  static func start(
    _ id: String, on manager: CountdownManager, stopAt stopCall: Int? = nil
  ) throws -> (sequence: () -> PhaseSequence?, captured: () -> Captured?) {
    weak var sequence: PhaseSequence?
    weak var weakCaptured: Captured?
    try {
      let captured = Captured()
      weakCaptured = captured
      var calls = 0
      try manager.start(id: id, plan: shortPlan()) { _, _, stop in
        withExtendedLifetime(captured) { calls += 1 }
        if calls == stopCall { stop = true }
      }
      sequence = manager.token(for: id).flatMap { manager.walk(of: $0)?.1 }
    }()
    XCTAssertNotNil(sequence, "started")
    return ({ sequence }, { weakCaptured })
  }

  static func assertFreed(
    _ refs: (sequence: () -> PhaseSequence?, captured: () -> Captured?), _ how: String,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertNil(refs.sequence(), "the sequence is freed after \(how)", file: file, line: line)
    XCTAssertNil(refs.captured(), "the app's handler is freed after \(how)", file: file, line: line)
  }

  #if COUNTDOWN_CHECK_INVARIANTS
    /// The check can fail: with a sequence that keeps its handler once detached planted, a
    /// cancelled sequence and what its handler captured stay alive.
    func testThePlantedKeptHandlerIsFound() throws {
      PlantedFault.current = .sequenceKeepsItsHandler
      defer { PlantedFault.current = nil }
      try withManualManager { manager, clock, _ in
        let refs = try Self.start("a", on: manager)
        manager.cancel(id: "a")
        try clock.advance(by: .zero)
        XCTAssertNotNil(refs.sequence(), "the planted fault keeps the sequence")
        XCTAssertNotNil(refs.captured(), "the planted fault keeps the app's handler")
      }
    }
  #endif

  /// What the app's handler captured asks the engine, from another thread, whether the lock is
  /// free when it is freed: an object freed under the engine's lock (where a countdown in phases
  /// is the engine's walk, released with its slot) would run the app's code, its deinit, there.
  final class LockProbe: Sendable {
    let ask: @Sendable () -> Void
    let blocked: LockedState<[Bool]>

    init(blocked: LockedState<[Bool]>, ask: @escaping @Sendable () -> Void) {
      self.blocked = blocked
      self.ask = ask
    }

    deinit {
      let answered = DispatchSemaphore(value: 0)
      let ask = self.ask
      DispatchQueue.global().async {
        ask()
        answered.signal()
      }
      let timedOut = answered.wait(timeout: .now() + 2) == .timedOut
      blocked.withLock { $0.append(timedOut) }
    }
  }

  func testWhatTheHandlerCapturedIsFreedOutsideTheEnginesLock() throws {
    try withManualManager { manager, clock, _ in
      let blocked = LockedState<[Bool]>([])
      let ask: @Sendable () -> Void = { _ = manager.engine.count }
      @MainActor func start(_ id: String) throws {
        let probe = LockProbe(blocked: blocked, ask: ask)
        try manager.start(id: id, plan: Self.shortPlan()) { _, _, _ in withExtendedLifetime(probe) {} }
      }
      final class Shown {}
      @MainActor func start(_ receiver: Shown) throws {
        let probe = LockProbe(blocked: blocked, ask: ask)
        try manager.start(receiver, plan: Self.shortPlan()) { _, _, _ in withExtendedLifetime(probe) {} }
      }
      try start("cancelled")
      manager.cancel(id: "cancelled")
      try start("replaced")
      try start("replaced")
      try start("ran out")
      let (cancelled, released) = (Shown(), Shown())
      try start(cancelled)
      manager.cancel(cancelled)
      try {
        let replaced = Shown()
        try start(replaced)
        try start(replaced)
      }()
      try start(released)
      _ = consume released
      try clock.advance(by: .seconds(3))
      try clock.advance(by: .zero)
      XCTAssertEqual(
        blocked.withLock { $0 }, Array(repeating: false, count: 8), "every probe freed, none under the lock")
      withExtendedLifetime(cancelled) {}
    }
  }

  func testCancelFreesTheSequenceAndItsHandler() throws {
    try withManualManager { manager, clock, _ in
      let refs = try Self.start("a", on: manager)
      try clock.advance(by: .milliseconds(500))
      XCTAssertNotNil(refs.sequence(), "alive while it runs")
      manager.cancel(id: "a")
      try clock.advance(by: .zero)
      Self.assertFreed(refs, "cancel(id:)")
    }
  }

  func testCancelAllFreesTheSequenceAndItsHandler() throws {
    try withManualManager { manager, clock, _ in
      let refs = try Self.start("a", on: manager)
      manager.cancelAll()
      try clock.advance(by: .zero)
      Self.assertFreed(refs, "cancelAll()")
    }
  }

  func testANewStartOfTheIdFreesTheSequenceAndItsHandler() throws {
    try withManualManager { manager, clock, _ in
      let byPlan = try Self.start("a", on: manager)
      _ = try Self.start("a", on: manager)
      try clock.advance(by: .zero)
      Self.assertFreed(byPlan, "a new start with a plan")
      let byDuration = try Self.start("b", on: manager)
      try manager.start(id: "b", for: .seconds(5)) { _, _, _ in }
      try clock.advance(by: .zero)
      Self.assertFreed(byDuration, "a new start with a duration")
    }
  }

  func testThePlansEndFreesTheSequenceAndItsHandler() throws {
    try withManualManager { manager, clock, _ in
      let refs = try Self.start("a", on: manager)
      try clock.advance(by: .seconds(3))
      XCTAssertFalse(manager.contains(id: "a"))
      Self.assertFreed(refs, "the plan's end")
    }
  }

  func testSkippingTheLastPhaseFreesTheSequenceAndItsHandler() throws {
    try withManualManager { manager, clock, _ in
      let refs = try Self.start("a", on: manager)
      manager.skipPhase(id: "a")
      manager.skipPhase(id: "a")
      try clock.advance(by: .zero)
      XCTAssertFalse(manager.contains(id: "a"))
      Self.assertFreed(refs, "a skip of the last phase")
    }
  }

  func testTheStopFlagFreesTheSequenceAndItsHandler() throws {
    try withManualManager { manager, clock, _ in
      let refs = try Self.start("a", on: manager, stopAt: 2)
      try clock.advance(by: .milliseconds(1_500))
      XCTAssertFalse(manager.contains(id: "a"))
      Self.assertFreed(refs, "the stop flag")
    }
  }

  func testTheManagersReleaseFreesTheSequenceAndItsHandler() throws {
    try MainActor.assumeIsolated {
      let clock = ManualCountdownClock()
      weak var weakManager: CountdownManager?
      var refs: (sequence: () -> PhaseSequence?, captured: () -> Captured?)?
      try {
        let manager = try CountdownManager(clock: clock)
        weakManager = manager
        refs = try Self.start("a", on: manager)
        try clock.advance(by: .milliseconds(500))
      }()
      try clock.advance(by: .zero)
      XCTAssertNil(weakManager)
      Self.assertFreed(try XCTUnwrap(refs), "the manager's release")
    }
  }
}
