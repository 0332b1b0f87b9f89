import CountdownCore
import CountdownTestSupport
import Foundation
import XCTest

@testable import CountdownKit

/// A plan run under an id by one engine registration: every phase end once, in
/// order, with its lateness; an absence reported in bounded calls; skip, restart, back, cancel.
final class PhaseSequenceTests: XCTestCase {
  static let second: Int64 = 1_000_000_000

  /// Runs what the main queue holds: a resume's pass is queued there.
  static func drainMain() {
    let drained = LockedState(false)
    DispatchQueue.main.async { drained.withLock { $0 = true } }
    while !drained.withLock({ $0 }) {
      _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.01))
    }
  }

  static func plan() throws -> CountdownPlan {
    try CountdownPlan(
      warmUp: [CountdownPhase("Warm-up", .seconds(3))],
      blocks: [.init([CountdownPhase("Work", .seconds(5)), CountdownPhase("Rest", .seconds(2))], repeated: .times(2))],
      coolDown: [CountdownPhase("Cool-down", .seconds(1))])
  }

  func testOneRegistrationWalksEveryPhaseEndInOrder() throws {
    try withManualManager { manager, clock, _ in
      var updates: [CountdownPhaseUpdate] = []
      try manager.start(id: "run", plan: Self.plan()) { _, update, _ in updates.append(update) }
      XCTAssertEqual(manager.engine.count, 1)
      XCTAssertEqual(updates.first?.position?.phase.name, "Warm-up")
      XCTAssertEqual(updates.first?.remaining, 3)
      var registrations: Set<Int> = []
      for _ in 0..<20 {
        try clock.advance(by: .seconds(1))
        registrations.insert(manager.engine.count)
      }
      let ends = updates.flatMap { $0.passedEnds?.ends ?? [] }
      XCTAssertEqual(ends.map(\.ordinal), Array(0..<6))
      XCTAssertEqual(
        updates.flatMap(\.phaseEnds).map(\.phase.name), ["Warm-up", "Work", "Rest", "Work", "Rest", "Cool-down"])
      XCTAssertEqual(ends.map(\.instant), [3, 8, 10, 15, 17, 18].map { $0 * Self.second })
      // Each end on time: delivered within the end tolerance of its instant.
      for update in updates {
        for end in (update.passedEnds?.ends ?? []) {
          XCTAssertLessThanOrEqual(update.reading.now - end.instant, 50_000_000)
        }
      }
      XCTAssertNil(updates.last?.position)
      XCTAssertTrue(updates.last?.planEnded ?? false)
      XCTAssertEqual(registrations, [1, 0])
      XCTAssertFalse(manager.contains(id: "run"))
    }
  }

  func testASuspensionAcrossThreeEndsReportsThemInOrderWithTheirLateness() throws {
    try withManualManager { manager, clock, _ in
      var updates: [CountdownPhaseUpdate] = []
      try manager.start(id: "run", plan: Self.plan()) { _, update, _ in updates.append(update) }
      try clock.advance(by: .seconds(1))
      manager.suspendTicking()
      // Away from 1 s to 12.5 s: the ends at 3, 8 and 10 s pass.
      try clock.advance(by: .milliseconds(11_500))
      updates.removeAll()
      manager.resumeTicking()
      Self.drainMain()
      let late = try XCTUnwrap(updates.first { !($0.passedEnds?.ends ?? []).isEmpty })
      XCTAssertEqual(late.passedEnds?.count, 3)
      // The window is two (the longest part's phases): the first end is in the summary, with its lateness.
      XCTAssertEqual(late.passedEnds?.summary.map { late.reading.now - $0.first }, 9_500_000_000)
      XCTAssertEqual(
        (late.passedEnds?.ends ?? []).map(\.instant).map { late.reading.now - $0 },
        [4_500, 2_500].map { $0 * 1_000_000 })
      XCTAssertEqual(late.position?.phase.name, "Work")
      XCTAssertEqual(late.position?.cycle, 1)
      XCTAssertEqual(late.position?.timeLeftInPhase, .milliseconds(2_500))
      XCTAssertEqual(manager.engine.count, 1)
    }
  }

  func testAForeverPlanAwayAWeekIsOneCallOfBoundedSize() throws {
    try withManualManager { manager, clock, _ in
      let plan = try CountdownPlan(blocks: [
        .init([CountdownPhase("On", .seconds(20)), CountdownPhase("Off", .seconds(10))], repeated: .forever)
      ])
      var updates: [CountdownPhaseUpdate] = []
      try manager.start(id: "loop", plan: plan) { _, update, _ in updates.append(update) }
      manager.suspendTicking()
      try clock.advance(by: .seconds(7 * 86_400 + 5))
      updates.removeAll()
      manager.resumeTicking()
      Self.drainMain()
      let withEnds = updates.filter { ($0.passedEnds?.count ?? 0) > 0 }
      XCTAssertEqual(withEnds.count, 1)
      XCTAssertEqual(withEnds.first?.passedEnds?.count, 7 * 86_400 / 30 * 2)
      XCTAssertEqual(withEnds.first?.passedEnds?.ends.count, 2)
      XCTAssertEqual(manager.planPosition(id: "loop", at: manager.clockNow)?.phase.name, "On")
      XCTAssertEqual(manager.engine.count, 1)
    }
  }

  func testASkippedPhaseHasNoEndAndTheNextStartsNow() throws {
    try withManualManager { manager, clock, _ in
      var updates: [CountdownPhaseUpdate] = []
      try manager.start(id: "run", plan: Self.plan()) { _, update, _ in updates.append(update) }
      try clock.advance(by: .seconds(1))
      XCTAssertTrue(manager.skipPhase(id: "run"))
      XCTAssertEqual(manager.planPosition(id: "run", at: manager.clockNow)?.phase.name, "Work")
      XCTAssertEqual(manager.planPosition(id: "run", at: manager.clockNow)?.timeLeftInPhase, .seconds(5))
      XCTAssertTrue(manager.restartPhase(id: "run"))
      try clock.advance(by: .seconds(2))
      XCTAssertTrue(manager.goToPreviousPhase(id: "run"))
      XCTAssertEqual(manager.planPosition(id: "run", at: manager.clockNow)?.phase.name, "Warm-up")
      try clock.advance(by: .seconds(3))
      let ends = updates.flatMap { $0.passedEnds?.ends ?? [] }
      // The warm-up's one end is the one gone back to, at 6 s: the skipped one at 1 s is not.
      XCTAssertEqual(ends.map(\.instant), [6 * Self.second])
      XCTAssertEqual(manager.engine.count, 1)
    }
  }

  func testNothingComesAfterACancel() throws {
    try withManualManager { manager, clock, _ in
      var calls = 0
      try manager.start(id: "run", plan: Self.plan()) { _, _, _ in calls += 1 }
      XCTAssertTrue(manager.cancel(id: "run"))
      let before = calls
      try clock.advance(by: .seconds(30))
      XCTAssertEqual(calls, before)
      XCTAssertEqual(manager.engine.count, 0)
      XCTAssertNil(manager.planPosition(id: "run", at: manager.clockNow))
    }
  }

  func testAPhaseThatPausesLeavesTheNextOneWaiting() throws {
    try withManualManager { manager, clock, _ in
      let plan = try CountdownPlan(blocks: [
        .init(
          [CountdownPhase("Work", .seconds(3)), CountdownPhase("Break", .seconds(2), pausesAfter: true)],
          repeated: .times(2))
      ])
      var ends: [String] = []
      try manager.start(id: "tomato", plan: plan) { _, update, _ in
        ends += update.phaseEnds.map(\.phase.name)
      }
      try clock.advance(by: .seconds(60))
      XCTAssertEqual(ends, ["Work", "Break"])
      XCTAssertNil(manager.planPosition(id: "tomato", at: manager.clockNow)?.phaseEndDate, "paused: no end")
      XCTAssertEqual(manager.planPosition(id: "tomato", at: manager.clockNow)?.timeLeftInPhase, .seconds(3))
      XCTAssertTrue(manager.isPaused(id: "tomato"))
      XCTAssertEqual(manager.engine.count, 1)
    }
  }

  func testAStopFlagEndsTheSequence() throws {
    try withManualManager { manager, clock, _ in
      var calls = 0
      try manager.start(id: "run", plan: Self.plan()) { _, update, stop in
        calls += 1
        if !(update.passedEnds?.ends ?? []).isEmpty { stop = true }
      }
      try clock.advance(by: .seconds(30))
      XCTAssertEqual(manager.engine.count, 0)
      XCTAssertFalse(manager.contains(id: "run"))
      XCTAssertEqual(calls, 4, "3, 2, 1 of the warm-up, then its end")
    }
  }
}

extension CountdownManager {
  /// Where `id`'s countdown in phases is at `now`, on the manager's clock, as the engine's walk
  /// says it; `nil` without one.
  func planPosition(id: String, at now: Int64) -> CountdownPhasePosition? {
    guard let token = token(for: id), let (status, sequence) = walk(of: token) else { return nil }
    return CountdownPhasePosition(SegmentCursor(status), at: now, in: sequence.plan.layout, wallNow: Date())
  }
}
