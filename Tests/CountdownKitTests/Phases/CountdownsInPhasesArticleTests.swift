import CountdownKit
import CountdownTestSupport
import Foundation
import XCTest

/// The Countdowns in phases article's samples, run on the manual clock: they do what the article
/// says they do.
final class CountdownsInPhasesArticleTests: XCTestCase {
  func testThePomodoroRingsEachEndAndWaitsAfterTheLongBreak() throws {
    try withManualManager { manager, clock, _ in
      let session = FocusSession()
      try startPomodoro(on: manager, session: session)
      XCTAssertEqual(session.shown, "Focus")
      // Three short rounds (30 min each), then focus and the long break: 25 + 15 min.
      try clock.advance(by: .seconds(3 * 30 * 60 + 40 * 60))
      XCTAssertEqual(
        session.rung, ["Focus", "Break", "Focus", "Break", "Focus", "Break", "Focus", "Long break"])
      XCTAssertTrue(session.asksToStart)
      XCTAssertEqual(session.shown, "Focus")
      XCTAssertTrue(manager.isPaused(id: "pomodoro"))
      try clock.advance(by: .seconds(3_600))
      XCTAssertEqual(session.rung.count, 8, "waiting: no end")
      XCTAssertTrue(manager.resume(id: "pomodoro"))
      XCTAssertTrue(manager.skipPhase(id: "pomodoro"))
      XCTAssertEqual(manager.phasePosition(id: "pomodoro")?.phase.name, "Break")
    }
  }

  func testThePomodoroRingsNoBellForAnEndThatCameLate() throws {
    try withManualManager { manager, clock, _ in
      let session = FocusSession()
      try startPomodoro(on: manager, session: session)
      manager.suspendTicking()
      try clock.advance(by: .seconds(26 * 60))
      manager.resumeTicking()
      PhaseSequenceTests.drainMain()
      XCTAssertEqual(session.rung, [], "the focus ended a minute before the resume")
      XCTAssertEqual(session.shown, "Break")
    }
  }

  func testTheHIITSetThatWaitsForTheAppShowsTheSameTimeAfterASuspension() throws {
    try withManualManager { manager, clock, _ in
      let workout = WorkoutScreen()
      let tabata = try CountdownPlan(
        warmUp: [CountdownPhase("Warm-up", .seconds(5))],
        blocks: [CountdownPlan.Block([CountdownPhase("Work", .seconds(20))], repeated: .times(1))])
      try startFrozenHIIT(on: manager, tabata: tabata, workout: workout)
      try clock.advance(by: .seconds(2))
      XCTAssertEqual(workout.shown.last, "Warm-up 1 3")
      manager.suspendTicking()
      try clock.advance(by: .seconds(600))
      manager.resumeTicking()
      PhaseSequenceTests.drainMain()
      XCTAssertEqual(workout.shown.last, "Warm-up 1 3", "the time away does not count")
      try clock.advance(by: .seconds(3))
      XCTAssertEqual(workout.shown.last, "Work 1 20")
      try clock.advance(by: .seconds(20))
      XCTAssertTrue(workout.finished)
    }
  }

  func testTheHIITSetShowsTheRoundsAndFinishes() throws {
    try withManualManager { manager, clock, _ in
      let workout = WorkoutScreen()
      try startHIIT(on: manager, workout: workout)
      XCTAssertEqual(workout.shown.first, "Warm-up 1 300")
      try clock.advance(by: .seconds(5 * 60 + 1))
      XCTAssertEqual(workout.shown.last, "Work 1 19")
      XCTAssertEqual(manager.phasePosition(id: "hiit")?.timeLeftInPlan, .seconds(8 * 30 + 3 * 60 - 1))
      try clock.advance(by: .seconds(7 * 30 + 20))
      XCTAssertEqual(workout.shown.last, "Rest 8 9")
      try clock.advance(by: .seconds(10 + 3 * 60))
      XCTAssertTrue(workout.finished)
      XCTAssertFalse(manager.contains(id: "hiit"))
    }
  }

  func testTheEndlessLoopWakesOncePerPhaseAndAWeekAwayIsOneCall() throws {
    try withManualManager { manager, clock, _ in
      let coach = RunCoach()
      let intervals = try startEndlessLoop(on: manager, coach: coach)
      try clock.advance(by: .seconds(3 * 150))
      XCTAssertEqual(coach.announced, ["Walk", "Run", "Walk", "Run", "Walk", "Run"])
      XCTAssertNil(manager.phasePosition(id: "intervals")?.timeLeftInPlan)
      try startLoggingAbsences(on: manager, intervals: intervals, coach: coach)
      manager.suspendTicking()
      try clock.advance(by: .seconds(7 * 86_400))
      manager.resumeTicking()
      PhaseSequenceTests.drainMain()
      XCTAssertEqual(coach.logged.count, 3, "a summary and a cycle's two ends: \(coach.logged)")
      XCTAssertEqual(coach.logged.first, "\(7 * 86_400 / 150 * 2 - 2) phases passed while away")
    }
  }

  /// The article's relaunch sample: saved as the app leaves, back at the next launch an hour
  /// later where the plan is, with no bell for the ends that passed meanwhile.
  func testTheFocusTimerComesBackWhereItsPlanIsAfterARelaunch() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("focus-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
    try withManualManager { first, clock, wall in
      let session = FocusSession()
      try startPomodoro(on: first, session: session)
      try FocusTimer(session: session).keepRunning(on: first, in: directory)
      try clock.advance(by: .seconds(10 * 60))
      try first.save(String.self, to: .file(directory.appendingPathComponent("focus.json")))
      first.stopSaving(String.self)
      first.cancelAll()

      // Launched again 52 minutes later: 62 minutes into the plan, the first focus (to 25), its
      // break (to 30), the second focus (to 55) and its break (to 60) ended, each over a minute
      // ago; the third focus runs.
      wall.jump(by: 52 * 60)
      let (manager, _) = try makeManager(wall: wall)
      defer {
        manager.stopSaving(String.self)
        manager.cancelAll()
      }
      let again = FocusSession()
      try FocusTimer(session: again).keepRunning(on: manager, in: directory)
      XCTAssertEqual(again.rung, [], "every end passed came late")
      XCTAssertEqual(again.shown, "Focus")
      XCTAssertEqual(manager.phasePosition(id: "pomodoro")?.ordinal, 4)
      XCTAssertEqual(manager.phasePosition(id: "pomodoro")?.timeLeftInPhase, .seconds(23 * 60))
    }
  }

  func testTheReceiverSampleShowsThePhaseAndSkipsIt() throws {
    try withManualManager { manager, clock, _ in
      let label = CountdownLabel("intervals")
      let coach = RunCoach()
      let intervals = try startEndlessLoop(on: manager, coach: coach)
      manager.cancel(id: "intervals")
      try startIntervalsOnALabel(on: manager, label: label, intervals: intervals)
      XCTAssertEqual(label.text, "Walk 60", "skipped the run")
      try clock.advance(by: .seconds(60))
      XCTAssertEqual(label.text, "Run 90")
    }
  }
}
