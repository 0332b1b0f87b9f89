import CountdownAlerts
import CountdownAlertsTesting
import CountdownKit
import Foundation
import XCTest

/// A Live Activity whose content takes the window of a countdown in phases
/// (`CountdownLiveActivities(…, lookAhead:) { id, dates, window in … }`), on the manual clock and
/// the fake activity center: each update carries the window `phaseWindow(id:lookAhead:)` reads
/// then, its current phase spanning the dates; the activity is stale from the current phase's
/// end while it runs (the system draws it again then, and the view draws the window's next phase),
/// never while it is paused, and ended at the plan's end.
final class LiveActivityPhaseWindowTests: XCTestCase {
  /// What the activities show: the dates and the window the content closure was given.
  struct Shown: Hashable, Sendable {
    var dates: CountdownTimerDates
    var window: CountdownPhaseWindow?
  }

  /// A harness of the manager's, with activities whose content is the dates and the window.
  @MainActor
  final class Activities {
    let h: LiveActivitiesHarness
    let center: FakeActivityCenter<Shown>
    let activities: CountdownLiveActivities<String, Shown>

    init(lookAhead: Int, namespace: String? = nil) throws {
      h = try LiveActivitiesHarness()
      let wall = h.wall
      center = FakeActivityCenter(now: { wall.now })
      let content: @Sendable (String, CountdownTimerDates, CountdownPhaseWindow?) -> Shown = {
        Shown(dates: $1, window: $2)
      }
      if let namespace {
        activities = try CountdownLiveActivities(
          String.self, manager: h.manager, center: center, namespace: namespace, clockChanges: h.clockChanges,
          lookAhead: lookAhead, content: content)
      } else {
        activities = CountdownLiveActivities(
          String.self, manager: h.manager, center: center, clockChanges: h.clockChanges, lookAhead: lookAhead,
          content: content)
      }
    }

    /// The windows of the updates the center received, in order.
    var updatedWindows: [CountdownPhaseWindow?] {
      center.calls.compactMap { call in
        if case .update(_, let state, _) = call { return .some(state.window) }
        return nil
      }
    }
  }

  /// Focus 60 s, break 30 s, four times: eight phases, 360 s.
  static func pomodoro() throws -> CountdownPlan {
    try CountdownPlan(blocks: [
      CountdownPlan.Block(
        [CountdownPhase("Focus", .seconds(60)), CountdownPhase("Break", .seconds(30), purpose: .recovery)],
        repeated: .times(4))
    ])
  }

  /// Whether two windows show the same: the same phases at the same places, paused alike, each
  /// date within a microsecond (the one laid out from the dates, the other from the clocks).
  static func same(_ a: CountdownPhaseWindow?, _ b: CountdownPhaseWindow?) -> Bool {
    guard let a, let b else { return a == nil && b == nil }
    func close(_ x: Double?, _ y: Double?) -> Bool {
      guard let x, let y else { return x == nil && y == nil }
      return abs(x - y) < 1e-6
    }
    guard a.phases.count == b.phases.count, a.isPaused == b.isPaused, close(a.pausedAt, b.pausedAt),
      close(a.planEnd, b.planEnd)
    else { return false }
    return zip(a.phases, b.phases).allSatisfy { x, y in
      x.ordinal == y.ordinal && x.phase == y.phase && x.pausesAfter == y.pausesAfter && close(x.start, y.start)
        && close(x.end, y.end)
    }
  }

  /// The activity shows the window the manager reads now, its current phase spanning the dates.
  @MainActor
  static func assertShowsTheManagersWindow(
    _ a: Activities, _ activity: String, lookAhead: Int, _ context: String, file: StaticString = #filePath,
    line: UInt = #line
  ) {
    let shown = a.center.activity(activity)?.state
    let window = shown?.window
    XCTAssertNotNil(window, "\(context): no window", file: file, line: line)
    XCTAssertTrue(
      Self.same(window, a.h.manager.phaseWindow(id: "pomodoro", lookAhead: lookAhead)),
      "\(context): shows \(String(describing: window))", file: file, line: line)
    XCTAssertEqual(window?.current.timerInterval, shown?.dates.timerInterval, context, file: file, line: line)
    XCTAssertEqual(window?.pauseTime, shown?.dates.pauseTime, context, file: file, line: line)
  }

  func testLookAheadOneShowsTheNextPhaseAndIsStaleAtTheCurrentOnesEnd() throws {
    try MainActor.assumeIsolated {
      let a = try Activities(lookAhead: 1)
      let activity = a.center.start(countdownID: "pomodoro", state: nil, staleDate: nil)
      try a.h.manager.start(id: "pomodoro", plan: Self.pomodoro()) { _, _, _ in }
      let start = a.h.wall.now
      let shown = { a.center.activity(activity) }
      Self.assertShowsTheManagersWindow(a, activity, lookAhead: 1, "the start")
      XCTAssertEqual(shown()?.state?.window?.phases.map(\.ordinal), [0, 1])
      XCTAssertEqual(shown()?.state?.window?.phases.map(\.phase.name), ["Focus", "Break"])
      XCTAssertEqual(shown()?.staleDate, start + 60, "stale at the focus's end: then the break shows")
      try a.h.advance(by: 60)
      Self.assertShowsTheManagersWindow(a, activity, lookAhead: 1, "the first focus ended")
      XCTAssertEqual(shown()?.state?.window?.phases.map(\.ordinal), [1, 2])
      XCTAssertEqual(shown()?.staleDate, start + 90)
      try a.h.advance(by: 30)
      XCTAssertEqual(shown()?.state?.window?.phases.map(\.ordinal), [2, 3])
      XCTAssertEqual(shown()?.staleDate, start + 150)
      XCTAssertEqual(
        a.updatedWindows.map { $0?.phases.map(\.ordinal) }, [[0, 1], [1, 2], [2, 3]], "one update per phase end")
      XCTAssertNil(shown()?.dismissal)
    }
  }

  func testLookAheadTwoShowsTheNextTwoPhasesAndIsStaleAtTheCurrentOnesEnd() throws {
    try MainActor.assumeIsolated {
      let a = try Activities(lookAhead: 2)
      let activity = a.center.start(countdownID: "pomodoro", state: nil, staleDate: nil)
      try a.h.manager.start(id: "pomodoro", plan: Self.pomodoro()) { _, _, _ in }
      let start = a.h.wall.now
      let shown = { a.center.activity(activity) }
      Self.assertShowsTheManagersWindow(a, activity, lookAhead: 2, "the start")
      XCTAssertEqual(shown()?.state?.window?.phases.map(\.end), [60, 90, 150].map { start.timeIntervalSince1970 + $0 })
      XCTAssertEqual(shown()?.staleDate, start + 60)
      try a.h.advance(by: 60)
      Self.assertShowsTheManagersWindow(a, activity, lookAhead: 2, "the first focus ended")
      XCTAssertEqual(shown()?.state?.window?.phases.map(\.ordinal), [1, 2, 3])
      XCTAssertEqual(shown()?.staleDate, start + 90)
      // The last three phases: the window ends with the plan.
      try a.h.advance(by: 30 + 60 + 30 + 60 + 30)
      Self.assertShowsTheManagersWindow(a, activity, lookAhead: 2, "the fourth focus")
      XCTAssertEqual(shown()?.state?.window?.phases.map(\.ordinal), [6, 7])
      XCTAssertEqual(shown()?.state?.window?.planEnd, start.timeIntervalSince1970 + 360)
      XCTAssertEqual(shown()?.staleDate, start + 330)
      XCTAssertEqual(
        a.updatedWindows.map { $0?.phases.map(\.ordinal) },
        [[0, 1, 2], [1, 2, 3], [2, 3, 4], [3, 4, 5], [4, 5, 6], [5, 6, 7], [6, 7]])
    }
  }

  /// With no phase ahead, the stale date is the current phase's end, as without a window.
  func testLookAheadZeroIsStaleAtTheCurrentPhasesEnd() throws {
    try MainActor.assumeIsolated {
      let a = try Activities(lookAhead: 0)
      let activity = a.center.start(countdownID: "pomodoro", state: nil, staleDate: nil)
      try a.h.manager.start(id: "pomodoro", plan: Self.pomodoro()) { _, _, _ in }
      let start = a.h.wall.now
      let shown = { a.center.activity(activity) }
      Self.assertShowsTheManagersWindow(a, activity, lookAhead: 0, "the start")
      XCTAssertEqual(shown()?.state?.window?.phases.map(\.ordinal), [0])
      XCTAssertEqual(shown()?.staleDate, shown()?.state?.dates.timerInterval.upperBound, "exactly the dates' end")
      XCTAssertEqual(shown()?.staleDate, start + 60)
      try a.h.advance(by: 60)
      XCTAssertEqual(shown()?.state?.window?.phases.map(\.ordinal), [1])
      XCTAssertEqual(shown()?.staleDate, start + 90)
    }
  }

  /// A look-ahead below 0 is taken as 0.
  func testANegativeLookAheadIsTakenAsZero() throws {
    try MainActor.assumeIsolated {
      let a = try Activities(lookAhead: -3)
      try a.h.manager.start(id: "pomodoro", plan: Self.pomodoro()) { _, _, _ in }
      let content = try XCTUnwrap(a.activities.content(for: "pomodoro"))
      XCTAssertEqual(content.state.window?.phases.map(\.ordinal), [0])
      XCTAssertEqual(content.staleDate, a.h.wall.now + 60)
    }
  }

  func testAPauseStandsTheWindowStillWithNoStaleDateAndAResumeRunsItAgain() throws {
    try MainActor.assumeIsolated {
      let a = try Activities(lookAhead: 1)
      let activity = a.center.start(countdownID: "pomodoro", state: nil, staleDate: nil)
      try a.h.manager.start(id: "pomodoro", plan: Self.pomodoro()) { _, _, _ in }
      let start = a.h.wall.now
      let shown = { a.center.activity(activity) }
      try a.h.advance(by: 10)
      a.h.manager.pause(id: "pomodoro")
      Self.assertShowsTheManagersWindow(a, activity, lookAhead: 1, "paused")
      let paused = try XCTUnwrap(shown()?.state?.window)
      XCTAssertTrue(paused.isPaused)
      XCTAssertEqual(paused.pausedAt, start.timeIntervalSince1970 + 10)
      XCTAssertEqual(paused.phases.map(\.end), [60, 90].map { start.timeIntervalSince1970 + $0 }, "laid out from now")
      XCTAssertNil(shown()?.staleDate, "a paused countdown in phases is never stale, as a single one")
      try a.h.advance(by: 20)
      a.h.manager.resume(id: "pomodoro")
      Self.assertShowsTheManagersWindow(a, activity, lookAhead: 1, "resumed")
      XCTAssertEqual(shown()?.state?.window?.isPaused, false)
      XCTAssertNil(shown()?.state?.window?.pausedAt)
      XCTAssertEqual(shown()?.staleDate, start + 80, "the focus's end, moved by the pause")
    }
  }

  func testASkipAndTimeAddedMoveTheWindowAndItsStaleDate() throws {
    try MainActor.assumeIsolated {
      let a = try Activities(lookAhead: 1)
      let activity = a.center.start(countdownID: "pomodoro", state: nil, staleDate: nil)
      try a.h.manager.start(id: "pomodoro", plan: Self.pomodoro()) { _, _, _ in }
      let start = a.h.wall.now
      let shown = { a.center.activity(activity) }
      try a.h.advance(by: 10)
      a.h.manager.skipPhase(id: "pomodoro")
      Self.assertShowsTheManagersWindow(a, activity, lookAhead: 1, "skipped to the break")
      XCTAssertEqual(shown()?.state?.window?.phases.map(\.ordinal), [1, 2])
      XCTAssertEqual(shown()?.state?.window?.current.start, start.timeIntervalSince1970 + 10)
      XCTAssertEqual(shown()?.staleDate, start + 40, "the break's end, from now")
      try a.h.manager.addTime(.seconds(15), id: "pomodoro")
      a.h.drainMain()
      Self.assertShowsTheManagersWindow(a, activity, lookAhead: 1, "time added to the break")
      XCTAssertEqual(shown()?.state?.window?.current.end, start.timeIntervalSince1970 + 55)
      XCTAssertEqual(shown()?.staleDate, start + 55, "the break's end, moved by the time added")
      XCTAssertEqual(a.updatedWindows.count, 3, "the start, the skip, the time added")
    }
  }

  func testThePlansEndEndsTheActivity() throws {
    try MainActor.assumeIsolated {
      let a = try Activities(lookAhead: 1)
      let activity = a.center.start(countdownID: "pomodoro", state: nil, staleDate: nil)
      try a.h.manager.start(id: "pomodoro", plan: PhasesTodayTests.plan()) { _, _, _ in }
      let start = a.h.wall.now
      try a.h.advance(by: 90)
      XCTAssertEqual(a.center.activity(activity)?.state?.window?.planEnd, start.timeIntervalSince1970 + 150)
      try a.h.advance(by: 60)
      XCTAssertEqual(a.center.activity(activity)?.dismissal, .afterEnd, "ended with the plan, shown a while")
      XCTAssertEqual(a.center.activities.count, 1)
      XCTAssertNil(a.activities.content(for: "pomodoro"))
    }
  }

  /// The window stops at a phase after which the plan pauses; the plan then waits, its window
  /// standing still at the next phase.
  func testTheWindowStopsAtAPhaseThatPausesThePlan() throws {
    try MainActor.assumeIsolated {
      let a = try Activities(lookAhead: 3)
      let activity = a.center.start(countdownID: "pomodoro", state: nil, staleDate: nil)
      let plan = try CountdownPlan(blocks: [
        CountdownPlan.Block(
          [CountdownPhase("Focus", .seconds(60), pausesAfter: true), CountdownPhase("Break", .seconds(30))],
          repeated: .forever)
      ])
      try a.h.manager.start(id: "pomodoro", plan: plan) { _, _, _ in }
      let start = a.h.wall.now
      let shown = { a.center.activity(activity) }
      XCTAssertEqual(shown()?.state?.window?.phases.map(\.ordinal), [0])
      XCTAssertEqual(shown()?.state?.window?.current.pausesAfter, true)
      XCTAssertEqual(shown()?.staleDate, start + 60)
      // Read at the instant the focus ends: a window standing still is laid out from when it is read.
      try a.h.advance(by: 60)
      Self.assertShowsTheManagersWindow(a, activity, lookAhead: 3, "waiting at the break")
      XCTAssertEqual(shown()?.state?.window?.phases.map(\.ordinal), [1, 2], "up to the next focus, which pauses")
      XCTAssertEqual(shown()?.state?.window?.isPaused, true)
      XCTAssertNil(shown()?.staleDate)
      XCTAssertNil(shown()?.dismissal)
    }
  }

  func testASingleCountdownGetsNoWindow() throws {
    try MainActor.assumeIsolated {
      let a = try Activities(lookAhead: 2)
      let activity = a.center.start(countdownID: "tea", state: nil, staleDate: nil)
      try a.h.manager.start(id: "tea", for: .seconds(180)) { _, _, _ in }
      XCTAssertNotNil(a.center.activity(activity)?.state)
      XCTAssertNil(a.center.activity(activity)?.state?.window)
      XCTAssertEqual(a.center.activity(activity)?.staleDate, a.h.wall.now + 180)
      XCTAssertNil(a.activities.content(for: "tea")?.state.window)
    }
  }

  /// `content(for:)` gives what an update would carry now: the window, and its current phase's end.
  func testTheContentForTheAppsStartIsTheUpdatesContent() throws {
    try MainActor.assumeIsolated {
      let a = try Activities(lookAhead: 2, namespace: "focus")
      try a.h.manager.start(id: "pomodoro", plan: Self.pomodoro()) { _, _, _ in }
      try a.h.advance(by: 70)
      let content = try XCTUnwrap(a.activities.content(for: "pomodoro"))
      XCTAssertTrue(Self.same(content.state.window, a.h.manager.phaseWindow(id: "pomodoro", lookAhead: 2)))
      XCTAssertEqual(content.staleDate, a.h.wall.now + 20)
      XCTAssertEqual(a.activities.countdownID(for: "pomodoro"), "focus/pomodoro")
    }
  }

  /// A phase end whose call has not come (the app suspended past it): the dates still show the
  /// phase that ended, and so does the window's current phase, its end in the past; the phase it
  /// draws now is the one `phaseWindow(id:lookAhead:)` has as current.
  func testAPhaseEndNotYetCalledKeepsTheWindowOnThePhaseTheDatesShow() throws {
    try MainActor.assumeIsolated {
      let a = try Activities(lookAhead: 1)
      try a.h.manager.start(id: "pomodoro", plan: Self.pomodoro()) { _, _, _ in }
      let start = a.h.wall.now
      a.h.manager.suspendTicking()
      try a.h.advance(by: 70)
      let content = try XCTUnwrap(a.activities.content(for: "pomodoro"))
      let window = try XCTUnwrap(content.state.window)
      XCTAssertEqual(window.current.ordinal, 0, "the focus, as the dates")
      XCTAssertEqual(window.current.timerInterval, content.state.dates.timerInterval)
      XCTAssertEqual(content.state.dates.timerInterval.upperBound, start + 60)
      XCTAssertEqual(content.staleDate, start + 60, "the focus's end, past: stale already")
      let read = try XCTUnwrap(a.h.manager.phaseWindow(id: "pomodoro", lookAhead: 1))
      XCTAssertEqual(read.current.ordinal, 1, "the manager's position passed the focus's end")
      let drawn = window.phase(at: a.h.wall.now)
      XCTAssertEqual(drawn.ordinal, read.current.ordinal, "drawn now: the break")
      XCTAssertEqual(drawn.end, read.current.end, accuracy: 1e-6)
      a.h.manager.resumeTicking()
      a.h.drainMain()
      XCTAssertTrue(
        Self.same(a.activities.content(for: "pomodoro")?.state.window, a.h.manager.phaseWindow(id: "pomodoro")),
        "the call came: the two agree again")
    }
  }

  /// A plan that pauses while the app is suspended: its dates are frozen, and its window stands
  /// still with them, not paused, with no stale date.
  func testAPlanFrozenByASuspensionStandsStill() throws {
    try MainActor.assumeIsolated {
      let a = try Activities(lookAhead: 1)
      let activity = a.center.start(countdownID: "pomodoro", state: nil, staleDate: nil)
      try a.h.manager.start(id: "pomodoro", plan: Self.pomodoro(), whileSuspended: .pauses) { _, _, _ in }
      try a.h.advance(by: 10)
      a.h.manager.suspendTicking()
      a.h.drainMain()
      let shown = try XCTUnwrap(a.center.activity(activity)?.state)
      let window = try XCTUnwrap(shown.window)
      XCTAssertNotNil(shown.dates.pauseTime)
      XCTAssertEqual(window.pauseTime, shown.dates.pauseTime)
      XCTAssertFalse(window.isPaused, "frozen, not paused")
      XCTAssertEqual(window.current.timerInterval, shown.dates.timerInterval)
      XCTAssertNil(a.center.activity(activity)?.staleDate)
      a.h.manager.resumeTicking()
      a.h.drainMain()
      Self.assertShowsTheManagersWindow(a, activity, lookAhead: 1, "back in the foreground")
    }
  }
}
