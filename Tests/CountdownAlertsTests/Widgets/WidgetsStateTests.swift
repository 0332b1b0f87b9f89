import CountdownKit
import XCTest

@testable import CountdownAlerts

/// The widgets' state machine, transition by transition.
final class WidgetsStateTests: XCTestCase {
  private let tea = IDKey("tea")
  private let egg = IDKey("egg")
  private static let origin = Date(timeIntervalSince1970: 1_800_000_000)

  /// Running to `deadline` on the manager's clock, shown on a device clock `shift` seconds off.
  private func running(_ deadline: Int64, shift: TimeInterval = 0) -> WidgetsState.Shown {
    .running(deadline: deadline, end: Self.origin + Double(deadline) / 1e9 + shift)
  }

  private func turn(_ reading: WidgetsState.Reading, clockChanged: Bool = false) -> WidgetsState.Event {
    .turn(reading, clockChanged: clockChanged)
  }

  func testMovedDatesReloadOnceATurn() {
    var state = WidgetsState(isInForeground: true, reloadsInBackground: false)
    let started = WidgetsState.Reading(shown: [(tea, running(100)), (egg, running(200))], now: 0)
    XCTAssertEqual([.reload], state.handle(turn(started)))
    XCTAssertEqual([], state.handle(turn(started)), "the same dates: nothing to reload")
    let paused = WidgetsState.Reading(shown: [(tea, .frozen(remaining: 50))], now: 50)
    XCTAssertEqual([.reload], state.handle(turn(paused)))
  }

  func testAnEndAtTheDeadlineReloadsNothingACancelDoes() {
    var state = WidgetsState(isInForeground: true, reloadsInBackground: false)
    _ = state.handle(
      turn(
        .init(shown: [(tea, running(100)), (egg, running(200))], now: 0)))
    XCTAssertEqual([], state.handle(turn(.init(shown: [(tea, nil)], now: 100))), "ran out")
    XCTAssertEqual([.reload], state.handle(turn(.init(shown: [(egg, nil)], now: 150))), "cancelled")
    XCTAssertEqual([], state.handle(turn(.init(shown: [], now: 150), clockChanged: true)), "nothing shown")
  }

  func testASequenceReloadsWhenItsOriginMovesNotAtAPhaseEndAndWhenItGoes() throws {
    var state = WidgetsState(isInForeground: true, reloadsInBackground: false)
    let plan = try CountdownPlan(blocks: [CountdownPlan.Block([CountdownPhase("Focus", .seconds(60))])])
    let origin = WidgetsState.Shown.phases(origin: 0, originDate: Self.origin, plan: plan)
    XCTAssertEqual([.reload], state.handle(turn(.init(shown: [(tea, origin)], now: 0))), "started")
    XCTAssertEqual([], state.handle(turn(.init(shown: [(tea, origin)], now: 60))), "a phase end: the same origin")
    XCTAssertEqual(
      [], state.handle(turn(.init(shown: [(tea, origin)], now: 60), clockChanged: true)), "a re-sync, nothing moved")
    let moved = WidgetsState.Shown.phases(origin: 0, originDate: Self.origin + 3_600, plan: plan)
    XCTAssertEqual(
      [.reload], state.handle(turn(.init(shown: [(tea, moved)], now: 60), clockChanged: true)),
      "the device's clock moved")
    let skipped = WidgetsState.Shown.phases(origin: 5, originDate: Self.origin + 3_600, plan: plan)
    XCTAssertEqual([.reload], state.handle(turn(.init(shown: [(tea, skipped)], now: 60))), "skipped")
    XCTAssertEqual(
      [.reload],
      state.handle(turn(.init(shown: [(tea, .pausedPhases(ordinal: 1, remaining: 30, plan: plan))], now: 60))),
      "paused")
    XCTAssertEqual(
      [.reload],
      state.handle(turn(.init(shown: [(tea, .pausedPhases(ordinal: 2, remaining: 30, plan: plan))], now: 60))),
      "skipped while paused, to a phase as long")
    XCTAssertEqual([.reload], state.handle(turn(.init(shown: [(tea, skipped)], now: 70))), "resumed")
    let longer = try CountdownPlan(blocks: [CountdownPlan.Block([CountdownPhase("Focus", .seconds(90))])])
    XCTAssertEqual(
      [.reload],
      state.handle(
        turn(.init(shown: [(tea, .phases(origin: 5, originDate: Self.origin + 3_600, plan: longer))], now: 70))),
      "another plan from the same origin")
    let pausing = WidgetsState.Shown.phases(origin: 5, originDate: Self.origin + 3_600, plan: longer, pausesAfter: 0)
    XCTAssertEqual(
      [.reload], state.handle(turn(.init(shown: [(tea, pausing)], now: 70))),
      "the same origin, its timeline stopping where the plan pauses")
    let pastThePause = WidgetsState.Shown.phases(
      origin: 5, originDate: Self.origin + 3_600, plan: longer, pausesAfter: 2)
    XCTAssertEqual(
      [.reload], state.handle(turn(.init(shown: [(tea, pastThePause)], now: 95))),
      "resumed at the instant it paused itself: the same origin, laid out past the pause")
    XCTAssertEqual(
      [.reload], state.handle(turn(.init(shown: [(tea, nil)], now: 1_000_000_000_000))),
      "gone: the plan's end or a cancel, which the timeline does not show by itself")
  }

  /// A plan that paused itself at the end of the phase its timeline was laid out to stop at (the
  /// next phase paused, its whole length left): nothing to reload, wherever the device's clock is
  /// past that pause; anything else paused there is laid out again.
  func testAPlanPausedWhereItsTimelineStopsReloadsOnlyWhatTheTimelineDoesNotShow() throws {
    let plan = try CountdownPlan(blocks: [
      CountdownPlan.Block([
        CountdownPhase("Focus", .seconds(60), pausesAfter: true), CountdownPhase("Break", .seconds(30)),
      ])
    ])
    let pausing = WidgetsState.Shown.phases(origin: 0, originDate: Self.origin, plan: plan, pausesAfter: 0)
    /// The calls of a re-sync reading `paused`, after a turn that laid the plan out as `laidOut`.
    func resync(_ paused: WidgetsState.Shown, laidOut: WidgetsState.Shown = pausing) -> [WidgetsState.Call] {
      var state = WidgetsState(isInForeground: true, reloadsInBackground: false)
      _ = state.handle(turn(.init(shown: [(tea, laidOut)], now: 0)))
      return state.handle(turn(.init(shown: [(tea, paused)], now: 70_000_000_000), clockChanged: true))
    }
    let paused = { (ordinal: Int, remaining: Int64, readAt: Date?) in
      WidgetsState.Shown.pausedPhases(ordinal: ordinal, remaining: remaining, plan: plan, readAt: readAt)
    }
    XCTAssertEqual(resync(paused(1, 30_000_000_000, Self.origin + 70)), [], "paused where the timeline stops")
    XCTAssertEqual(resync(paused(1, 30_000_000_000, Self.origin + 3_670)), [], "the device's clock moved forward")
    XCTAssertEqual(resync(paused(1, 30_000_000_000, Self.origin + 60)), [], "read at the pause's entry")
    XCTAssertEqual(
      resync(paused(1, 30_000_000_000, Self.origin + 40)), [.reload], "the clock went back before the pause")
    XCTAssertEqual(resync(paused(1, 40_000_000_000, Self.origin + 70)), [.reload], "time added while paused")
    XCTAssertEqual(resync(paused(0, 20_000_000_000, Self.origin + 40)), [.reload], "the app paused the focus")
    XCTAssertEqual(resync(paused(2, 60_000_000_000, Self.origin + 70)), [.reload], "skipped while paused")
    XCTAssertEqual(resync(paused(1, 30_000_000_000, nil)), [.reload], "read at a time not known")
    let running = WidgetsState.Shown.phases(origin: 0, originDate: Self.origin, plan: plan)
    XCTAssertEqual(
      resync(paused(1, 30_000_000_000, Self.origin + 70), laidOut: running), [.reload],
      "laid out with no pause ahead")
  }

  func testTheBackgroundOwesWhatTheForegroundPays() {
    var state = WidgetsState(isInForeground: false, reloadsInBackground: false)
    XCTAssertEqual([], state.handle(turn(.init(shown: [(tea, running(100))], now: 0))))
    XCTAssertTrue(state.owesReload)
    XCTAssertEqual(state.handle(.enteredForeground), [.resync], "a re-sync turn is queued")
    XCTAssertTrue(state.owesReload, "paid by the re-sync turn that comes next")
    XCTAssertEqual([.reload], state.handle(turn(.init(shown: [(tea, running(100))], now: 0), clockChanged: true)))
    XCTAssertFalse(state.owesReload)
    XCTAssertEqual([], state.handle(turn(.init(shown: [(tea, running(100))], now: 0), clockChanged: true)), "paid")
    XCTAssertEqual(state.handle(.enteredBackground), [])
    var eager = WidgetsState(isInForeground: false, reloadsInBackground: true)
    XCTAssertEqual([.reload], eager.handle(turn(.init(shown: [(tea, running(100))], now: 0))))
    XCTAssertFalse(eager.owesReload)
  }

  func testAResyncReloadsOnlyWhenTheClockMovedARunningEnd() {
    var state = WidgetsState(isInForeground: true, reloadsInBackground: false)
    XCTAssertEqual(state.alsoRead(clockChanged: true), [], "nothing shown: nothing to read again")
    _ = state.handle(
      turn(
        .init(shown: [(tea, running(100_000_000_000)), (egg, .frozen(remaining: 50))], now: 0)))
    XCTAssertEqual(Set(state.alsoRead(clockChanged: true)), [tea, egg])
    XCTAssertEqual(state.alsoRead(clockChanged: false), [])
    let same = WidgetsState.Reading(
      shown: [(tea, running(100_000_000_000, shift: 0.000_02)), (egg, .frozen(remaining: 50))], now: 5)
    XCTAssertEqual([], state.handle(turn(same, clockChanged: true)), "two readings of an end that did not move")
    let drifted = WidgetsState.Reading(shown: [(tea, running(100_000_000_000, shift: 0.09))], now: 6)
    XCTAssertEqual([], state.handle(turn(drifted, clockChanged: true)), "within the tolerance")
    let further = WidgetsState.Reading(shown: [(tea, running(100_000_000_000, shift: 0.18))], now: 7)
    XCTAssertEqual(
      [.reload], state.handle(turn(further, clockChanged: true)), "drift adds up from the end last laid out")
    let moved = WidgetsState.Reading(shown: [(tea, running(100_000_000_000, shift: -3_600))], now: 8)
    XCTAssertEqual([.reload], state.handle(turn(moved, clockChanged: true)), "the clock moved the end")
  }
}
