import CountdownCore
import CountdownTestSupport
import Foundation
import XCTest

@testable import CountdownKit

/// A countdown in phases started with `whileSuspended: .pauses`, on the manual clock: the plan
/// freezes while the manager is suspended as a single such countdown does, so after a suspension
/// the phase has the time left it had before it, no end comes for the frozen span, and every later
/// end moves with it; the id's operations made inside or after a suspension act on that time.
final class PhasesFrozenWhileSuspendedTests: XCTestCase {
  /// Warm-up 3 s, then Work 5 s / Rest 2 s twice, then Cool-down 1 s: ends at 3, 8, 10, 15, 17, 18 s.
  static func plan() throws -> CountdownPlan {
    try PhaseSequenceTests.plan()
  }

  func testASuspensionAcrossAPhaseEndFreezesThePhaseAndMovesEveryLaterEnd() throws {
    try withManualManager { manager, clock, wall in
      var updates: [CountdownPhaseUpdate] = []
      try manager.start(id: "run", plan: Self.plan(), whileSuspended: .pauses) { _, update, _ in
        updates.append(update)
      }
      try clock.advance(by: .seconds(1))
      manager.suspendTicking()
      // Away from 1 s to 11 s: the warm-up's end at 3 s and the work's at 8 s would have passed.
      try clock.advance(by: .seconds(10))
      XCTAssertEqual(manager.phasePosition(id: "run")?.timeLeftInPhase, .seconds(2), "frozen while suspended")
      XCTAssertEqual(manager.timeLeft(id: "run"), .seconds(2))
      manager.resumeTicking()
      PhaseSequenceTests.drainMain()
      XCTAssertEqual(updates.flatMap(\.phaseEnds).count, 0, "no end for the frozen span")
      let position = try XCTUnwrap(manager.phasePosition(id: "run"))
      XCTAssertEqual(position.phase.name, "Warm-up")
      XCTAssertEqual(position.timeLeftInPhase, .seconds(2))
      XCTAssertEqual(position.timeLeftInPlan, .seconds(17))
      XCTAssertEqual(position.phaseEndDate, wall.now + 2)
      XCTAssertEqual(position.planEndDate, wall.now + 17)
      XCTAssertEqual(updates.last?.position?.timeLeftInPhase, .seconds(2), "the resume's call says so too")
      XCTAssertEqual(updates.last?.remaining, 2)
      // Every end 10 s later than the plan started would have it: at 13, 18, 20, 25, 27, 28 s.
      var endsAt: [String: Duration] = [:]
      var elapsed = Duration.seconds(11)
      while elapsed < .seconds(30) {
        let before = updates.count
        try clock.advance(by: .seconds(1))
        elapsed += .seconds(1)
        for end in updates[before...].flatMap(\.phaseEnds) {
          XCTAssertNil(endsAt[end.phase.name + "\(end.ordinal)"], "each end once")
          endsAt[end.phase.name + "\(end.ordinal)"] = elapsed
          XCTAssertLessThanOrEqual(end.lateness, .milliseconds(50), "\(end.phase.name) on time")
        }
      }
      XCTAssertEqual(
        endsAt,
        [
          "Warm-up0": .seconds(13), "Work1": .seconds(18), "Rest2": .seconds(20), "Work3": .seconds(25),
          "Rest4": .seconds(27), "Cool-down5": .seconds(28),
        ])
      XCTAssertEqual(updates.filter(\.planEnded).count, 1)
      XCTAssertEqual(manager.engine.count, 0)
    }
  }

  func testOnlyTheEndsDeliveredStillComeAtTheirMovedTimes() throws {
    try withManualManager { manager, clock, _ in
      var ends: [(String, Duration)] = []
      try manager.start(id: "run", plan: Self.plan(), whileSuspended: .pauses, delivering: .onlyTheEnd) {
        _, update, _ in ends += update.phaseEnds.map { ($0.phase.name, $0.lateness) }
      }
      try clock.advance(by: .milliseconds(2_500))
      manager.suspendTicking()
      try clock.advance(by: .seconds(20))
      manager.resumeTicking()
      PhaseSequenceTests.drainMain()
      XCTAssertTrue(ends.isEmpty)
      // The warm-up had 0.5 s left: it ends at 23 s, the work at 28 s.
      try clock.advance(by: .milliseconds(500))
      XCTAssertEqual(ends.map(\.0), ["Warm-up"])
      try clock.advance(by: .milliseconds(4_900))
      XCTAssertEqual(ends.map(\.0), ["Warm-up"])
      try clock.advance(by: .milliseconds(100))
      XCTAssertEqual(ends.map(\.0), ["Warm-up", "Work"])
      for (name, lateness) in ends { XCTAssertLessThanOrEqual(lateness, .milliseconds(50), "\(name) on time") }
    }
  }

  func testAPauseInsideASuspensionKeepsTheFrozenTimeAndTheResumeContinuesIt() throws {
    try withManualManager { manager, clock, _ in
      var ends: [String] = []
      try manager.start(id: "run", plan: Self.plan(), whileSuspended: .pauses) { _, update, _ in
        ends += update.phaseEnds.map(\.phase.name)
      }
      try clock.advance(by: .seconds(1))
      manager.suspendTicking()
      try clock.advance(by: .seconds(4))
      XCTAssertTrue(manager.pause(id: "run"))
      XCTAssertEqual(manager.phasePosition(id: "run")?.timeLeftInPhase, .seconds(2), "the time it had when frozen")
      try clock.advance(by: .seconds(4))
      manager.resumeTicking()
      PhaseSequenceTests.drainMain()
      try clock.advance(by: .seconds(10))
      XCTAssertEqual(ends, [], "paused: nothing ends")
      let paused = try XCTUnwrap(manager.phasePosition(id: "run"))
      XCTAssertTrue(paused.isPaused)
      XCTAssertEqual(paused.timeLeftInPhase, .seconds(2))
      XCTAssertTrue(manager.resume(id: "run"))
      try clock.advance(by: .seconds(1))
      XCTAssertEqual(ends, [])
      try clock.advance(by: .seconds(1))
      XCTAssertEqual(ends, ["Warm-up"])
      XCTAssertEqual(manager.phasePosition(id: "run")?.timeLeftInPhase, .seconds(5))
    }
  }

  func testAResumeInsideASuspensionStaysFrozenUntilTheManagerResumes() throws {
    try withManualManager { manager, clock, _ in
      var ends: [String] = []
      try manager.start(id: "run", plan: Self.plan(), whileSuspended: .pauses) { _, update, _ in
        ends += update.phaseEnds.map(\.phase.name)
      }
      XCTAssertTrue(manager.pause(id: "run"))
      manager.suspendTicking()
      XCTAssertTrue(manager.resume(id: "run"))
      try clock.advance(by: .seconds(10))
      XCTAssertEqual(manager.phasePosition(id: "run")?.timeLeftInPhase, .seconds(3))
      manager.resumeTicking()
      PhaseSequenceTests.drainMain()
      try clock.advance(by: .seconds(2))
      XCTAssertEqual(ends, [])
      try clock.advance(by: .seconds(1))
      XCTAssertEqual(ends, ["Warm-up"])
    }
  }

  func testASkipAfterAResumeStartsTheNextPhaseAtItsFullLengthFromThen() throws {
    try withManualManager { manager, clock, _ in
      var ends: [(String, Duration)] = []
      try manager.start(id: "run", plan: Self.plan(), whileSuspended: .pauses) { _, update, _ in
        ends += update.phaseEnds.map { ($0.phase.name, $0.lateness) }
      }
      try clock.advance(by: .seconds(1))
      manager.suspendTicking()
      try clock.advance(by: .seconds(30))
      manager.resumeTicking()
      PhaseSequenceTests.drainMain()
      try clock.advance(by: .seconds(1))
      XCTAssertEqual(manager.phasePosition(id: "run")?.timeLeftInPhase, .seconds(1))
      XCTAssertTrue(manager.skipPhase(id: "run"))
      let position = try XCTUnwrap(manager.phasePosition(id: "run"))
      XCTAssertEqual(position.phase.name, "Work")
      XCTAssertEqual(position.timeLeftInPhase, .seconds(5))
      XCTAssertEqual(position.timeLeftInPlan, .seconds(15))
      try clock.advance(by: .seconds(4))
      XCTAssertTrue(ends.isEmpty)
      try clock.advance(by: .seconds(1))
      XCTAssertEqual(ends.map(\.0), ["Work"])
      XCTAssertLessThanOrEqual(ends[0].1, .milliseconds(50))
      // Time added after a second suspension moves the rest's end from where the suspension left it.
      try clock.advance(by: .milliseconds(500))
      manager.suspendTicking()
      try clock.advance(by: .seconds(60))
      XCTAssertTrue(try manager.addTime(.seconds(1), id: "run"))
      manager.resumeTicking()
      PhaseSequenceTests.drainMain()
      XCTAssertEqual(manager.phasePosition(id: "run")?.timeLeftInPhase, .milliseconds(2_500))
      try clock.advance(by: .milliseconds(2_400))
      XCTAssertEqual(ends.map(\.0), ["Work"])
      try clock.advance(by: .milliseconds(100))
      XCTAssertEqual(ends.map(\.0), ["Work", "Rest"])
    }
  }

  func testASkipInsideASuspensionWaitsFrozenAtTheNextPhasesFullLength() throws {
    try withManualManager { manager, clock, _ in
      var ends: [String] = []
      try manager.start(id: "run", plan: Self.plan(), whileSuspended: .pauses) { _, update, _ in
        ends += update.phaseEnds.map(\.phase.name)
      }
      manager.suspendTicking()
      XCTAssertTrue(manager.skipPhase(id: "run"))
      try clock.advance(by: .seconds(20))
      XCTAssertEqual(manager.phasePosition(id: "run")?.phase.name, "Work")
      XCTAssertEqual(manager.phasePosition(id: "run")?.timeLeftInPhase, .seconds(5))
      manager.resumeTicking()
      PhaseSequenceTests.drainMain()
      try clock.advance(by: .seconds(4))
      XCTAssertEqual(ends, [])
      try clock.advance(by: .seconds(1))
      XCTAssertEqual(ends, ["Work"])
    }
  }

  func testAStartInsideASuspensionBeginsWhenTheManagerResumes() throws {
    try withManualManager { manager, clock, _ in
      var ends: [String] = []
      manager.suspendTicking()
      try manager.start(id: "run", plan: Self.plan(), whileSuspended: .pauses) { _, update, _ in
        ends += update.phaseEnds.map(\.phase.name)
      }
      try clock.advance(by: .seconds(10))
      manager.resumeTicking()
      PhaseSequenceTests.drainMain()
      XCTAssertEqual(manager.phasePosition(id: "run")?.timeLeftInPhase, .seconds(3))
      try clock.advance(by: .seconds(3))
      XCTAssertEqual(ends, ["Warm-up"])
    }
  }

  /// While the manager is suspended, a frozen plan is frozen, not paused: its position reads the
  /// time it had left, unpaused, with the dates it would have if the app came back now, and its
  /// system dates stand still with no end date; a single `.pauses` countdown says the same of
  /// itself, by id and by receiver.
  func testWhileSuspendedThePositionIsUnpausedAndTheSystemDatesFrozenAsASingleCountdowns() throws {
    try withManualManager { manager, clock, wall in
      let view = CountdownLabel("view")
      try manager.start(id: "run", plan: Self.plan(), whileSuspended: .pauses) { _, _, _ in }
      try manager.start(view, plan: Self.plan(), whileSuspended: .pauses) { _, _, _ in }
      try manager.start(id: "quiz", for: .seconds(3), whileSuspended: .pauses) { _, _, _ in }
      try clock.advance(by: .seconds(1))
      manager.suspendTicking()
      try clock.advance(by: .seconds(10))
      wall.jump(by: 10)
      for position in [manager.phasePosition(id: "run"), manager.phasePosition(for: view)] {
        let position = try XCTUnwrap(position)
        XCTAssertFalse(position.isPaused, "frozen by the suspension, not paused")
        XCTAssertEqual(position.timeLeftInPhase, .seconds(2))
        XCTAssertEqual(position.phaseEndDate, wall.now + 2, "the end it would have if the app came back now")
        XCTAssertEqual(position.planEndDate, wall.now + 17)
      }
      XCTAssertFalse(manager.isPaused(id: "run"))
      XCTAssertFalse(manager.isPaused(id: "quiz"))
      let frozen = CountdownTimerDates(timerInterval: (wall.now - 1)...(wall.now + 2), pauseTime: wall.now)
      XCTAssertEqual(manager.timerDates(id: "run"), frozen, "the phase's range, laid out from now, standing still")
      XCTAssertEqual(manager.timerDates(for: view), frozen)
      XCTAssertEqual(manager.timerDates(id: "quiz"), frozen, "as a single countdown's")
      XCTAssertNil(manager.endDate(id: "run"))
      XCTAssertNil(manager.endDate(id: "quiz"))
      manager.resumeTicking()
      PhaseSequenceTests.drainMain()
      let running = CountdownTimerDates(timerInterval: (wall.now - 1)...(wall.now + 2))
      XCTAssertEqual(manager.timerDates(id: "run"), running)
      XCTAssertEqual(manager.timerDates(for: view), running)
      XCTAssertEqual(manager.phasePosition(id: "run")?.phaseEndDate, wall.now + 2)
    }
  }

  /// An observable model of a frozen plan freezes its system dates at the suspension, as a single
  /// `.pauses` model does, and runs them again from its time left at the resume.
  func testAnObservableModelsDatesFreezeAndRunAgainWithTheManager() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("needs Observation") }
    try withManualManager { manager, clock, wall in
      let workout = try manager.countdown(plan: Self.plan(), whileSuspended: .pauses)
      try clock.advance(by: .seconds(1))
      manager.suspendTicking()
      XCTAssertEqual(workout.pauseTime, wall.now, "frozen inside suspendTicking()")
      XCTAssertNil(workout.endDate)
      XCTAssertNil(workout.planEndDate)
      XCTAssertFalse(workout.isPaused, "frozen, not paused")
      XCTAssertEqual(workout.timerDates, manager.timerDates(for: workout.handle))
      try clock.advance(by: .seconds(10))
      wall.jump(by: 10)
      manager.resumeTicking()
      PhaseSequenceTests.drainMain()
      XCTAssertNil(workout.pauseTime)
      XCTAssertEqual(workout.endDate, wall.now + 2, "the phase's end moved by the time away")
      XCTAssertEqual(workout.planEndDate, wall.now + 17)
      XCTAssertEqual(workout.timerInterval, (wall.now - 1)...(wall.now + 2))
      // A plan that keeps running is not frozen by a suspension.
      let running = try manager.countdown(plan: Self.plan())
      manager.suspendTicking()
      XCTAssertNil(running.pauseTime)
      XCTAssertEqual(running.endDate, wall.now + 3)
      manager.resumeTicking()
    }
  }

  /// A model restored from its snapshot freezes with the manager as one started does: the
  /// restore gives it back its plan's policy, and with it the following of suspensions.
  func testARestoredObservableModelOfAFrozenPlanFreezesWithTheManager() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("needs Observation") }
    try withManualManager { manager, clock, wall in
      let saved = try manager.countdown(plan: Self.plan(), whileSuspended: .pauses).snapshot(id: "workout")
      let workout = try XCTUnwrap(try manager.phaseCountdown(restoring: saved, id: "workout"))
      try clock.advance(by: .seconds(1))
      manager.suspendTicking()
      XCTAssertEqual(workout.pauseTime, wall.now, "frozen inside suspendTicking()")
      XCTAssertEqual(workout.timerDates, manager.timerDates(for: workout.handle))
      manager.resumeTicking()
      PhaseSequenceTests.drainMain()
      XCTAssertNil(workout.pauseTime)
    }
  }

  /// A plan that keeps running beside one that freezes: the suspension moves only the frozen one.
  func testOnlyTheFrozenPlanMoves() throws {
    try withManualManager { manager, clock, _ in
      var ends: [String: [String]] = [:]
      for (id, policy) in [("frozen", SuspensionPolicy.pauses), ("running", .keepsRunning)] {
        try manager.start(id: id, plan: Self.plan(), whileSuspended: policy) { id, update, _ in
          ends[id, default: []] += update.phaseEnds.map(\.phase.name)
        }
      }
      manager.suspendTicking()
      try clock.advance(by: .seconds(4))
      manager.resumeTicking()
      PhaseSequenceTests.drainMain()
      XCTAssertEqual(ends["running"], ["Warm-up"])
      XCTAssertEqual(ends["frozen", default: []], [])
      try clock.advance(by: .seconds(3))
      XCTAssertEqual(ends["frozen"], ["Warm-up"])
      XCTAssertEqual(manager.phasePosition(id: "frozen")?.timeLeftInPhase, .seconds(5))
      XCTAssertEqual(manager.phasePosition(id: "running")?.timeLeftInPhase, .seconds(1))
    }
  }
}
