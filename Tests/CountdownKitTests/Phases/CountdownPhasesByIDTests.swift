import CountdownCore
import CountdownTestSupport
import Foundation
import XCTest

@testable import CountdownKit

/// The public countdown in phases of an id, on the manual clock: what a handler is given, and the
/// manager's own operations on the id (pause, resume, time added, cancel, a new start) acting on the
/// sequence, so that its ends stay where the plan says.
final class CountdownPhasesByIDTests: XCTestCase {
  /// Warm-up 3 s, then Work 5 s / Rest 2 s twice, then Cool-down 1 s: ends at 3, 8, 10, 15, 17, 18 s.
  static func plan() throws -> CountdownPlan {
    try PhaseSequenceTests.plan()
  }

  func testTheHandlerIsGivenThePositionEachEndOnceInOrderAndThePlanEnd() throws {
    try withManualManager { manager, clock, wall in
      var updates: [CountdownPhaseUpdate] = []
      try manager.start(id: "run", plan: Self.plan()) { _, update, _ in updates.append(update) }
      let first = try XCTUnwrap(updates.first?.position)
      XCTAssertEqual(first.phase.name, "Warm-up")
      XCTAssertEqual(first.nextPhase?.name, "Work")
      XCTAssertEqual([first.ordinal, first.phaseIndex, first.cycle], [0, 0, 0])
      XCTAssertEqual(first.timeLeftInPhase, .seconds(3))
      XCTAssertEqual(first.timeLeftInPlan, .seconds(18))
      XCTAssertEqual(first.phaseEndDate, wall.now + 3)
      XCTAssertEqual(first.planEndDate, wall.now + 18)
      XCTAssertFalse(first.isPaused)
      for _ in 0..<20 { try clock.advance(by: .seconds(1)) }
      let ends = updates.flatMap(\.phaseEnds)
      XCTAssertEqual(ends.map(\.phase.name), ["Warm-up", "Work", "Rest", "Work", "Rest", "Cool-down"])
      XCTAssertEqual(ends.map(\.ordinal), Array(0..<6))
      XCTAssertEqual(ends.map(\.cycle), [0, 0, 0, 1, 1, 0])
      XCTAssertEqual(ends.map(\.phaseIndex), [0, 0, 1, 0, 1, 0])
      for end in ends { XCTAssertLessThanOrEqual(end.lateness, .milliseconds(50)) }
      // The second cycle's work, as its first call shows it.
      let secondWork = try XCTUnwrap(updates.first { $0.phaseEnds.last?.ordinal == 2 }?.position)
      XCTAssertEqual([secondWork.ordinal, secondWork.phaseIndex, secondWork.cycle], [3, 0, 1])
      XCTAssertEqual(secondWork.timeLeftInPlan, .seconds(8))
      XCTAssertEqual(updates.filter(\.planEnded).count, 1)
      XCTAssertTrue(updates.last?.planEnded ?? false)
      XCTAssertNil(updates.last?.position)
      XCTAssertFalse(manager.contains(id: "run"))
      XCTAssertNil(manager.phasePosition(id: "run"))
    }
  }

  func testPauseByIDFreezesThePhaseAndResumeContinuesItWithTheLaterEndsMoved() throws {
    try withManualManager { manager, clock, _ in
      var ends: [(String, Duration)] = []
      var values: [Int] = []
      try manager.start(id: "run", plan: Self.plan()) { _, update, _ in
        ends += update.phaseEnds.map { ($0.phase.name, $0.lateness) }
        values.append(update.remaining)
      }
      try clock.advance(by: .seconds(1))
      XCTAssertTrue(manager.pause(id: "run"))
      XCTAssertTrue(manager.isPaused(id: "run"))
      XCTAssertEqual(manager.phasePosition(id: "run")?.isPaused, true)
      XCTAssertEqual(manager.phasePosition(id: "run")?.timeLeftInPhase, .seconds(2))
      try clock.advance(by: .seconds(10))
      XCTAssertTrue(ends.isEmpty, "a paused phase does not end")
      XCTAssertTrue(manager.resume(id: "run"))
      XCTAssertFalse(manager.isPaused(id: "run"))
      XCTAssertEqual(manager.phasePosition(id: "run")?.timeLeftInPlan, .seconds(17))
      // Resumed at 11 s with 2 s left: the warm-up ends at 13 s, the work at 18 s, nothing else.
      try clock.advance(by: .seconds(2))
      XCTAssertEqual(ends.map(\.0), ["Warm-up"])
      try clock.advance(by: .seconds(5))
      XCTAssertEqual(ends.map(\.0), ["Warm-up", "Work"])
      for (_, lateness) in ends { XCTAssertLessThanOrEqual(lateness, .milliseconds(50)) }
      XCTAssertEqual(manager.phasePosition(id: "run")?.phase.name, "Rest")
      XCTAssertEqual(manager.engine.count, 1)
    }
  }

  func testTimeAddedByIDMovesThePhaseEndAndEveryLaterOne() throws {
    try withManualManager { manager, clock, _ in
      var ends: [String] = []
      try manager.start(id: "run", plan: Self.plan()) { _, update, _ in ends += update.phaseEnds.map(\.phase.name) }
      XCTAssertTrue(try manager.addTime(.seconds(4), id: "run"))
      XCTAssertEqual(manager.phasePosition(id: "run")?.timeLeftInPhase, .seconds(7))
      XCTAssertEqual(manager.timeLeft(id: "run"), .seconds(7))
      try clock.advance(by: .seconds(6))
      XCTAssertEqual(ends, [])
      try clock.advance(by: .seconds(1))
      XCTAssertEqual(ends, ["Warm-up"])
      // Time taken past the phase's end ends it now, the next phase from now.
      XCTAssertTrue(try manager.addTime(.seconds(-30), id: "run"))
      try clock.advance(by: .milliseconds(10))
      XCTAssertEqual(ends, ["Warm-up", "Work"])
      XCTAssertEqual(manager.phasePosition(id: "run")?.phase.name, "Rest")
      XCTAssertEqual(manager.phasePosition(id: "run")?.timeLeftInPhase, .seconds(2) - .milliseconds(10))
      XCTAssertEqual(manager.engine.count, 1)
    }
  }

  /// Asserts that the countdown in phases of "run" waits, paused, in `phase`, with `left` of it.
  static func assertWaitsPaused(
    _ manager: CountdownManager, in phase: String, with left: Duration, line: UInt = #line
  ) throws {
    let position = try XCTUnwrap(manager.phasePosition(id: "run"), line: line)
    XCTAssertEqual(position.phase.name, phase, line: line)
    XCTAssertTrue(position.isPaused, line: line)
    XCTAssertEqual(position.timeLeftInPhase, left, line: line)
  }

  func testTimeTakenFromAPausedPhaseDownToNothingEndsItAndTheNextOneWaits() throws {
    try withManualManager { manager, clock, _ in
      var ends: [String] = []
      try manager.start(id: "run", plan: Self.plan()) { _, update, _ in ends += update.phaseEnds.map(\.phase.name) }
      XCTAssertTrue(manager.pause(id: "run"))
      XCTAssertTrue(try manager.addTime(.seconds(-5), id: "run"))
      try clock.advance(by: .seconds(1))
      XCTAssertEqual(ends, ["Warm-up"])
      try Self.assertWaitsPaused(manager, in: "Work", with: .seconds(5))
      try clock.advance(by: .seconds(30))
      XCTAssertEqual(ends, ["Warm-up"])
      XCTAssertTrue(manager.resume(id: "run"))
      try clock.advance(by: .seconds(5))
      XCTAssertEqual(ends, ["Warm-up", "Work"])
    }
  }

  /// The same from inside the call of the end that paused the plan after its phase (inside the
  /// manager's pass): the paused phase ends at the call, and the next one waits.
  func testTimeTakenDownToNothingFromInsideTheEndCallThatPausedThePlanEndsThePhase() throws {
    try withManualManager { manager, clock, _ in
      let plan = try CountdownPlan(
        warmUp: [CountdownPhase("Warm-up", .seconds(1), pausesAfter: true), CountdownPhase("Work", .seconds(1))],
        blocks: [], coolDown: [CountdownPhase("Cool-down", .seconds(3))])
      var ends: [String] = []
      var taken: Bool?
      try manager.start(id: "run", plan: plan) { _, update, _ in
        ends += update.phaseEnds.map(\.phase.name)
        if update.phaseEnds.map(\.phase.name) == ["Warm-up"] {
          XCTAssertEqual(update.position?.isPaused, true)
          taken = try? manager.addTime(.seconds(-2), id: "run")
        }
      }
      try clock.advance(by: .seconds(1))
      XCTAssertEqual(taken, true)
      XCTAssertEqual(ends, ["Warm-up", "Work"])
      try Self.assertWaitsPaused(manager, in: "Cool-down", with: .seconds(3))
    }
  }

  /// The same from another thread: the end comes on the main queue's next turn, and the next
  /// phase waits, paused.
  func testTimeTakenDownToNothingFromAPausedPhaseOnAnotherThreadEndsItAndTheNextOneWaits() throws {
    try withManualManager { manager, _, _ in
      var ends: [String] = []
      try manager.start(id: "run", plan: Self.plan()) { _, update, _ in ends += update.phaseEnds.map(\.phase.name) }
      XCTAssertTrue(manager.pause(id: "run"))
      let taken = LockedState<Bool?>(nil)
      let done = DispatchSemaphore(value: 0)
      DispatchQueue.global().async {
        taken.withLock { $0 = try? manager.addTime(.seconds(-5), id: "run") }
        done.signal()
      }
      done.wait()
      XCTAssertEqual(taken.withLock { $0 }, true)
      PhaseSequenceTests.drainMain()
      XCTAssertEqual(ends, ["Warm-up"])
      try Self.assertWaitsPaused(manager, in: "Work", with: .seconds(5))
    }
  }

  func testNothingComesAfterACancelFromTheHandlerNorAfterANewStartReplacesTheSequence() throws {
    try withManualManager { manager, clock, _ in
      var calls = 0
      try manager.start(id: "run", plan: Self.plan()) { id, update, _ in
        calls += 1
        if !update.phaseEnds.isEmpty { manager.cancel(id: id) }
      }
      try clock.advance(by: .seconds(30))
      XCTAssertEqual(calls, 4, "3, 2, 1 of the warm-up, then its end, which cancels")
      XCTAssertEqual(manager.engine.count, 0)
      // A plain start replaces a sequence: the sequence calls nothing more, at its ends either.
      var sequenceCalls = 0
      try manager.start(id: "run", plan: Self.plan()) { _, _, _ in sequenceCalls += 1 }
      var plain: [Int] = []
      try manager.start(id: "run", for: .seconds(2)) { _, remaining, _ in plain.append(remaining) }
      let before = sequenceCalls
      try clock.advance(by: .seconds(30))
      XCTAssertEqual(sequenceCalls, before)
      XCTAssertEqual(plain, [2, 1, 0])
      XCTAssertNil(manager.phasePosition(id: "run"))
      XCTAssertFalse(manager.skipPhase(id: "run"), "a single countdown has no phases")
      XCTAssertEqual(manager.engine.count, 0)
    }
  }

  func testASequenceStartedAgainReplacesTheOldOneWhoseEndsNoLongerCome() throws {
    try withManualManager { manager, clock, _ in
      var old = 0
      try manager.start(id: "run", plan: Self.plan()) { _, _, _ in old += 1 }
      try clock.advance(by: .seconds(2))
      var ends: [Duration] = []
      try manager.start(id: "run", plan: Self.plan()) { _, update, _ in
        ends += update.phaseEnds.map { _ in manager.phasePosition(id: "run")?.timeLeftInPhase ?? .zero }
      }
      let before = old
      try clock.advance(by: .seconds(3))
      XCTAssertEqual(old, before)
      XCTAssertEqual(ends.count, 1, "the new warm-up ends 3 s after its start")
      XCTAssertEqual(manager.engine.count, 1)
    }
  }

  func testOnAJitteredClockEveryEndComesOnceInOrder() throws {
    try MainActor.assumeIsolated {
      let jitter = ManualClockJitter(
        late: .milliseconds(300), early: .milliseconds(300), drift: .microseconds(50), seed: 11)
      let clock = try ManualCountdownClock(jitter: jitter)
      let manager = try CountdownManager(clock: clock)
      defer { manager.cancelAll() }
      var ends: [Int] = []
      var lateness: [Duration] = []
      var planEnded = 0
      try manager.start(id: "run", plan: Self.plan()) { _, update, _ in
        ends += update.phaseEnds.map(\.ordinal)
        lateness += update.phaseEnds.map(\.lateness)
        if update.planEnded { planEnded += 1 }
      }
      for _ in 0..<100 { try clock.advance(by: .milliseconds(250)) }
      XCTAssertEqual(ends, Array(0..<6))
      XCTAssertEqual(planEnded, 1)
      for late in lateness { XCTAssertLessThan(late, .milliseconds(700)) }
      XCTAssertEqual(manager.engine.count, 0)
    }
  }

  func testASuspensionAcrossSeveralEndsDeliversThemInOneCallWithTheirLateness() throws {
    try withManualManager { manager, clock, wall in
      var updates: [CountdownPhaseUpdate] = []
      try manager.start(id: "run", plan: Self.plan()) { _, update, _ in updates.append(update) }
      try clock.advance(by: .seconds(1))
      manager.suspendTicking()
      // Away from 1 s to 16 s: the ends at 3, 8, 10 and 15 s pass.
      try clock.advance(by: .seconds(15))
      updates.removeAll()
      manager.resumeTicking()
      PhaseSequenceTests.drainMain()
      let late = try XCTUnwrap(updates.first { !$0.phaseEnds.isEmpty })
      XCTAssertEqual(updates.filter { !$0.phaseEnds.isEmpty }.count, 1)
      // The window is two ends: the older two are summed up.
      XCTAssertEqual(late.earlierPhaseEnds?.ordinals, 0..<2)
      XCTAssertEqual(late.earlierPhaseEnds?.lateness, .seconds(13))
      XCTAssertEqual(late.earlierPhaseEnds?.lastDate, wall.now - 8)
      XCTAssertEqual(late.phaseEnds.map(\.phase.name), ["Rest", "Work"])
      XCTAssertEqual(late.phaseEnds.map(\.lateness), [.seconds(6), .seconds(1)])
      XCTAssertEqual(late.position?.phase.name, "Rest")
      XCTAssertEqual(late.position?.cycle, 1)
      XCTAssertEqual(late.position?.timeLeftInPhase, .seconds(1))
      XCTAssertEqual(late.position?.phaseEndDate, wall.now + 1)
      updates.removeAll()
      try clock.advance(by: .seconds(3))
      XCTAssertEqual(updates.flatMap(\.phaseEnds).map(\.phase.name), ["Rest", "Cool-down"])
      XCTAssertEqual(updates.filter(\.planEnded).count, 1)
    }
  }

  func testSkipRestartAndGoingBackMoveThroughThePlanWithoutAnEnd() throws {
    try withManualManager { manager, clock, _ in
      var ends: [String] = []
      try manager.start(id: "run", plan: Self.plan()) { _, update, _ in ends += update.phaseEnds.map(\.phase.name) }
      XCTAssertTrue(manager.skipPhase(id: "run"))
      XCTAssertEqual(manager.phasePosition(id: "run")?.phase.name, "Work")
      try clock.advance(by: .seconds(2))
      XCTAssertTrue(manager.restartPhase(id: "run"))
      XCTAssertEqual(manager.phasePosition(id: "run")?.timeLeftInPhase, .seconds(5))
      XCTAssertTrue(manager.goToPreviousPhase(id: "run"))
      XCTAssertEqual(manager.phasePosition(id: "run")?.phase.name, "Warm-up")
      XCTAssertTrue(manager.pause(id: "run"))
      XCTAssertTrue(manager.skipPhase(id: "run"))
      XCTAssertEqual(manager.phasePosition(id: "run")?.isPaused, true, "skipped while paused: the next waits")
      try clock.advance(by: .seconds(10))
      XCTAssertEqual(ends, [])
      XCTAssertTrue(manager.resume(id: "run"))
      try clock.advance(by: .seconds(5))
      XCTAssertEqual(ends, ["Work"])
      XCTAssertFalse(manager.skipPhase(id: "nothing"))
    }
  }

  /// The dates of an id's countdown in phases span the current phase from its start, as a single
  /// countdown's span it from its start: read in the middle of a phase, the range still begins
  /// where the phase began, and the id's and the receiver's forms agree.
  func testTimerDatesOfAnIDSpanThePhaseFromItsStart() throws {
    try withManualManager { manager, clock, wall in
      let receiver = NSObject()
      try manager.start(id: "run", plan: Self.plan()) { _, _, _ in }
      try manager.start(receiver, plan: Self.plan()) { _, _, _ in }
      defer { manager.cancel(receiver) }
      try clock.advance(by: .seconds(5))
      wall.jump(by: 5)
      // The work began at 3 s and ends at 8 s: read at 5 s, its range is 3 s to 8 s.
      let dates = try XCTUnwrap(manager.timerDates(id: "run"))
      XCTAssertEqual(dates.timerInterval.upperBound, wall.now + 3)
      XCTAssertEqual(
        dates.timerInterval.lowerBound, wall.now - 2,
        "the range begins where the phase began, not now (\(dates.timerInterval.lowerBound), now \(wall.now))")
      XCTAssertFalse(dates.isFrozen)
      XCTAssertEqual(manager.timerDates(id: "run"), manager.timerDates(for: receiver), "the same phase, the same dates")
    }
  }

  func testASnapshotLeavesACountdownInPhasesOut() throws {
    try withManualManager { manager, _, _ in
      try manager.start(id: "run", plan: Self.plan()) { _, _, _ in }
      try manager.start(id: "tea", for: .seconds(180)) { _, _, _ in }
      XCTAssertEqual(manager.snapshot(of: String.self).entries.map(\.id), ["tea"])
    }
  }

  /// A phase that waits after one that pauses the plan is frozen at its full length in the
  /// registration too, on a clock whose reads move time (as a real one's do between two readings):
  /// `timeLeft(id:)` and `timerDates(id:)` say what `phasePosition(id:)` says.
  func testAPhaseWaitingAfterAPausingOneIsFrozenAtItsFullLengthEverywhere() throws {
    try MainActor.assumeIsolated {
      let clock = try ManualCountdownClock(jitter: .init(drift: .microseconds(50), seed: 7))
      let manager = try CountdownManager(interval: .seconds(1), clock: clock)
      defer { manager.cancelAll() }
      let plan = try CountdownPlan(coolDown: [
        CountdownPhase("Work", .seconds(2), pausesAfter: true), CountdownPhase("Rest", .seconds(3)),
      ])
      try manager.start(id: "run", plan: plan) { _, _, _ in }
      try clock.advance(by: .seconds(2))
      XCTAssertEqual(manager.phasePosition(id: "run")?.phase.name, "Rest")
      XCTAssertEqual(manager.phasePosition(id: "run")?.timeLeftInPhase, .seconds(3))
      XCTAssertEqual(manager.timeLeft(id: "run"), .seconds(3))
      let dates = try XCTUnwrap(manager.timerDates(id: "run"))
      XCTAssertTrue(dates.isFrozen)
    }
  }
}
