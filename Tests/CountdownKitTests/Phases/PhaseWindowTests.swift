import CountdownCore
import CountdownTestSupport
import Foundation
import XCTest

@testable import CountdownKit

/// A Live Activity's window of a countdown in phases, read from a manager and from a snapshot: the
/// current phase and the next ones, with the dates the position and the widget's timeline have.
final class PhaseWindowTests: XCTestCase {
  /// Focus 25 min, Break 5 min, forever; every fourth break a long one of 15 min, after which the
  /// plan waits.
  static func pomodoro() throws -> CountdownPlan {
    try CountdownPlan(blocks: [
      CountdownPlan.Block(
        [CountdownPhase("Focus", .seconds(25 * 60)), CountdownPhase("Break", .seconds(5 * 60), purpose: .recovery)],
        repeated: .forever,
        longBreak: CountdownPhase("Long break", .seconds(15 * 60), purpose: .recovery, pausesAfter: true), every: 4)
    ])
  }

  /// Warm-up 60 s; Work 20 s and Rest 10 s, twice; Cool-down 30 s: 150 s in all.
  static func workout() throws -> CountdownPlan {
    try CountdownPlan(
      warmUp: [CountdownPhase("Warm-up", .seconds(60))],
      blocks: [
        CountdownPlan.Block(
          [CountdownPhase("Work", .seconds(20)), CountdownPhase("Rest", .seconds(10))], repeated: .times(2))
      ],
      coolDown: [CountdownPhase("Cool-down", .seconds(30))])
  }

  /// The window's phases as (name, start, end) in seconds from `origin`.
  static func spans(_ window: CountdownPhaseWindow?, from origin: Date) -> [String] {
    (window?.phases ?? []).map {
      "\($0.phase.name) \($0.start - origin.timeIntervalSince1970)-\($0.end - origin.timeIntervalSince1970)"
    }
  }

  /// The window agrees with the position read at the same instant: its current phase is the
  /// position's, ending at its end date, and the plan's end, when it is in the window, is the
  /// position's.
  static func assertAgrees(
    _ window: CountdownPhaseWindow?, with position: CountdownPhasePosition?, file: StaticString = #filePath,
    line: UInt = #line
  ) throws {
    let window = try XCTUnwrap(window, file: file, line: line)
    let position = try XCTUnwrap(position, file: file, line: line)
    let current = window.current
    XCTAssertEqual(current.phase, position.phase, file: file, line: line)
    XCTAssertEqual(current.ordinal, position.ordinal, file: file, line: line)
    XCTAssertEqual(current.phaseIndex, position.phaseIndex, file: file, line: line)
    XCTAssertEqual(current.cycle, position.cycle, file: file, line: line)
    XCTAssertEqual(current.cycleCount, position.cycleCount, file: file, line: line)
    XCTAssertEqual(current.isLongBreak, position.isLongBreak, file: file, line: line)
    XCTAssertEqual(window.isPaused, position.isPaused, file: file, line: line)
    if window.phases.count > 1 {
      XCTAssertEqual(window.phases[1].phase, position.nextPhase, file: file, line: line)
    }
    if let end = position.phaseEndDate {
      XCTAssertNil(window.pausedAt, file: file, line: line)
      XCTAssertEqual(current.end, end.timeIntervalSince1970, file: file, line: line)
    } else {
      let pausedAt = try XCTUnwrap(window.pausedAt, file: file, line: line)
      XCTAssertEqual(
        current.end - pausedAt, position.timeLeftInPhase / .seconds(1), accuracy: 1e-6, file: file, line: line)
    }
    if let planEnd = window.planEnd, let expected = position.planEndDate {
      XCTAssertEqual(planEnd, expected.timeIntervalSince1970, file: file, line: line)
    }
    if position.planEndDate == nil, window.pausedAt == nil {
      XCTAssertNil(window.planEnd, file: file, line: line)
    }
    for (before, after) in zip(window.phases, window.phases.dropFirst()) {
      XCTAssertEqual(after.start, before.end, "contiguous", file: file, line: line)
      XCTAssertEqual(after.ordinal, before.ordinal + 1, file: file, line: line)
    }
  }

  // MARK: From a manager

  func testAPomodoroShowsTheFocusAndTheBreakAfterIt() throws {
    try withManualManager { manager, clock, wall in
      try manager.start(id: "pomodoro", plan: Self.pomodoro()) { _, _, _ in }
      let window = manager.phaseWindow(id: "pomodoro")
      XCTAssertEqual(Self.spans(window, from: wall.now), ["Focus 0.0-1500.0", "Break 1500.0-1800.0"])
      XCTAssertEqual(window?.isPaused, false)
      XCTAssertNil(window?.pausedAt)
      XCTAssertNil(window?.planEnd, "a forever plan has no end")
      XCTAssertEqual(window?.staleDate, wall.now + 1_500, "stale when the focus ends")
      XCTAssertEqual(window?.phases.map(\.pausesAfter), [false, false])
      XCTAssertEqual(window?.phases.map(\.cycleCount), [nil, nil])
      try Self.assertAgrees(window, with: manager.phasePosition(id: "pomodoro"))

      try clock.advance(by: .seconds(600))
      let later = manager.phaseWindow(id: "pomodoro")
      XCTAssertEqual(Self.spans(later, from: wall.now), ["Focus -600.0-900.0", "Break 900.0-1200.0"])
      try Self.assertAgrees(later, with: manager.phasePosition(id: "pomodoro"))
    }
  }

  func testTheWindowStopsAtTheLongBreakAfterWhichThePlanWaits() throws {
    try withManualManager { manager, clock, wall in
      try manager.start(id: "pomodoro", plan: Self.pomodoro()) { _, _, _ in }
      let window = try XCTUnwrap(manager.phaseWindow(id: "pomodoro", lookAhead: 20))
      XCTAssertEqual(
        window.phases.map(\.phase.name), ["Focus", "Break", "Focus", "Break", "Focus", "Break", "Focus", "Long break"])
      XCTAssertEqual(window.phases.map(\.pausesAfter), [false, false, false, false, false, false, false, true])
      XCTAssertEqual(window.phases.map(\.cycle), [0, 0, 1, 1, 2, 2, 3, 3])
      XCTAssertEqual(window.phases.last?.isLongBreak, true)
      XCTAssertEqual(window.phases.last?.end, (wall.now + 130 * 60).timeIntervalSince1970)
      XCTAssertNil(window.planEnd)
      try Self.assertAgrees(window, with: manager.phasePosition(id: "pomodoro"))

      // In the long break, the window is the long break alone.
      try clock.advance(by: .seconds(120 * 60))
      let longBreak = manager.phaseWindow(id: "pomodoro", lookAhead: 3)
      XCTAssertEqual(Self.spans(longBreak, from: wall.now), ["Long break -300.0-600.0"])
      try Self.assertAgrees(longBreak, with: manager.phasePosition(id: "pomodoro"))

      // After it, the next focus waits, paused: laid out from now, standing still.
      try clock.advance(by: .seconds(15 * 60))
      let waiting = try XCTUnwrap(manager.phaseWindow(id: "pomodoro", lookAhead: 1))
      XCTAssertTrue(waiting.isPaused)
      XCTAssertEqual(waiting.pausedAt, wall.now.timeIntervalSince1970)
      XCTAssertEqual(waiting.pauseTime, wall.now)
      XCTAssertNil(waiting.staleDate, "nothing moves until the person resumes")
      XCTAssertEqual(Self.spans(waiting, from: wall.now), ["Focus 0.0-1500.0", "Break 1500.0-1800.0"])
      XCTAssertEqual(waiting.current.cycle, 4)
      XCTAssertEqual(waiting.phase(at: wall.now + 10_000).phase.name, "Focus", "standing still: the current phase")
      try Self.assertAgrees(waiting, with: manager.phasePosition(id: "pomodoro"))
    }
  }

  func testAPausedSequenceStandsStillWithItsTimeLeft() throws {
    try withManualManager { manager, clock, wall in
      try manager.start(id: "workout", plan: Self.workout()) { _, _, _ in }
      try clock.advance(by: .seconds(70))
      manager.pause(id: "workout")
      try clock.advance(by: .seconds(500))
      let window = try XCTUnwrap(manager.phaseWindow(id: "workout", lookAhead: 2))
      XCTAssertTrue(window.isPaused)
      XCTAssertEqual(window.pausedAt, wall.now.timeIntervalSince1970)
      // Work had 10 s left when paused: its span is its 20 s, laid out to end 10 s from now.
      XCTAssertEqual(Self.spans(window, from: wall.now), ["Work -10.0-10.0", "Rest 10.0-20.0", "Work 20.0-40.0"])
      XCTAssertEqual(window.current.timerInterval, manager.timerDates(id: "workout")?.timerInterval)
      XCTAssertEqual(window.pauseTime, manager.timerDates(id: "workout")?.pauseTime)
      try Self.assertAgrees(window, with: manager.phasePosition(id: "workout"))
      manager.resume(id: "workout")
      let running = manager.phaseWindow(id: "workout", lookAhead: 2)
      XCTAssertEqual(running?.isPaused, false)
      XCTAssertNil(running?.pausedAt)
      try Self.assertAgrees(running, with: manager.phasePosition(id: "workout"))
    }
  }

  func testAPlanEndingInsideTheWindowHasItsEnd() throws {
    try withManualManager { manager, clock, wall in
      try manager.start(id: "workout", plan: Self.workout()) { _, _, _ in }
      try clock.advance(by: .seconds(85))
      let window = try XCTUnwrap(manager.phaseWindow(id: "workout", lookAhead: 5))
      XCTAssertEqual(
        Self.spans(window, from: wall.now), ["Rest -5.0-5.0", "Work 5.0-25.0", "Rest 25.0-35.0", "Cool-down 35.0-65.0"])
      XCTAssertEqual(window.planEnd, (wall.now + 65).timeIntervalSince1970)
      XCTAssertEqual(window.planEnd, window.phases.last?.end)
      XCTAssertEqual(window.phases.last?.pausesAfter, false)
      XCTAssertEqual(window.phases.map(\.cycleCount), [2, 2, 2, 1])
      try Self.assertAgrees(window, with: manager.phasePosition(id: "workout"))
      // The plan's end is not in a shorter window.
      XCTAssertNil(manager.phaseWindow(id: "workout", lookAhead: 2)?.planEnd)
    }
  }

  func testALastPhaseThatPausesAfterItEndsThePlanAndPausesNothing() throws {
    try withManualManager { manager, _, wall in
      let plan = try CountdownPlan(
        warmUp: [CountdownPhase("Warm-up", .seconds(60))],
        blocks: [CountdownPlan.Block([CountdownPhase("Work", .seconds(20))], repeated: .times(1))],
        coolDown: [CountdownPhase("Cool-down", .seconds(30), pausesAfter: true)])
      try manager.start(id: "workout", plan: plan) { _, _, _ in }
      let window = try XCTUnwrap(manager.phaseWindow(id: "workout", lookAhead: 5))
      XCTAssertEqual(
        Self.spans(window, from: wall.now), ["Warm-up 0.0-60.0", "Work 60.0-80.0", "Cool-down 80.0-110.0"])
      XCTAssertEqual(window.phases.map(\.pausesAfter), [false, false, false], "nothing waits after the plan's end")
      XCTAssertEqual(window.planEnd, (wall.now + 110).timeIntervalSince1970)
      let snapshot = manager.snapshot(of: String.self)
      XCTAssertEqual(snapshot.phaseWindow(id: "workout", lookAhead: 5, at: wall.now), window)
    }
  }

  func testATotalTimeBlockEndsWhereThePlanSays() throws {
    try withManualManager { manager, _, wall in
      let plan = try CountdownPlan(blocks: [
        CountdownPlan.Block(
          [CountdownPhase("Run", .seconds(90)), CountdownPhase("Walk", .seconds(60))], repeated: .lasting(.seconds(400))
        )
      ])
      try manager.start(id: "run", plan: plan) { _, _, _ in }
      let window = try XCTUnwrap(manager.phaseWindow(id: "run", lookAhead: 100))
      XCTAssertEqual(window.phases.count, plan.phaseCount)
      XCTAssertEqual(window.planEnd, (wall.now + 400).timeIntervalSince1970)
      XCTAssertEqual(window.phases.last?.end, window.planEnd)
      XCTAssertEqual(window.phases.first?.cycleCount, 3)
      try Self.assertAgrees(window, with: manager.phasePosition(id: "run"))
    }
  }

  func testLookAheadZeroIsTheCurrentPhaseAloneAndANegativeOneIsNil() throws {
    try withManualManager { manager, _, wall in
      try manager.start(id: "pomodoro", plan: Self.pomodoro()) { _, _, _ in }
      XCTAssertEqual(
        Self.spans(manager.phaseWindow(id: "pomodoro", lookAhead: 0), from: wall.now), ["Focus 0.0-1500.0"])
      XCTAssertNil(manager.phaseWindow(id: "pomodoro", lookAhead: -1))
      XCTAssertNil(manager.phaseWindow(id: "pomodoro", lookAhead: .min))
      XCTAssertNil(manager.phaseWindow(id: "nothing"))
      XCTAssertEqual(manager.phaseWindow(id: "pomodoro", lookAhead: .max)?.phases.count, 8, "up to the pausing phase")
      XCTAssertEqual(
        manager.snapshot(of: String.self).phaseWindow(id: "pomodoro", lookAhead: 0, at: wall.now)?.phases.count, 1)
      XCTAssertNil(manager.snapshot(of: String.self).phaseWindow(id: "pomodoro", lookAhead: -1, at: wall.now))
    }
  }

  func testAForeverPlansWindowHoldsAtMostTheMaximumLookAhead() throws {
    try withManualManager { manager, _, wall in
      let plan = try CountdownPlan(blocks: [
        CountdownPlan.Block(
          [CountdownPhase("Run", .seconds(90)), CountdownPhase("Walk", .seconds(60))], repeated: .forever)
      ])
      try manager.start(id: "intervals", plan: plan) { _, _, _ in }
      let window = try XCTUnwrap(manager.phaseWindow(id: "intervals", lookAhead: .max))
      XCTAssertEqual(window.phases.count, CountdownPhaseWindow.maximumLookAhead + 1)
      XCTAssertEqual(window.phases.last?.end, (wall.now + 500 * 150 + 90).timeIntervalSince1970)
      XCTAssertNil(window.planEnd)
      let snapshot = manager.snapshot(of: String.self)
      XCTAssertEqual(snapshot.phaseWindow(id: "intervals", lookAhead: .max, at: wall.now), window)
      let pushes = snapshot.pushSchedule(id: "intervals", lookAhead: .max, from: wall.now, limit: 3)
      XCTAssertEqual(pushes.map(\.window.phases.count), [1_001, 1_001, 1_001])
      XCTAssertEqual(pushes.map(\.window.current.ordinal), [0, 1_001, 2_002])
    }
  }

  func testASingleCountdownAndAnEndedPlanHaveNoWindow() throws {
    try withManualManager { manager, clock, _ in
      try manager.start(id: "tea", for: .seconds(60)) { _, _, _ in }
      try manager.start(id: "workout", plan: Self.workout()) { _, _, _ in }
      XCTAssertNil(manager.phaseWindow(id: "tea"))
      try clock.advance(by: .seconds(180))
      XCTAssertNil(manager.phaseWindow(id: "workout"))
      XCTAssertNil(manager.phasePosition(id: "workout"))
    }
  }

  func testTheCurrentPhaseSpansTheTimeAddedAsItsTimerDatesDo() throws {
    try withManualManager { manager, clock, wall in
      try manager.start(id: "workout", plan: Self.workout()) { _, _, _ in }
      try clock.advance(by: .seconds(10))
      try manager.addTime(.seconds(30), id: "workout")
      let window = try XCTUnwrap(manager.phaseWindow(id: "workout"))
      XCTAssertEqual(Self.spans(window, from: wall.now), ["Warm-up -10.0-80.0", "Work 80.0-100.0"])
      XCTAssertEqual(window.current.timerInterval, manager.timerDates(id: "workout")?.timerInterval)
      try Self.assertAgrees(window, with: manager.phasePosition(id: "workout"))
    }
  }

  // MARK: From a snapshot

  func testASnapshotsWindowIsTheManagersAndStartsAtTheTimelinesDates() throws {
    try withManualManager { manager, clock, wall in
      try manager.start(id: "pomodoro", plan: Self.pomodoro()) { _, _, _ in }
      try clock.advance(by: .seconds(600))
      let snapshot = try CountdownSnapshot<String>(decoding: JSONEncoder().encode(manager.snapshot(of: String.self)))
      for lookAhead in 0...9 {
        let window = snapshot.phaseWindow(id: "pomodoro", lookAhead: lookAhead, at: wall.now)
        XCTAssertEqual(window, manager.phaseWindow(id: "pomodoro", lookAhead: lookAhead), "look-ahead \(lookAhead)")
        // Each later phase starts at a timeline entry's date (the timeline's first is now), up to
        // the long break, after which the plan waits.
        let phases = try XCTUnwrap(window?.phases)
        XCTAssertEqual(phases.count, min(lookAhead + 1, 8), "look-ahead \(lookAhead)")
        let timeline = snapshot.timeline(id: "pomodoro", from: wall.now, limit: 20)
        XCTAssertEqual(
          phases.dropFirst().map(\.start), timeline[1..<phases.count].map(\.date.timeIntervalSince1970),
          "look-ahead \(lookAhead)")
        XCTAssertEqual(phases.last?.end, timeline[phases.count].date.timeIntervalSince1970)
        XCTAssertEqual(phases.map(\.ordinal), timeline.prefix(phases.count).compactMap(\.position?.ordinal))
      }
      // An hour later, from the snapshot alone: the plan walked on.
      let later = wall.now + 3_600
      let window = snapshot.phaseWindow(id: "pomodoro", lookAhead: 1, at: later)
      XCTAssertEqual(Self.spans(window, from: later), ["Focus -600.0-900.0", "Break 900.0-1200.0"])
      XCTAssertEqual(window?.current.cycle, 2)
    }
  }

  func testASnapshotOfAPausesPlanStandsStillUnpaused() throws {
    try withManualManager { manager, clock, wall in
      try manager.start(id: "workout", plan: Self.workout(), whileSuspended: .pauses) { _, _, _ in }
      try clock.advance(by: .seconds(50))
      let snapshot = manager.snapshot(of: String.self)
      let window = try XCTUnwrap(snapshot.phaseWindow(id: "workout", at: wall.now + 3_600))
      XCTAssertFalse(window.isPaused, "frozen while the app is away, not paused")
      XCTAssertEqual(window.pausedAt, (wall.now + 3_600).timeIntervalSince1970)
      XCTAssertNil(window.staleDate)
      XCTAssertEqual(Self.spans(window, from: wall.now + 3_600), ["Warm-up -50.0-10.0", "Work 10.0-30.0"])
      let timeline = snapshot.timeline(id: "workout", from: wall.now + 3_600, limit: 3)
      XCTAssertEqual(timeline.count, 1)
      XCTAssertEqual(timeline.first?.position?.isPaused, window.isPaused)
    }
  }

  func testASnapshotOfAPausesPlanPausedByTheAppIsPaused() throws {
    try withManualManager { manager, clock, wall in
      try manager.start(id: "workout", plan: Self.workout(), whileSuspended: .pauses) { _, _, _ in }
      try clock.advance(by: .seconds(50))
      manager.pause(id: "workout")
      let snapshot = manager.snapshot(of: String.self)
      let window = try XCTUnwrap(snapshot.phaseWindow(id: "workout", at: wall.now + 3_600))
      XCTAssertTrue(window.isPaused, "paused by the app, not frozen")
      XCTAssertEqual(window.pausedAt, (wall.now + 3_600).timeIntervalSince1970)
      XCTAssertEqual(Self.spans(window, from: wall.now + 3_600), ["Warm-up -50.0-10.0", "Work 10.0-30.0"])
      XCTAssertEqual(manager.phaseWindow(id: "workout")?.isPaused, true)
    }
  }

  func testASnapshotInServerTimeHasTheWindowOfTheDeviceDates() throws {
    try withManualManager { manager, clock, wall in
      try manager.start(id: "workout", plan: Self.workout()) { _, _, _ in }
      try clock.advance(by: .seconds(50))
      let device = manager.snapshot(of: String.self)
      // The same snapshot written in server time, the server 5 s ahead of the device.
      var server = device
      server.serverOffset = .seconds(5)
      server.phaseEntries[0].date = device.phaseEntries[0].date.map { $0 + 5 }
      let window = server.phaseWindow(id: "workout", lookAhead: 1, at: wall.now)
      XCTAssertEqual(Self.spans(window, from: wall.now), ["Warm-up -50.0-10.0", "Work 10.0-30.0"])
      XCTAssertEqual(window, device.phaseWindow(id: "workout", lookAhead: 1, at: wall.now))
    }
  }

  func testASnapshotsPlanThatEndedOrIsMissingHasNoWindow() throws {
    try withManualManager { manager, _, wall in
      try manager.start(id: "workout", plan: Self.workout()) { _, _, _ in }
      let snapshot = manager.snapshot(of: String.self)
      XCTAssertNotNil(snapshot.phaseWindow(id: "workout", at: wall.now + 149))
      XCTAssertNil(snapshot.phaseWindow(id: "workout", at: wall.now + 150))
      XCTAssertNil(snapshot.phaseWindow(id: "other", at: wall.now))
      var broken = snapshot
      broken.phaseEntries[0].date = Date(timeIntervalSince1970: .infinity)
      XCTAssertNil(broken.phaseWindow(id: "workout", at: wall.now))
      broken.phaseEntries[0].date = Date(timeIntervalSince1970: 1e300)
      XCTAssertNil(broken.phaseWindow(id: "workout", at: wall.now))
    }
  }

  // MARK: The window's own reads

  func testPhaseAtPicksThePhaseWhoseSpanHoldsTheInstant() throws {
    try withManualManager { manager, _, wall in
      try manager.start(id: "workout", plan: Self.workout()) { _, _, _ in }
      let window = try XCTUnwrap(manager.phaseWindow(id: "workout", lookAhead: 2))
      let names = [-10, 0, 59.999, 60, 79, 80, 89.9, 90, 1_000].map { window.phase(at: wall.now + $0).phase.name }
      XCTAssertEqual(names, ["Warm-up", "Warm-up", "Warm-up", "Work", "Work", "Rest", "Rest", "Rest", "Rest"])
    }
  }

  func testAWindowRoundTripsThroughJSONWhateverTheDateStrategy() throws {
    try withManualManager { manager, _, _ in
      try manager.start(id: "pomodoro", plan: Self.pomodoro()) { _, _, _ in }
      manager.pause(id: "pomodoro")
      let window = try XCTUnwrap(manager.phaseWindow(id: "pomodoro", lookAhead: 3))
      for strategy in [JSONEncoder.DateEncodingStrategy.iso8601, .secondsSince1970, .deferredToDate] {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = strategy
        XCTAssertEqual(try JSONDecoder().decode(CountdownPhaseWindow.self, from: encoder.encode(window)), window)
      }
    }
  }

  func testDecodingRefusesAWindowItsReadsCouldNotUse() throws {
    try withManualManager { manager, _, _ in
      try manager.start(id: "pomodoro", plan: Self.pomodoro()) { _, _, _ in }
      let window = try XCTUnwrap(manager.phaseWindow(id: "pomodoro"))
      let json = try XCTUnwrap(JSONSerialization.jsonObject(with: JSONEncoder().encode(window)) as? [String: Any])
      func decodes(_ change: (inout [String: Any]) -> Void) -> Bool {
        var changed = json
        change(&changed)
        guard let data = try? JSONSerialization.data(withJSONObject: changed) else { return false }
        return (try? JSONDecoder().decode(CountdownPhaseWindow.self, from: data)) != nil
      }
      XCTAssertTrue(decodes { _ in })
      XCTAssertFalse(decodes { $0["phases"] = [Any]() }, "no phase")
      XCTAssertFalse(
        decodes {
          var phases = $0["phases"] as! [[String: Any]]
          phases[0]["start"] = (phases[0]["end"] as! Double) + 1
          $0["phases"] = phases
        }, "an end before its start")
      XCTAssertFalse(
        decodes {
          var phases = $0["phases"] as! [[String: Any]]
          phases[1]["ordinal"] = -1
          $0["phases"] = phases
        }, "a negative ordinal")
    }
  }

  /// A phase's `timerInterval` is a closed range: a phase whose start is its end, a range of one
  /// instant, decodes.
  func testDecodingKeepsAPhaseWhoseStartIsItsEnd() throws {
    try withManualManager { manager, _, _ in
      try manager.start(id: "pomodoro", plan: Self.pomodoro()) { _, _, _ in }
      let window = try XCTUnwrap(manager.phaseWindow(id: "pomodoro"))
      var json = try XCTUnwrap(JSONSerialization.jsonObject(with: JSONEncoder().encode(window)) as? [String: Any])
      var phases = try XCTUnwrap(json["phases"] as? [[String: Any]])
      let end = try XCTUnwrap(phases[0]["end"] as? Double)
      phases[0]["start"] = end
      json["phases"] = phases
      let decoded = try JSONDecoder().decode(
        CountdownPhaseWindow.self, from: JSONSerialization.data(withJSONObject: json))
      XCTAssertEqual(decoded.current.timerInterval, Date(timeIntervalSince1970: end)...Date(timeIntervalSince1970: end))
    }
  }
}
