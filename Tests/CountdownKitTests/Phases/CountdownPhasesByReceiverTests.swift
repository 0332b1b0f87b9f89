import CountdownCore
import CountdownTestSupport
import Foundation
import XCTest

@testable import CountdownKit

/// A countdown in phases keyed by the object that shows it, on the manual clock: held weakly, replaced
/// by a new start of the receiver, and moved through its plan by the receiver's operations.
final class CountdownPhasesByReceiverTests: XCTestCase {
  /// Warm-up 3 s, then Work 5 s / Rest 2 s twice, then Cool-down 1 s: ends at 3, 8, 10, 15, 17, 18 s.
  static func plan() throws -> CountdownPlan {
    try PhaseSequenceTests.plan()
  }

  func testAReceiverWalksThePlanWithEachEndOnceAndThePlanEnd() throws {
    try withManualManager { manager, clock, wall in
      let label = CountdownLabel("label")
      var updates: [CountdownPhaseUpdate] = []
      try manager.start(label, plan: Self.plan()) { label, update, _ in
        label.text = "\(update.position?.phase.name ?? "done") \(update.remaining)"
        updates.append(update)
      }
      XCTAssertEqual(label.text, "Warm-up 3", "the first value comes inside the call")
      let position = try XCTUnwrap(manager.phasePosition(for: label))
      XCTAssertEqual(position.phase.name, "Warm-up")
      XCTAssertEqual(position.phaseEndDate, wall.now + 3)
      XCTAssertEqual(manager.timeLeft(for: label), .seconds(3))
      XCTAssertTrue(manager.contains(label))
      XCTAssertEqual(manager.engine.count, 1)
      for _ in 0..<20 { try clock.advance(by: .seconds(1)) }
      XCTAssertEqual(
        updates.flatMap(\.phaseEnds).map(\.phase.name), ["Warm-up", "Work", "Rest", "Work", "Rest", "Cool-down"])
      XCTAssertEqual(updates.filter(\.planEnded).count, 1)
      XCTAssertEqual(label.text, "done 0")
      XCTAssertFalse(manager.contains(label))
      XCTAssertNil(manager.phasePosition(for: label))
      XCTAssertEqual(manager.engine.count, 0)
    }
  }

  func testTheReceiversOperationsActOnTheCurrentPhase() throws {
    try withManualManager { manager, clock, wall in
      let label = CountdownLabel("label")
      var ends: [String] = []
      try manager.start(label, plan: Self.plan()) { _, update, _ in ends += update.phaseEnds.map(\.phase.name) }
      XCTAssertTrue(manager.skipPhase(label))
      XCTAssertEqual(manager.phasePosition(for: label)?.phase.name, "Work")
      try clock.advance(by: .seconds(2))
      XCTAssertTrue(manager.restartPhase(label))
      XCTAssertEqual(manager.phasePosition(for: label)?.timeLeftInPhase, .seconds(5))
      XCTAssertTrue(manager.goToPreviousPhase(label))
      XCTAssertEqual(manager.phasePosition(for: label)?.phase.name, "Warm-up")
      XCTAssertTrue(manager.pause(label))
      XCTAssertEqual(manager.phasePosition(for: label)?.isPaused, true)
      XCTAssertEqual(manager.timerDates(for: label)?.pauseTime, wall.now)
      XCTAssertNil(manager.timerDates(for: label)?.endDate)
      try clock.advance(by: .seconds(10))
      XCTAssertEqual(ends, [], "paused: no end")
      XCTAssertTrue(manager.resume(label))
      XCTAssertTrue(try manager.addTime(.seconds(2), to: label))
      XCTAssertEqual(manager.timeLeft(for: label), .seconds(5))
      // The current phase's dates: its whole length (3 s and the 2 s added) to its end.
      let dates = try XCTUnwrap(manager.timerDates(for: label))
      XCTAssertEqual(dates.endDate, wall.now + 5)
      XCTAssertEqual(dates.timerInterval, (wall.now + 5 - 5)...(wall.now + 5))
      try clock.advance(by: .seconds(5))
      XCTAssertEqual(ends, ["Warm-up"])
      XCTAssertTrue(manager.cancel(label))
      try clock.advance(by: .seconds(30))
      XCTAssertEqual(ends, ["Warm-up"], "nothing after the cancel")
      XCTAssertFalse(manager.skipPhase(label))
      XCTAssertFalse(manager.pause(label))
      XCTAssertEqual(manager.engine.count, 0)
    }
  }

  func testAReleasedReceiverEndsItWithoutACallRunningOrPaused() throws {
    try withManualManager { manager, clock, _ in
      var calls = 0
      var running: CountdownLabel? = CountdownLabel("label")
      try manager.start(try XCTUnwrap(running), plan: Self.plan()) { _, _, _ in calls += 1 }
      var paused: CountdownLabel? = CountdownLabel("label")
      try manager.start(try XCTUnwrap(paused), plan: Self.plan()) { _, _, _ in calls += 1 }
      XCTAssertTrue(manager.pause(try XCTUnwrap(paused)))
      calls = 0
      running = nil
      paused = nil
      // The running one ends at its next call, as a single countdown does; the paused one goes when
      // the engine probes paused receivers: at a walk it makes anyway (this tick's), within a
      // minute at the latest.
      try clock.advance(by: .seconds(1))
      XCTAssertEqual(manager.engine.count, 0)
      try clock.advance(by: .seconds(29))
      XCTAssertEqual(calls, 0)
      XCTAssertTrue(manager.state.withLock { $0.ids.keys.isEmpty }, "a receiver's plan takes no id")
    }
  }

  func testStartingTheReceiverAgainReplacesItsSequenceOrItsSingleCountdown() throws {
    try withManualManager { manager, clock, _ in
      let label = CountdownLabel("label")
      var single: [Int] = []
      try manager.start(label, for: .seconds(10)) { _, remaining, _ in single.append(remaining) }
      var first = 0
      try manager.start(label, plan: Self.plan()) { _, _, _ in first += 1 }
      XCTAssertEqual(manager.engine.count, 1, "the plan replaced the single countdown")
      var second: [String] = []
      try manager.start(label, plan: Self.plan()) { _, update, _ in second += update.phaseEnds.map(\.phase.name) }
      XCTAssertEqual(manager.engine.count, 1)
      let firstBefore = first
      try clock.advance(by: .seconds(3))
      XCTAssertEqual(first, firstBefore)
      XCTAssertEqual(second, ["Warm-up"])
      try manager.start(label, for: .seconds(2)) { _, remaining, _ in single.append(remaining) }
      XCTAssertNil(manager.phasePosition(for: label), "a single countdown replaced the sequence")
      try clock.advance(by: .seconds(10))
      XCTAssertEqual(second, ["Warm-up"])
      XCTAssertEqual(single, [10, 2, 1, 0])
      XCTAssertEqual(manager.engine.count, 0)
    }
  }

  func testARefusedStartLeavesTheReceiversCountdownAsItWas() throws {
    try withManualManager { manager, _, _ in
      let label = CountdownLabel("label")
      try manager.start(label, for: .seconds(30)) { _, _, _ in }
      XCTAssertThrowsError(try manager.start(label, plan: Self.plan(), delivering: .milestones([-1])) { _, _, _ in }) {
        XCTAssertEqual($0 as? CountdownError, .invalidMilestone)
      }
      XCTAssertEqual(manager.timeLeft(for: label), .seconds(30))
      XCTAssertNil(manager.phasePosition(for: label))
    }
  }

  /// An object made at the address of a released receiver whose countdown in phases the manager
  /// has not swept yet reaches its own plan: its start replaces the released receiver's countdown,
  /// its reads and operations act on its own plan, its calls come to it, and the sweep of released
  /// receivers leaves its plan running.
  ///
  /// The object is one of the released receiver's type, made right after the release; objects are
  /// made (and kept, so each takes new memory) until one has the released receiver's address, up to
  /// 1,000 of them. On the usual allocators one of the first few does; the test is skipped only if
  /// none did, which depends on the allocator alone.
  func testAnObjectAtAReleasedReceiversAddressReachesItsOwnPlan() throws {
    try withManualManager { manager, clock, _ in
      let released = try Self.startReleased(plan: Self.plan(), on: manager)
      var misses: [CountdownLabel] = []
      var label: CountdownLabel?
      while label == nil, misses.count < 1_000 {
        let made = CountdownLabel("new")
        if ObjectIdentifier(made) == released { label = made } else { misses.append(made) }
      }
      guard let label else { throw XCTSkip("no object took a released receiver's address in 1,000 tries") }
      XCTAssertFalse(manager.contains(label), "the released receiver's countdown is not the new object's")
      XCTAssertNil(manager.phasePosition(for: label))
      var calls: [String] = []
      try manager.start(label, plan: Self.plan()) { receiver, update, _ in
        calls.append("\(receiver.name) \(update.position?.phase.name ?? "done") \(update.remaining)")
      }
      XCTAssertEqual(manager.engine.count, 1, "it replaced the released receiver's countdown")
      XCTAssertEqual(manager.engine.tableInvariantViolations(), [], "one entry a key")
      XCTAssertTrue(manager.contains(label))
      XCTAssertEqual(manager.phasePosition(for: label)?.phase.name, "Warm-up")
      XCTAssertEqual(manager.timeLeft(for: label), .seconds(3))
      XCTAssertTrue(manager.skipPhase(label))
      XCTAssertEqual(manager.phasePosition(for: label)?.phase.name, "Work")
      try clock.advance(by: .seconds(1))
      XCTAssertTrue(manager.contains(label), "the sweep of released receivers leaves it running")
      XCTAssertTrue(manager.pause(label))
      XCTAssertEqual(manager.phasePosition(for: label)?.isPaused, true)
      XCTAssertEqual(calls, ["new Warm-up 3", "new Work 5", "new Work 4"], "every call to the new object")
      XCTAssertTrue(manager.cancel(label))
      XCTAssertEqual(manager.engine.count, 0, "nothing left of the released receiver's countdown")
      withExtendedLifetime(misses) {}
    }
  }

  /// Starts `plan` for a new receiver on `manager` and releases the receiver: its countdown stays
  /// until the manager sweeps it. The receiver's identity.
  @MainActor
  private static func startReleased(plan: CountdownPlan, on manager: CountdownManager) throws -> ObjectIdentifier {
    let receiver = CountdownLabel("released")
    try manager.start(receiver, plan: plan) { _, _, _ in }
    return ObjectIdentifier(receiver)
  }
}

/// A manager released while a countdown in phases runs goes with its engine: the sequence's
/// handler holds neither.
final class ReleasedManagerWithPhasesTests: XCTestCase {
  func testAManagerReleasedWhileASequenceRunsReleasesItsEngine() throws {
    try MainActor.assumeIsolated {
      weak var engine: CountdownEngine?
      do {
        let manager = try CountdownManager(clock: ManualCountdownClock())
        try manager.start(id: "run", plan: CountdownPhasesByReceiverTests.plan()) { _, _, _ in }
        engine = manager.engine
      }
      XCTAssertNil(engine, "the engine outlived its manager")
    }
  }
}
