import CountdownCore
import CountdownTestSupport
import Foundation
import XCTest

@testable import CountdownKit

/// The pushes that keep a Live Activity of a countdown in phases right while the app does not run:
/// one per look-ahead and one phases, at the widget timeline's dates, up to the plan's end or a
/// phase after which it waits.
final class PhasePushScheduleTests: XCTestCase {
  /// A snapshot of `plan` started on `manager` and run for `seconds`, read back from JSON.
  @MainActor
  static func snapshot(
    of plan: CountdownPlan, on manager: CountdownManager, clock: ManualCountdownClock, after seconds: Int64 = 0,
    policy: SuspensionPolicy = .keepsRunning
  ) throws -> CountdownSnapshot<String> {
    try manager.start(id: "plan", plan: plan, whileSuspended: policy) { _, _, _ in }
    try clock.advance(by: .seconds(seconds))
    return try CountdownSnapshot<String>(decoding: JSONEncoder().encode(manager.snapshot(of: String.self)))
  }

  /// The schedule's pushes as (send date in seconds from `origin`, event, phase names).
  static func summary(_ pushes: [CountdownPhasePush], from origin: Date) -> [String] {
    pushes.map { push in
      let names = push.window.phases.map(\.phase.name).joined(separator: ",")
      return "\(push.sendDate - origin.timeIntervalSince1970) \(push.event.name) \(names)"
    }
  }

  func testAPomodoroIsPushedEveryTwoPhasesUpToTheLongBreakThenWaits() throws {
    try withManualManager { manager, clock, wall in
      let snapshot = try Self.snapshot(of: PhaseWindowTests.pomodoro(), on: manager, clock: clock)
      let pushes = snapshot.pushSchedule(id: "plan", lookAhead: 1, from: wall.now, limit: 20)
      XCTAssertEqual(
        Self.summary(pushes, from: wall.now),
        [
          "0.0 update Focus,Break", "1800.0 update Focus,Break", "3600.0 update Focus,Break",
          "5400.0 update Focus,Long break", "7800.0 update Focus,Break",
        ])
      XCTAssertEqual(
        pushes.map { $0.staleDate.map { $0 - wall.now.timeIntervalSince1970 } }, [1_500, 3_300, 5_100, 6_900, nil])
      // The last push shows the next focus waiting, paused at the long break's end.
      let last = try XCTUnwrap(pushes.last?.window)
      XCTAssertTrue(last.isPaused)
      XCTAssertEqual(last.pausedAt, (wall.now + 7_800).timeIntervalSince1970)
      XCTAssertEqual(pushes[3].window.phases.last?.pausesAfter, true)
      XCTAssertTrue(pushes.allSatisfy { !$0.event.isEnd })
      XCTAssertEqual(pushes.map(\.window.current.cycle), [0, 1, 2, 3, 4])
    }
  }

  func testAPlanThatEndsGetsAnEndAtItsEndDismissedAtOnce() throws {
    try withManualManager { manager, clock, wall in
      // Warm-up 0-60, Work 60-80, Rest 80-90, Work 90-110, Rest 110-120, Cool-down 120-150.
      let snapshot = try Self.snapshot(of: PhaseWindowTests.workout(), on: manager, clock: clock, after: 10)
      let pushes = snapshot.pushSchedule(id: "plan", lookAhead: 2, from: wall.now, limit: 20)
      XCTAssertEqual(
        Self.summary(pushes, from: wall.now),
        ["0.0 update Warm-up,Work,Rest", "80.0 update Work,Rest,Cool-down", "140.0 end Work,Rest,Cool-down"])
      let end = try XCTUnwrap(pushes.last)
      XCTAssertEqual(end.event, .end(dismissalDate: (wall.now + 140).timeIntervalSince1970))
      XCTAssertEqual(end.event.dismissalDate, end.window.planEnd)
      XCTAssertEqual(end.sendDate, end.window.planEnd)
      XCTAssertNil(end.staleDate)
      XCTAssertEqual(pushes.map(\.staleDate), [50, 100, nil].map { $0.map { (wall.now + $0).timeIntervalSince1970 } })
      XCTAssertEqual(pushes[1].window.planEnd, (wall.now + 140).timeIntervalSince1970)
      XCTAssertNil(pushes[0].window.planEnd)
      // The first window's current phase starts where it began, 10 s ago.
      XCTAssertEqual(pushes[0].window.current.start, (wall.now - 10).timeIntervalSince1970)
    }
  }

  func testLookAheadZeroPushesEveryPhaseAtTheTimelinesDates() throws {
    try withManualManager { manager, clock, wall in
      let snapshot = try Self.snapshot(of: PhaseWindowTests.workout(), on: manager, clock: clock, after: 10)
      let pushes = snapshot.pushSchedule(id: "plan", lookAhead: 0, from: wall.now, limit: 20)
      let timeline = snapshot.timeline(id: "plan", from: wall.now, limit: 20)
      XCTAssertEqual(pushes.map(\.sendDate), timeline.map(\.date.timeIntervalSince1970))
      XCTAssertEqual(pushes.map(\.event.isEnd), [false, false, false, false, false, false, true])
      for (push, entry) in zip(pushes, timeline) {
        XCTAssertEqual(push.window.phases.count, 1)
        XCTAssertEqual(push.window.current.ordinal, entry.position?.ordinal ?? push.window.current.ordinal)
        XCTAssertEqual(push.staleDate, entry.position?.phaseEndDate?.timeIntervalSince1970)
      }
    }
  }

  func testALimitCutsTheScheduleAndBadInputGivesNone() throws {
    try withManualManager { manager, clock, wall in
      let snapshot = try Self.snapshot(of: PhaseWindowTests.workout(), on: manager, clock: clock)
      XCTAssertEqual(snapshot.pushSchedule(id: "plan", lookAhead: 0, from: wall.now, limit: 2).count, 2)
      XCTAssertEqual(
        snapshot.pushSchedule(id: "plan", lookAhead: 1, from: wall.now, limit: 3).map(\.event.isEnd),
        [false, false, false])
      XCTAssertEqual(
        snapshot.pushSchedule(id: "plan", lookAhead: 1, from: wall.now, limit: 4).map(\.event.isEnd),
        [false, false, false, true])
      XCTAssertEqual(snapshot.pushSchedule(id: "plan", from: wall.now, limit: 0), [])
      XCTAssertEqual(snapshot.pushSchedule(id: "plan", from: wall.now, limit: -3), [])
      XCTAssertEqual(snapshot.pushSchedule(id: "plan", lookAhead: -1, from: wall.now, limit: 5), [])
      XCTAssertEqual(snapshot.pushSchedule(id: "other", from: wall.now, limit: 5), [])
      XCTAssertEqual(snapshot.pushSchedule(id: "plan", from: wall.now + 150, limit: 5), [], "ended by then")
      XCTAssertEqual(snapshot.pushSchedule(id: "plan", lookAhead: .max, from: wall.now, limit: .max).count, 2)
    }
  }

  func testAPausedOrFrozenSequenceGetsOnePushStandingStill() throws {
    try withManualManager { manager, clock, wall in
      _ = try Self.snapshot(of: PhaseWindowTests.workout(), on: manager, clock: clock, after: 70)
      manager.pause(id: "plan")
      let snapshot = manager.snapshot(of: String.self)
      let paused = snapshot.pushSchedule(id: "plan", from: wall.now + 500, limit: 10)
      XCTAssertEqual(paused.count, 1)
      XCTAssertEqual(paused.first?.window.isPaused, true)
      XCTAssertEqual(paused.first?.window.pausedAt, (wall.now + 500).timeIntervalSince1970)
      XCTAssertNil(paused.first?.staleDate)
      manager.cancelAll()

      let frozen = try Self.snapshot(
        of: PhaseWindowTests.workout(), on: manager, clock: clock, after: 10, policy: .pauses)
      let pushes = frozen.pushSchedule(id: "plan", from: wall.now + 3_600, limit: 10)
      XCTAssertEqual(pushes.count, 1)
      XCTAssertEqual(pushes.first?.window.isPaused, false)
      XCTAssertNotNil(pushes.first?.window.pausedAt)
      XCTAssertEqual(pushes.first?.window, frozen.phaseWindow(id: "plan", at: wall.now + 3_600))
    }
  }

  func testEachPushsWindowIsTheSnapshotsWindowAtItsSendDate() throws {
    try withManualManager { manager, clock, wall in
      let snapshot = try Self.snapshot(of: PhaseWindowTests.pomodoro(), on: manager, clock: clock, after: 100)
      for lookAhead in 0...3 {
        let pushes = snapshot.pushSchedule(id: "plan", lookAhead: lookAhead, from: wall.now, limit: 12)
        for push in pushes.dropFirst() where !push.event.isEnd {
          let window = snapshot.phaseWindow(
            id: "plan", lookAhead: lookAhead, at: Date(timeIntervalSince1970: push.sendDate))
          XCTAssertEqual(window, push.window, "look-ahead \(lookAhead), sent at \(push.sendDate)")
        }
        XCTAssertEqual(pushes.first?.window, snapshot.phaseWindow(id: "plan", lookAhead: lookAhead, at: wall.now))
      }
    }
  }

  func testAPushEncodesItsEventAndDatesAsNumbers() throws {
    try withManualManager { manager, clock, wall in
      let snapshot = try Self.snapshot(of: PhaseWindowTests.workout(), on: manager, clock: clock)
      let pushes = snapshot.pushSchedule(id: "plan", lookAhead: 5, from: wall.now, limit: 5)
      let data = try JSONEncoder().encode(pushes)
      XCTAssertEqual(try JSONDecoder().decode([CountdownPhasePush].self, from: data), pushes)
      XCTAssertEqual(
        pushes.map(\.event.description), ["update", "end (dismissal: \((wall.now + 150).timeIntervalSince1970))"])
      XCTAssertEqual(CountdownPhasePush.Event.update.dismissalDate, nil)
      XCTAssertNotEqual(CountdownPhasePush.Event.update, .end(dismissalDate: 0))
    }
  }
}
