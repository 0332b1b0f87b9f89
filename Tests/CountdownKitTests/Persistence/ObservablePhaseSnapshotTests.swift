import CountdownCore
import CountdownTestSupport
import Foundation
import XCTest

@testable import CountdownKit

/// An `ObservablePhaseCountdown` saved with `snapshot(id:)` and restored on a new manager with
/// `phaseCountdown(restoring:id:)` after a gap: at the phase its plan says, showing the ends passed
/// as the manager's own restore of the same snapshot reports them; paused, frozen and ended ones
/// as they were; bad input refused with the single model's errors, changing nothing.
final class ObservablePhaseSnapshotTests: XCTestCase {
  /// Warm-up 3 s, then Work 5 s / Rest 2 s twice, then Cool-down 1 s: ends at 3, 8, 10, 15, 17, 18 s.
  static func plan() throws -> CountdownPlan {
    try PhaseSequenceTests.plan()
  }

  /// Focus 25 min / Break 5 min forever, a long break of 15 min in place of every fourth break.
  static func pomodoro(longBreakPauses: Bool = false) throws -> CountdownPlan {
    try CountdownPlan(blocks: [
      CountdownPlan.Block(
        [CountdownPhase("Focus", .seconds(25 * 60)), CountdownPhase("Break", .seconds(5 * 60))], repeated: .forever,
        longBreak: CountdownPhase("Long break", .seconds(15 * 60), pausesAfter: longBreakPauses), every: 4)
    ])
  }

  func testARestoreSecondsLaterIsInTheSamePhaseWithTheTimeGone() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("needs Observation") }
    try withManualManager { saved, clock, wall in
      let workout = try saved.countdown(plan: Self.plan())
      try clock.advance(by: .seconds(4))
      let snapshot = try PhaseSnapshotTests.roundTrip(workout.snapshot(id: "workout"))
      XCTAssertEqual(snapshot.entries, [], "a countdown in phases only")
      let entry = try XCTUnwrap(snapshot.phaseEntries.first)
      XCTAssertEqual(entry.id, "workout")
      XCTAssertEqual(entry.ordinal, 1)
      XCTAssertEqual(entry.date, wall.now + 4, "the work ends at 8 s")
      workout.cancel()

      let twins = try RestoredPhaseTwins(snapshot, id: "workout", after: 2, wall: wall)
      defer { twins.cancelAll() }
      let model = twins.model
      XCTAssertEqual(model.phase?.name, "Work")
      XCTAssertEqual(model.remaining, 2, "6 s into the plan: 2 s of work left")
      XCTAssertEqual(model.lastPhaseEnds, [])
      XCTAssertEqual(model.endDate, wall.now + 2)
      twins.assertAgree()
      try twins.advance(seconds: 2)
      XCTAssertEqual(model.phase?.name, "Rest")
      XCTAssertEqual(model.lastPhaseEnds.map(\.lateness), [.zero], "on time from then on")
      twins.assertAgree()
    }
  }

  func testARestoreAcrossSeveralPhaseEndsShowsThemAsTheManagersRestoreReportsThem() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("needs Observation") }
    try withManualManager { saved, clock, wall in
      let workout = try saved.countdown(plan: Self.plan(), delivering: .onlyTheEnd)
      try clock.advance(by: .seconds(4))
      let snapshot = try PhaseSnapshotTests.roundTrip(workout.snapshot(id: "workout"))
      workout.cancel()

      // Relaunched 9 s later, at 13 s of the plan: the work (8 s) and the rest (10 s) ended.
      let twins = try RestoredPhaseTwins(snapshot, id: "workout", after: 9, wall: wall)
      defer { twins.cancelAll() }
      let model = twins.model
      XCTAssertEqual(model.lastPhaseEnds.map(\.phase.name), ["Work", "Rest"])
      XCTAssertEqual(model.lastPhaseEnds.map(\.lateness), [.seconds(5), .seconds(3)])
      XCTAssertEqual(model.lastPhaseEnds.map(\.date), [wall.now - 5, wall.now - 3])
      XCTAssertEqual([model.phase?.name, model.nextPhase?.name], ["Work", "Rest"])
      XCTAssertEqual([model.cycle, model.ordinal, model.remaining], [1, 3, 2])
      XCTAssertEqual(model.planEndDate, wall.now + 5)
      XCTAssertFalse(model.hasEnded)
      twins.assertAgree()
      try twins.advance(seconds: 3)
      XCTAssertEqual(model.phase?.name, "Rest")
      twins.assertAgree()
    }
  }

  func testADayLaterAForeverPlanIsWhereItsPlanSaysWithTheOlderEndsSummedUp() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("needs Observation") }
    try withManualManager { saved, clock, wall in
      let focus = try saved.countdown(plan: Self.pomodoro())
      try clock.advance(by: .seconds(60))
      let snapshot = try PhaseSnapshotTests.roundTrip(focus.snapshot(id: "focus"))
      focus.cancel()

      // A cycle of four focuses is 2 h 10 min: a day and a minute after the start, 11 cycles
      // (23 h 50 min) and 11 min of the twelfth: its first focus, 14 min left.
      let twins = try RestoredPhaseTwins(snapshot, id: "focus", after: 86_400, wall: wall)
      defer { twins.cancelAll() }
      let model = twins.model
      XCTAssertEqual(model.phase?.name, "Focus")
      XCTAssertEqual([model.cycle, model.phaseIndex, model.ordinal], [44, 0, 88])
      XCTAssertEqual(model.remaining, 14 * 60)
      XCTAssertEqual(model.lastPhaseEnds.count, 2, "a cycle's worth one by one")
      XCTAssertEqual(model.earlierPhaseEnds?.count, 86, "the older ones summed up")
      XCTAssertNil(model.planEndDate, "a plan that runs forever")
      twins.assertAgree()
      try twins.advance(seconds: 14 * 60)
      XCTAssertEqual(model.phase?.name, "Break")
      XCTAssertNil(model.earlierPhaseEnds)
      twins.assertAgree()
    }
  }

  func testALongBreakThatPausesThePlanStopsTheWalkAfterADay() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("needs Observation") }
    try withManualManager { saved, clock, wall in
      let focus = try saved.countdown(plan: Self.pomodoro(longBreakPauses: true))
      try clock.advance(by: .seconds(60))
      let snapshot = try PhaseSnapshotTests.roundTrip(focus.snapshot(id: "focus"))
      focus.cancel()

      let twins = try RestoredPhaseTwins(snapshot, id: "focus", after: 86_400, wall: wall)
      defer { twins.cancelAll() }
      let model = twins.model
      XCTAssertEqual(model.lastPhaseEnds.last?.phase.name, "Long break")
      XCTAssertEqual(model.phase?.name, "Focus")
      XCTAssertEqual(model.cycle, 4, "after the long break of the fourth cycle")
      XCTAssertTrue(model.isPaused, "the next phase waits, paused")
      XCTAssertEqual(model.remaining, 25 * 60)
      XCTAssertNil(model.endDate)
      XCTAssertNotNil(model.pauseTime)
      twins.assertAgree()
      try twins.advance(seconds: 60)
      XCTAssertEqual(model.remaining, 25 * 60)
      XCTAssertTrue(model.resume())
      try twins.advance(seconds: 1)
      XCTAssertEqual(model.remaining, 25 * 60 - 1)
    }
  }

  func testAPausedModelComesBackPausedWithExactlyItsTimeLeft() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("needs Observation") }
    try withManualManager { saved, clock, wall in
      let workout = try saved.countdown(plan: Self.plan())
      try clock.advance(by: .milliseconds(4_500))
      XCTAssertTrue(workout.pause())
      let snapshot = try PhaseSnapshotTests.roundTrip(workout.snapshot(id: "workout"))
      XCTAssertEqual(snapshot.phaseEntries.first?.isPaused, true)
      XCTAssertEqual(snapshot.phaseEntries.first?.time, .milliseconds(3_500))
      workout.cancel()

      let twins = try RestoredPhaseTwins(snapshot, id: "workout", after: 3_600, wall: wall)
      defer { twins.cancelAll() }
      let model = twins.model
      XCTAssertTrue(model.isPaused)
      XCTAssertEqual(model.phase?.name, "Work")
      XCTAssertEqual(model.remaining, 4)
      XCTAssertEqual(model.position?.timeLeftInPhase, .milliseconds(3_500))
      XCTAssertEqual(model.lastPhaseEnds, [])
      XCTAssertNil(model.endDate)
      XCTAssertEqual(model.pauseTime, wall.now)
      twins.assertAgree()
      try twins.advance(seconds: 10)
      XCTAssertEqual(model.position?.timeLeftInPhase, .milliseconds(3_500), "no call until a resume")
      XCTAssertTrue(model.resume())
      XCTAssertEqual(model.endDate, wall.now + 3.5)
    }
  }

  func testAPlanThatPausesWhileSuspendedIsFrozenWhileTheAppIsAway() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("needs Observation") }
    try withManualManager { saved, clock, wall in
      let workout = try saved.countdown(plan: Self.plan(), whileSuspended: .pauses)
      try clock.advance(by: .seconds(4))
      let snapshot = try PhaseSnapshotTests.roundTrip(workout.snapshot(id: "workout"))
      let entry = try XCTUnwrap(snapshot.phaseEntries.first)
      XCTAssertEqual(entry.policy, .pauses)
      XCTAssertFalse(entry.isPaused)
      XCTAssertEqual(entry.time, .seconds(4))
      XCTAssertNil(entry.date)
      workout.cancel()

      let twins = try RestoredPhaseTwins(snapshot, id: "workout", after: 3_600, wall: wall)
      defer { twins.cancelAll() }
      let model = twins.model
      XCTAssertEqual(model.phase?.name, "Work")
      XCTAssertEqual(model.remaining, 4, "the hour away does not count")
      XCTAssertFalse(model.isPaused)
      XCTAssertEqual(model.lastPhaseEnds, [])
      XCTAssertEqual(model.endDate, wall.now + 4)
      twins.assertAgree()
      try twins.advance(seconds: 4)
      XCTAssertEqual(model.phase?.name, "Rest")
      twins.assertAgree()
    }
  }

  func testAPlanThatEndedWhileTheAppWasAwayRestoresEndedAtTheDateItEnded() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("needs Observation") }
    try withManualManager { saved, clock, wall in
      let workout = try saved.countdown(plan: Self.plan())
      try clock.advance(by: .seconds(16))
      let snapshot = try PhaseSnapshotTests.roundTrip(workout.snapshot(id: "workout"))
      workout.cancel()

      // Relaunched 60 s later: the plan ended at 18 s, 58 s ago.
      let twins = try RestoredPhaseTwins(snapshot, id: "workout", after: 60, wall: wall)
      defer { twins.cancelAll() }
      let model = twins.model
      XCTAssertTrue(model.hasEnded)
      XCTAssertNil(model.phase)
      XCTAssertEqual(model.remaining, 0)
      XCTAssertEqual(model.lastPhaseEnds.map(\.phase.name), ["Rest", "Cool-down"])
      XCTAssertEqual(model.endDate, wall.now - 58)
      XCTAssertEqual(model.timerInterval, (wall.now - 58)...(wall.now - 58))
      XCTAssertEqual(twins.restoration.ended["workout"], wall.now - 58)
      XCTAssertFalse(model.isActive)
      XCTAssertEqual(twins.modelManager.count, 0, "nothing left running")
      twins.assertAgree()
    }
  }

  func testAModelWhosePlanEndedIsKeptEndedAndRestoresEndedAsItShows() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("needs Observation") }
    try withManualManager { saved, clock, wall in
      let workout = try saved.countdown(plan: Self.plan(), whileSuspended: .pauses, delivering: .onlyTheEnd)
      try clock.advance(by: .seconds(18))
      XCTAssertTrue(workout.hasEnded)
      let endedAt = try XCTUnwrap(workout.endDate)
      try clock.advance(by: .seconds(30))
      wall.jump(by: 30)
      let snapshot = try PhaseSnapshotTests.roundTrip(workout.snapshot(id: "workout"))
      let entry = try XCTUnwrap(snapshot.phaseEntries.first, "an ended plan is kept, as an ended single model is")
      XCTAssertEqual(entry.ordinal, 5, "at its last phase")
      XCTAssertEqual(entry.date, endedAt, "which ended then")
      XCTAssertEqual(entry.deliveries, .onlyTheEnd)
      XCTAssertEqual(entry.policy, .keepsRunning, "an end date, not a time left, whatever the plan's policy")

      let (manager, _) = try PhaseSnapshotTests.relaunch(after: 600, wall: wall)
      defer { manager.cancelAll() }
      let model = try XCTUnwrap(manager.phaseCountdown(restoring: snapshot, id: "workout"))
      XCTAssertTrue(model.hasEnded)
      XCTAssertEqual(model.endDate, endedAt)
      XCTAssertEqual(model.lastPhaseEnds.map(\.phase.name), ["Cool-down"])
      XCTAssertEqual(model.lastPhaseEnds.map(\.date), [endedAt])
      XCTAssertEqual(manager.count, 0)
      // Saved again, it is the same.
      XCTAssertEqual(model.snapshot(id: "workout").phaseEntries, snapshot.phaseEntries)
    }
  }

  func testACancelledOrNeverStartedModelIsLeftOut() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("needs Observation") }
    try withManualManager { manager, _, _ in
      let workout = try manager.countdown(plan: Self.plan())
      XCTAssertTrue(workout.cancel())
      let snapshot = workout.snapshot(id: "workout")
      XCTAssertEqual(snapshot.phaseEntries, [])
      XCTAssertNil(try manager.phaseCountdown(restoring: snapshot, id: "workout"))
      let skipped = try manager.countdown(plan: Self.plan())
      for _ in 0..<6 { skipped.skipPhase() }
      XCTAssertEqual(skipped.snapshot(id: "skipped").phaseEntries, [], "skipping the last phase cancels the plan")
    }
  }

  func testAManagersSnapshotRestoresOneModel() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("needs Observation") }
    try withManualManager { saved, clock, wall in
      try saved.start(id: "tea", for: .seconds(60)) { _, _, _ in }
      try saved.start(id: "focus", plan: Self.plan()) { _, _, _ in }
      try clock.advance(by: .seconds(4))
      let snapshot = try PhaseSnapshotTests.roundTrip(saved.snapshot(of: String.self))
      let (manager, _) = try PhaseSnapshotTests.relaunch(after: 9, wall: wall)
      defer { manager.cancelAll() }
      let focus = try XCTUnwrap(manager.phaseCountdown(restoring: snapshot, id: "focus"))
      XCTAssertEqual([focus.cycle, focus.ordinal, focus.remaining], [1, 3, 2])
      XCTAssertEqual(manager.count, 1, "only the countdown in phases of the id")
      XCTAssertFalse(manager.contains(id: "tea"))
    }
  }

  func testTheArticlesSampleRestoresTheModel() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("needs Observation") }
    try withManualManager { saved, clock, wall in
      let workout = try saved.countdown(plan: Self.plan())
      try clock.advance(by: .seconds(4))
      let (manager, _) = try makeManager(wall: wall)
      defer { manager.cancelAll() }
      let restored = try XCTUnwrap(savedWorkoutModel(workout, on: manager))
      XCTAssertEqual([restored.ordinal, restored.remaining], [1, 4])
    }
  }

  func testBadInputGetsTheSingleModelsErrorsAndNothingChanges() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("needs Observation") }
    try withManualManager { manager, _, wall in
      var runs: [Int] = []
      try manager.start(id: "tea", for: .seconds(60)) { _, value, _ in runs.append(value) }
      let focus = try CountdownSnapshot<String>.PhaseEntry(
        id: "focus", plan: Self.plan(), ordinal: 1, date: wall.now + 4)
      let tea = CountdownSnapshot<String>.Entry(
        id: "focus", kind: .countdown, policy: .keepsRunning, date: wall.now + 60)
      let offset = Duration.seconds(90)
      func snapshot(_ entries: [CountdownSnapshot<String>.Entry], _ phases: [CountdownSnapshot<String>.PhaseEntry])
        -> CountdownSnapshot<String>
      {
        CountdownSnapshot(takenAt: wall.now, serverOffset: offset, entries: entries, phaseEntries: phases)
      }
      @MainActor func assertRefused(
        _ snapshot: CountdownSnapshot<String>, _ expected: CountdownSnapshotError, line: UInt = #line
      ) {
        XCTAssertThrowsError(try manager.phaseCountdown(restoring: snapshot, id: "focus"), line: line) {
          XCTAssertEqual($0 as? CountdownSnapshotError, expected, line: line)
        }
      }
      // No countdown of the id: nil, and not even the calibration changes.
      XCTAssertNil(try manager.phaseCountdown(restoring: snapshot([], [focus.with(id: "other")]), id: "focus"))
      // A single countdown's entry: as a count-up for the single model.
      assertRefused(snapshot([tea.with(id: "a"), tea], []), .unsupportedEntry(index: 1))
      var countingUp = tea
      (countingUp.kind, countingUp.length) = (.countingUp, nil)
      XCTAssertThrowsError(try manager.countdown(restoring: snapshot([countingUp], []), id: "focus")) {
        XCTAssertEqual($0 as? CountdownSnapshotError, .unsupportedEntry(index: 0), "the single model's error")
      }
      // Its entry: a phase the plan does not have, no date, a date beyond the clock, twice.
      var beyond = focus
      beyond.ordinal = 6
      assertRefused(snapshot([], [beyond]), .invalidPhaseEntry(index: 0, reason: .outOfRange))
      var undated = focus
      undated.date = nil
      assertRefused(snapshot([], [focus.with(id: "other"), undated]), .unreadable)
      var far = focus
      far.date = wall.now + 1e12
      assertRefused(snapshot([], [far]), .invalidPhaseEntry(index: 0, reason: .outOfRange))
      assertRefused(snapshot([], [focus, focus]), .duplicatePhaseID(index: 1))
      assertRefused(snapshot([tea], [focus]), .duplicatePhaseID(index: 0))
      // The snapshot's dates.
      var late = snapshot([], [focus])
      late.takenAt = Date(timeIntervalSinceReferenceDate: .infinity)
      assertRefused(late, .unreadable)
      late = snapshot([], [focus])
      late.serverOffset = .seconds(1e12)
      XCTAssertThrowsError(try manager.phaseCountdown(restoring: late, id: "focus")) {
        XCTAssertEqual(($0 as? CountdownSnapshotError)?.kind, .invalidServerOffset)
      }
      // Corrupt data does not decode.
      var data = try JSONEncoder().encode(snapshot([], [focus]))
      data.removeLast(7)
      XCTAssertThrowsError(try CountdownSnapshot<String>(decoding: data)) {
        XCTAssertEqual($0 as? CountdownSnapshotError, .unreadable)
      }
      // Nothing changed: the countdown that ran runs, alone, and the manager is not calibrated.
      XCTAssertEqual(manager.count, 1)
      XCTAssertTrue(manager.contains(id: "tea"))
      XCTAssertEqual(manager.serverOffset, .zero)
      XCTAssertEqual(runs, [60])
      // A good one is taken, with its offset.
      XCTAssertNotNil(try manager.phaseCountdown(restoring: snapshot([], [focus]), id: "focus"))
      XCTAssertEqual(manager.serverOffset, offset)
    }
  }
}

extension CountdownSnapshot.PhaseEntry {
  /// The entry under another id.
  func with(id: ID) -> Self {
    var entry = self
    entry.id = id
    return entry
  }
}

extension CountdownSnapshot.Entry {
  /// The entry under another id.
  func with(id: ID) -> Self {
    var entry = self
    entry.id = id
    return entry
  }
}
