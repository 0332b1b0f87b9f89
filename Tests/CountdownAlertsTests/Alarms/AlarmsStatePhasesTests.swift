import CountdownKit
import Foundation
import XCTest

@testable import CountdownAlerts

/// The alarms' state machine with a countdown in phases, as a table: the countdown's alarm is its
/// current phase's, under that phase's identifier, so a reading may want another identifier than
/// the one held. (What came before, the turn's reading, the operations.)
final class AlarmsStatePhasesTests: XCTestCase {
  private let pomodoro = IDKey("pomodoro")
  /// The alarms of the phases of ordinals 0, 1 and 2, and of the id as a single countdown.
  private let focus = UUID()
  private let rest = UUID()
  private let lastFocus = UUID()
  private let single = UUID()

  private func turn(_ id: UUID, _ desired: AlarmsState.Desired, now: Int64) -> AlarmsState.Event {
    .turn(
      AlarmsState.Reading(
        desired: [(pomodoro, id, desired, false, nil, false, nil)], now: now, authorization: .authorized),
      clockChanged: false, sweep: nil)
  }

  private let swept: AlarmsState.Event = .turn(.init(desired: [], now: 0), clockChanged: false, sweep: [])

  /// The operations a state's calls make on the center: (the alarm, what is done to it).
  private func operations(_ calls: [AlarmsState.Call]) -> [String] {
    let names = [focus: "focus", rest: "rest", lastFocus: "lastFocus", single: "single"]
    return calls.compactMap {
      guard case .center(let operation) = $0 else { return nil }
      return "\(operation.kind) \(names[operation.id] ?? "?")"
    }
  }

  func testEachPhaseEventsOperations() {
    let started = [swept, turn(focus, .counting(deadline: 600), now: 0)]
    let paused = started + [turn(focus, .paused(remaining: 500), now: 100)]
    let onTheBreak = started + [turn(rest, .counting(deadline: 900), now: 600)]
    let rows: [(String, [AlarmsState.Event], AlarmsState.Event, [String])] = [
      (
        "the plan starts: its first phase's end", [swept], turn(focus, .counting(deadline: 600), now: 0),
        ["schedule(deadline: 600) focus"]
      ),
      (
        "the focus ended: the break's end is scheduled, the focus's ring left to the person", started,
        turn(rest, .counting(deadline: 900), now: 600), ["schedule(deadline: 900) rest"]
      ),
      (
        "the focus ended, read late: its alarm rang; the next one is scheduled all the same", started,
        turn(rest, .counting(deadline: 900), now: 700), ["schedule(deadline: 900) rest"]
      ),
      (
        "the focus skipped: its alarm never rings, the break's counts down", started,
        turn(rest, .counting(deadline: 400), now: 100),
        ["cancel(reported: true) focus", "schedule(deadline: 400) rest"]
      ),
      (
        "the focus ended into a break after which the plan pauses: the break's alarm waits paused", started,
        turn(rest, .paused(remaining: 300), now: 600),
        ["schedulePaused(remaining: 300) rest", "pause rest"]
      ),
      (
        "a skip while paused: the next phase's alarm is paused, the skipped one goes", paused,
        turn(rest, .paused(remaining: 300), now: 150),
        ["cancel(reported: true) focus", "schedulePaused(remaining: 300) rest", "pause rest"]
      ),
      (
        "a minute added to the break: its own alarm moves", onTheBreak,
        turn(rest, .counting(deadline: 60_000_000_900), now: 650),
        ["cancel(reported: true) rest", "schedule(deadline: 60000000900) rest"]
      ),
      (
        "the break paused", onTheBreak, turn(rest, .paused(remaining: 200), now: 700), ["pause rest"]
      ),
      (
        "the plan cancelled on the break (read under the single countdown's identifier): the break's alarm goes",
        onTheBreak, turn(single, .none, now: 700), ["cancel(reported: true) rest"]
      ),
      (
        "the plan ended: the last ring is the person's, nothing is scheduled",
        onTheBreak + [turn(lastFocus, .counting(deadline: 1_500), now: 900)], turn(single, .none, now: 1_500), []
      ),
      (
        "back from the break to the focus, whose alarm rang: the break's goes, the focus's is made anew",
        onTheBreak, turn(focus, .counting(deadline: 1_300), now: 700),
        ["cancel(reported: true) rest", "cancel(reported: false) focus", "schedule(deadline: 1300) focus"]
      ),
      (
        "a single countdown replaced by a plan: its alarm goes, the plan's first phase's is made",
        [swept, turn(single, .counting(deadline: 600), now: 0)], turn(focus, .counting(deadline: 800), now: 100),
        ["cancel(reported: true) single", "schedule(deadline: 800) focus"]
      ),
    ]
    for (what, before, event, expected) in rows {
      var state = AlarmsState()
      for earlier in before { _ = state.handle(earlier) }
      XCTAssertEqual(operations(state.handle(event)), expected, what)
    }
  }

  func testTheRingLeftAtAPhaseEndIsKeptUntilTheUpdateShowsItGoneAndItsStopIsNothingForThePlan() {
    var state = AlarmsState()
    for event in [
      swept, turn(focus, .counting(deadline: 600), now: 0),
      .alarmsChanged([.init(id: focus, state: .countdown)], now: 0),
      turn(rest, .counting(deadline: 900), now: 600),
    ] {
      _ = state.handle(event)
    }
    XCTAssertEqual(state.trackedAlarmCount, 2, "the break's alarm, and the focus's ring")
    XCTAssertEqual(
      state.handle(.alarmsChanged([.init(id: focus, state: .alerting), .init(id: rest, state: .countdown)], now: 610)),
      [], "the focus rings, the break counts down: nothing for the plan")
    XCTAssertEqual(
      state.handle(.alarmsChanged([.init(id: rest, state: .countdown)], now: 620)), [],
      "the person stopped the focus's ring: a stop of that ring only")
    XCTAssertEqual(state.trackedAlarmCount, 1, "nothing kept for the ring that went")
    XCTAssertEqual(
      state.handle(.alarmsChanged([], now: 630)),
      [.follow(.init(key: pomodoro, kind: .cancel)), .readAgain([pomodoro])],
      "the person stopped the break's alarm as it counted down: the plan is cancelled, as a single countdown is")
  }

  /// The cancel of the focus's alarm, moved off, fails: the app hears of it once, and the cancel is
  /// owed: made again (unreported) at each later turn, leaving the break's as it is, owed again at
  /// each refusal; an update that shows it still held asks for a turn, one that shows it gone ends
  /// it. Back on the focus, the turn cancels it before it schedules it again.
  func testAFailedCancelOfTheAlarmMovedOffIsReportedOnceAndOwedUntilItGoes() {
    var state = AlarmsState()
    for event in [swept, turn(focus, .counting(deadline: 600), now: 0)] { _ = state.handle(event) }
    let calls = state.handle(turn(rest, .counting(deadline: 400), now: 100))
    guard case .center(let cancel) = calls.first(where: { if case .center = $0 { true } else { false } }) else {
      return XCTFail("no call")
    }
    XCTAssertEqual(state.handle(.callFailed(cancel, .requestFailed)), [.report(.requestFailed)])
    XCTAssertEqual(state.owedCancels, [focus], "the focus's alarm may still count down")
    XCTAssertEqual(state.alsoRead(clockChanged: false), [], "no countdown to read again for it")
    var onTheBreak = state
    for attempt in 1...3 {
      let again = onTheBreak.handle(turn(rest, .counting(deadline: 400), now: 100 + 10 * Int64(attempt)))
      XCTAssertEqual(
        operations(again), ["cancel(reported: false) focus"], "cancelled again; the break's alarm as it is")
      guard case .center(let cancelAgain)? = again.first(where: { if case .center = $0 { true } else { false } })
      else { return XCTFail("no call") }
      XCTAssertEqual(onTheBreak.handle(.callFailed(cancelAgain, .requestFailed)), [], "refused again: not told again")
      XCTAssertEqual(onTheBreak.owedCancels, [focus], "owed again, once (refusal \(attempt + 1))")
    }
    XCTAssertEqual(
      onTheBreak.handle(
        .alarmsChanged([.init(id: focus, state: .countdown), .init(id: rest, state: .countdown)], now: 140)),
      [.readAgain([AlarmsState.owedCancelsTurn])], "an update that shows it held asks for a turn")
    XCTAssertEqual(
      onTheBreak.handle(.alarmsChanged([.init(id: rest, state: .countdown)], now: 150)), [],
      "one that shows it gone ends what is owed")
    XCTAssertEqual(onTheBreak.owedCancels, [])
    XCTAssertEqual(operations(onTheBreak.handle(turn(rest, .counting(deadline: 400), now: 160))), [])
    XCTAssertEqual(
      operations(state.handle(turn(focus, .counting(deadline: 900), now: 200))),
      ["cancel(reported: true) rest", "cancel(reported: false) focus", "schedule(deadline: 900) focus"],
      "the focus's alarm may still be there: cancelled before it is scheduled again")
    XCTAssertEqual(state.owedCancels, [], "that cancel was the one owed")
  }

  /// The person pauses the focus's alarm, and the app skips the focus before it hears of it: the
  /// update of the pause comes before the cancel's. The pause was of the plan's alarm then: the
  /// plan follows it, as a single countdown follows a pause heard after the app's next calls.
  func testThePersonsPauseOfTheAlarmTheAppMovedOffBeforeItHeardIsThePlans() {
    var state = AlarmsState()
    for event in [
      swept, turn(focus, .counting(deadline: 600), now: 0),
      .alarmsChanged([.init(id: focus, state: .countdown)], now: 0),
      turn(rest, .counting(deadline: 400), now: 100),
    ] {
      _ = state.handle(event)
    }
    XCTAssertEqual(
      state.handle(.alarmsChanged([.init(id: focus, state: .paused)], now: 100)),
      [.follow(.init(key: pomodoro, kind: .pause)), .readAgain([pomodoro])], "the person's pause, heard late")
    XCTAssertEqual(
      state.handle(.alarmsChanged([.init(id: rest, state: .countdown)], now: 100)), [],
      "the app's cancel and schedule: echoes")
    XCTAssertEqual(
      operations(state.handle(turn(rest, .paused(remaining: 300), now: 100))), ["pause rest"],
      "the plan paused: its alarm with it")
  }
}
