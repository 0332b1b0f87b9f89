import CountdownCore
import CountdownTestSupport
import Dispatch
import Foundation
import XCTest

@testable import CountdownKit

/// A countdown in phases is one countdown: the promises a single countdown keeps, a plan keeps too
/// (one call per change, nothing after a cancel), and its operations, dates and reads say what the
/// plan does at the instant they are made.
final class PhasesInTheEngineTests: XCTestCase {
  /// Warm-up 3 s, then Work 5 s / Rest 2 s twice, then Cool-down 1 s: ends at 3, 8, 10, 15, 17, 18 s.
  static func plan() throws -> CountdownPlan {
    try PhaseSequenceTests.plan()
  }

  /// What a handler saw, a line a call: the phase's ordinal (or "end"), its value, the ends it
  /// told, and "paused" while paused.
  @MainActor
  final class Calls {
    var lines: [String] = []

    func record(_ update: CountdownPhaseUpdate) {
      var line = update.position.map { "#\($0.ordinal)" } ?? "end"
      line += " \(update.remaining)"
      if !update.phaseEnds.isEmpty { line += " ends \(update.phaseEnds.map(\.ordinal))" }
      if update.position?.isPaused == true { line += " paused" }
      if update.pausedAfterPhase { line += " pausedAfterPhase" }
      lines.append(line)
    }
  }

  func testEachPhaseEndIsOneCall() throws {
    try withManualManager { manager, clock, _ in
      let calls = Calls()
      try manager.start(id: "run", plan: Self.plan()) { _, update, _ in calls.record(update) }
      for _ in 0..<4 { try clock.advance(by: .seconds(1)) }
      XCTAssertEqual(
        calls.lines, ["#0 3", "#0 2", "#0 1", "#1 5 ends [0]", "#1 4"], "one call for the end, none beside")
    }
  }

  func testAResumeAndAReturnFromASuspensionAcrossAnEndAreOneCallEach() throws {
    try withManualManager { manager, clock, _ in
      let calls = Calls()
      try manager.start(id: "run", plan: Self.plan()) { _, update, _ in calls.record(update) }
      manager.suspendTicking()
      try clock.advance(by: .seconds(4))
      calls.lines = []
      manager.resumeTicking()
      drainMainQueue()
      XCTAssertEqual(calls.lines, ["#1 4 ends [0]"])
      manager.pause(id: "run")
      try clock.advance(by: .seconds(10))
      calls.lines = []
      manager.resume(id: "run")
      XCTAssertEqual(calls.lines, ["#1 4"], "the resume is one call")
    }
  }

  func testARestoreAfterAnEndIsOneCall() throws {
    try withManualManager { manager, clock, wall in
      try manager.start(id: "run", plan: Self.plan()) { _, _, _ in }
      try clock.advance(by: .seconds(1))
      wall.jump(by: 1)
      let snapshot = manager.snapshot(of: String.self)
      manager.cancelAll()
      // Away 3 s: the warm-up's end passed meanwhile.
      try clock.advance(by: .seconds(3))
      wall.jump(by: 3)
      let calls = Calls()
      try manager.restore(snapshot, { _, _, _ in }, phases: { _, update, _ in calls.record(update) })
      XCTAssertEqual(calls.lines, ["#1 4 ends [0]"])
    }
  }

  func testSkipRestartAndBackOnAPausedPlanAreToldAtOncePaused() throws {
    try withManualManager { manager, clock, _ in
      let calls = Calls()
      try manager.start(id: "run", plan: Self.plan()) { _, update, _ in calls.record(update) }
      try clock.advance(by: .seconds(1))
      XCTAssertTrue(manager.pause(id: "run"))
      calls.lines = []
      XCTAssertTrue(manager.skipPhase(id: "run"))
      XCTAssertEqual(calls.lines, ["#1 5 paused"])
      XCTAssertTrue(manager.goToPreviousPhase(id: "run"))
      XCTAssertEqual(calls.lines.last, "#0 3 paused")
      XCTAssertTrue(manager.restartPhase(id: "run"))
      XCTAssertEqual(calls.lines.last, "#0 3 paused")
      XCTAssertEqual(calls.lines.count, 3, "one call per move")
      XCTAssertEqual(manager.phasePosition(id: "run")?.isPaused, true)
    }
  }

  func testAMoveOfAPlanWaitingAfterAPhaseThatPausesIsToldPaused() throws {
    try withManualManager { manager, clock, _ in
      let plan = try CountdownPlan(blocks: [
        .init([CountdownPhase("Focus", .seconds(3), pausesAfter: true), CountdownPhase("Break", .seconds(2))])
      ])
      let calls = Calls()
      try manager.start(id: "tomato", plan: plan) { _, update, _ in calls.record(update) }
      try clock.advance(by: .seconds(3))
      XCTAssertEqual(calls.lines.last, "#1 2 ends [0] paused pausedAfterPhase")
      XCTAssertTrue(manager.goToPreviousPhase(id: "tomato"))
      XCTAssertEqual(calls.lines.last, "#0 3 paused")
    }
  }

  func testALastPhaseThatPausesAfterItEndsThePlanWithNoRoundToStart() throws {
    try withManualManager { manager, clock, _ in
      let plan = try CountdownPlan(blocks: [
        .init([CountdownPhase("Focus", .seconds(2)), CountdownPhase("Break", .seconds(1), pausesAfter: true)])
      ])
      let calls = Calls()
      try manager.start(id: "tomato", plan: plan) { _, update, _ in calls.record(update) }
      try clock.advance(by: .seconds(3))
      XCTAssertEqual(calls.lines.last, "end 0 ends [1]", "the plan's end: nothing paused after it")
      XCTAssertFalse(manager.contains(id: "tomato"))
    }
  }

  func testThePositionDuringASuspensionIsWhereThePlanIsNow() throws {
    try withManualManager { manager, clock, _ in
      try manager.start(id: "run", plan: Self.plan()) { _, _, _ in }
      manager.suspendTicking()
      try clock.advance(by: .seconds(4))
      let position = try XCTUnwrap(manager.phasePosition(id: "run"))
      XCTAssertEqual(position.ordinal, 1, "Work, not the warm-up at 0:00")
      XCTAssertEqual(position.timeLeftInPhase, .seconds(4))
      manager.resumeTicking()
    }
  }

  /// `timeLeft` of a plan, by id and by receiver, and a model's value read on return, say the time
  /// left in the phase the plan is in at that instant, as `phasePosition` does: not 0 at an end
  /// that passed while no pass ran to tell it.
  func testTimeLeftDuringASuspensionIsThePhaseThePlanIsIn() throws {
    final class Label: Sendable {}
    try withManualManager { manager, clock, _ in
      let label = Label()
      try manager.start(id: "run", plan: Self.plan()) { _, _, _ in }
      try manager.start(label, plan: Self.plan()) { _, _, _ in }
      manager.suspendTicking()
      try clock.advance(by: .seconds(4))
      XCTAssertEqual(manager.timeLeft(id: "run"), .seconds(4), "Work's 4 s, not the warm-up's 0")
      XCTAssertEqual(manager.timeLeft(for: label), .seconds(4))
      try clock.advance(by: .seconds(5))
      XCTAssertEqual(manager.timeLeft(id: "run"), .seconds(1), "Rest's 1 s, two ends on")
      manager.resumeTicking()
      drainMainQueue()
      XCTAssertEqual(manager.timeLeft(for: label), .seconds(1))
    }
  }

  func testAPhasesDatesKeepItsStartThroughTimeAddedAndTaken() throws {
    try withManualManager { manager, clock, wall in
      try manager.start(id: "run", plan: Self.plan()) { _, _, _ in }
      try clock.advance(by: .seconds(1))
      wall.jump(by: 1)
      try manager.addTime(.seconds(10), id: "run")
      var dates = try XCTUnwrap(manager.timerDates(id: "run"))
      XCTAssertEqual(dates.timerInterval.lowerBound, wall.now - 1, "the warm-up began a second ago")
      XCTAssertEqual(dates.timerInterval.upperBound, wall.now + 12)
      try manager.addTime(.seconds(-5), id: "run")
      dates = try XCTUnwrap(manager.timerDates(id: "run"))
      XCTAssertEqual(dates.timerInterval.lowerBound, wall.now - 1)
      XCTAssertEqual(dates.timerInterval.upperBound, wall.now + 7)
    }
  }

  func testRestoringAPlansEntryAsASingleCountdownThrows() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("Observation") }
    try withManualManager { manager, _, _ in
      try manager.start(id: "run", plan: Self.plan()) { _, _, _ in }
      let snapshot = manager.snapshot(of: String.self)
      XCTAssertThrowsError(try manager.countdown(restoring: snapshot, id: "run")) {
        XCTAssertEqual(($0 as? CountdownSnapshotError)?.kind, .unsupportedEntry)
      }
    }
  }

  func testSkippingTheLastPhaseOfAModelLeavesNoEndComing() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("Observation") }
    try withManualManager { manager, _, wall in
      let model = try manager.countdown(plan: CountdownPlan(coolDown: [CountdownPhase("Last", .seconds(60))]))
      XCTAssertNotNil(model.endDate)
      XCTAssertTrue(model.skipPhase())
      XCTAssertNil(model.endDate, "no end is coming")
      XCTAssertEqual(model.timerInterval, wall.now...wall.now)
    }
  }

  /// 300 plans that walk forever on a real 10 ms manager, each cancelled by id from a global queue
  /// while it runs: every cancel finds its plan, and no call comes after it returns. A call that
  /// passed its check before the cancel returned may still run to its end: an id counts as sealed
  /// once its cancel returned and the main queue (where the calls run) finished what it was doing.
  func testNothingAfterACancelOnARealClock() throws {
    try XCTSkipUnless(ProcessInfo.processInfo.environment["COUNTDOWN_SLOW_TESTS"] == "1", "real timers: slow tests")
    try MainActor.assumeIsolated {
      let manager = try CountdownManager(interval: .milliseconds(10))
      defer { manager.cancelAll() }
      let plan = try CountdownPlan(blocks: [
        .init([CountdownPhase("On", .milliseconds(50)), CountdownPhase("Off", .milliseconds(30))], repeated: .forever)
      ])
      let cancelled = LockedState<Set<Int>>([])
      let late = LockedState(0)
      for id in 0..<300 {
        try manager.start(id: id, plan: plan) { id, _, _ in
          if cancelled.withLock({ $0.contains(id) }) { late.withLock { $0 += 1 } }
        }
      }
      let refused = LockedState(0)
      let done = DispatchSemaphore(value: 0)
      DispatchQueue.global().async {
        for id in 0..<300 {
          usleep(1_000)
          if !manager.cancel(id: id) { refused.withLock { $0 += 1 } }
          // Any call under way when the cancel returned has ended once the main queue turns: one
          // that begins after that is late.
          DispatchQueue.main.sync {}
          cancelled.withLock { _ = $0.insert(id) }
        }
        done.signal()
      }
      while done.wait(timeout: .now()) == .timedOut {
        _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.005))
      }
      drainMainQueue()
      XCTAssertEqual(refused.withLock { $0 }, 0, "every cancel found its running plan")
      XCTAssertEqual(late.withLock { $0 }, 0, "calls after a cancel returned")
      XCTAssertEqual(manager.engine.count, 0)
    }
  }

  func testASeekMovesToAPhaseAndAnOffsetWithOneCall() throws {
    try withManualManager { manager, _, _ in
      let calls = Calls()
      try manager.start(id: "run", plan: Self.plan()) { _, update, _ in calls.record(update) }
      XCTAssertTrue(try manager.seekPhase(id: "run", to: 3, offset: .seconds(2)))
      XCTAssertEqual(calls.lines, ["#0 3", "#3 3"], "Work of the second cycle, 2 s in, told once")
      XCTAssertThrowsError(try manager.seekPhase(id: "run", to: 3, offset: .seconds(5))) {
        XCTAssertEqual($0 as? CountdownError, .outOfRange)
      }
      XCTAssertThrowsError(try manager.seekPhase(id: "run", to: 0, offset: .seconds(-1))) {
        XCTAssertEqual($0 as? CountdownError, .negativeDuration)
      }
      XCTAssertEqual(manager.phasePosition(id: "run")?.ordinal, 3, "a refused seek changes nothing")
      XCTAssertFalse(try manager.seekPhase(id: "none", to: 0))
      XCTAssertTrue(try manager.seekPhase(id: "run", to: 6))
      XCTAssertFalse(manager.contains(id: "run"), "past the last phase, the plan ends as a cancel ends it")
      XCTAssertEqual(calls.lines.count, 2)
    }
  }

  /// A move past the last phase, made while ends that passed during a suspension were not told
  /// yet, loses none of them: the call that ends the plan tells them, at once, and the followers
  /// hear the plan's end as a run-out.
  func testAMovePastTheLastPhaseTellsTheEndsPassedBeforeItInTheCallThatEndsThePlan() throws {
    try withManualManager { manager, clock, _ in
      let calls = Calls()
      let heard = LockedState<[String]>([])
      let key = manager.addIDObserver({ _, ended in heard.withLock { $0.append(ended ? "ran out" : "change") } })
      defer { manager.removeIDObserver(key) }
      try manager.start(id: "run", plan: Self.plan()) { _, update, _ in calls.record(update) }
      manager.suspendTicking()
      // The warm-up's end at 3 s and Work's at 8 s pass untold.
      try clock.advance(by: .seconds(9))
      XCTAssertEqual(calls.lines, ["#0 3"])
      XCTAssertTrue(try manager.seekPhase(id: "run", to: 6))
      XCTAssertEqual(calls.lines, ["#0 3", "end 0 ends [0, 1]"], "the passed ends, with the plan's end")
      XCTAssertTrue(heard.withLock { $0 }.contains("ran out"), "the plan's end heard as a run-out")
      XCTAssertFalse(manager.contains(id: "run"))
      manager.resumeTicking()
      drainMainQueue()
      XCTAssertEqual(calls.lines.count, 2, "nothing after the plan's end")
    }
  }

  func testAnEndSaysWhichPhaseComesNext() throws {
    try withManualManager { manager, clock, _ in
      var next: [String?] = []
      try manager.start(id: "run", plan: Self.plan()) { _, update, _ in
        next += update.phaseEnds.map { $0.nextPhase?.name }
      }
      try clock.advance(by: .seconds(18))
      XCTAssertEqual(next, ["Work", "Rest", "Work", "Rest", "Cool-down", nil])
    }
  }

  func testAModelRestartedWithAPlanForgetsThePreviousPlansEnds() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("Observation") }
    try withManualManager { manager, clock, _ in
      let model = try manager.countdown(plan: Self.plan())
      try clock.advance(by: .seconds(3))
      XCTAssertEqual(model.lastPhaseEnds.map(\.ordinal), [0])
      try model.restart(plan: Self.plan())
      XCTAssertEqual(model.lastPhaseEnds, [], "the new plan has passed no end")
      XCTAssertNil(model.earlierPhaseEnds)
      XCTAssertEqual(model.ordinal, 0)
      XCTAssertEqual(model.cycleCount, 1, "in the warm-up")
      model.skipPhase()
      XCTAssertEqual(model.cycleCount, 2)
    }
  }
  /// A position counts its block's cycles: "round 2 of 2" from the position alone, 1 in the
  /// warm-up and the cool-down, the cycles a block repeated for a total begins (the last one cut
  /// short), and none for a block that repeats forever.
  func testAPositionSaysHowManyCyclesItsBlockRuns() throws {
    try withManualManager { manager, clock, _ in
      try manager.start(id: "run", plan: Self.plan()) { _, _, _ in }
      var rounds: [String] = []
      for _ in 0..<6 {
        let position = try XCTUnwrap(manager.phasePosition(id: "run"))
        rounds.append("\(position.phase.name) \(position.cycle + 1)/\(position.cycleCount.map(String.init) ?? "∞")")
        manager.skipPhase(id: "run")
      }
      XCTAssertEqual(rounds, ["Warm-up 1/1", "Work 1/2", "Rest 1/2", "Work 2/2", "Rest 2/2", "Cool-down 1/1"])

      let work = [CountdownPhase("Work", .seconds(5)), CountdownPhase("Rest", .seconds(2))]
      // Cycles begin at 0, 7 and 14 s of 15 s: the third is cut to 1 s of work.
      try manager.start(id: "lasting", plan: CountdownPlan(blocks: [.init(work, repeated: .lasting(.seconds(15)))])) {
        _, _, _ in
      }
      XCTAssertEqual(manager.phasePosition(id: "lasting")?.cycleCount, 3)
      try manager.start(id: "forever", plan: CountdownPlan(blocks: [.init(work, repeated: .forever)])) { _, _, _ in }
      try clock.advance(by: .seconds(1))
      XCTAssertNotNil(manager.phasePosition(id: "forever"))
      XCTAssertNil(manager.phasePosition(id: "forever")?.cycleCount)
    }
  }
}
