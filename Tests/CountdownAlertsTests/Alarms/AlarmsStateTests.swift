import CountdownKit
import Foundation
import XCTest

@testable import CountdownAlerts

/// The alarms' state machine, transition by transition, with no center and no manager: what each
/// reading makes it call, what a failure makes it read again, and what the sweep at the start
/// cancels.
final class AlarmsStateTests: XCTestCase {
  private let oven = IDKey("oven")
  private let ovenAlarm = UUID()

  /// `start`: which start of the oven's id the countdown is (another after a start under the id).
  private func reading(
    _ desired: AlarmsState.Desired, now: Int64, countsOvertime: Bool = false, start: UInt64? = nil
  ) -> AlarmsState.Reading {
    AlarmsState.Reading(
      desired: [(oven, ovenAlarm, desired, countsOvertime, nil, false, start)], now: now, authorization: .authorized)
  }

  private func kinds(_ operations: [AlarmsState.Operation]) -> [AlarmsState.Operation.Kind] {
    operations.map(\.kind)
  }

  /// The operations of a turn on `state`.
  private func turn(
    _ state: inout AlarmsState, _ reading: AlarmsState.Reading, clockChanged: Bool = false,
    sweep: [CountdownAlarmSnapshot]? = nil
  ) -> [AlarmsState.Operation] {
    state.handle(.turn(reading, clockChanged: clockChanged, sweep: sweep)).compactMap {
      if case .center(let operation) = $0 { operation } else { nil }
    }
  }

  /// What the countdowns do to follow an update of the alarms showing `alarms` at `now`.
  private func observed(
    _ state: inout AlarmsState, _ alarms: [CountdownAlarmSnapshot], now: Int64
  ) -> [AlarmsState.PersonAction] {
    state.handle(.alarmsChanged(alarms, now: now)).compactMap {
      if case .follow(let action) = $0 { action } else { nil }
    }
  }

  func testAStartSchedulesAPausePausesAResumeResumesAGoneCountdownCancels() {
    var state = AlarmsState()
    // Swept first: nothing of a previous process to cancel before scheduling.
    XCTAssertEqual(turn(&state, .init(desired: [], now: 0), sweep: []), [])
    XCTAssertEqual(
      kinds(turn(&state, reading(.counting(deadline: 600), now: 0))),
      [.schedule(deadline: 600)])
    XCTAssertEqual(
      kinds(turn(&state, reading(.paused(remaining: 500), now: 100))), [.pause])
    XCTAssertEqual(
      kinds(turn(&state, reading(.counting(deadline: 700), now: 200))), [.resume])
    XCTAssertEqual(
      kinds(turn(&state, reading(.none, now: 300))), [.cancel(reported: true)])
    XCTAssertEqual(
      turn(&state, reading(.none, now: 300), ), [], "nothing held, nothing wanted")
  }

  func testBeforeTheSweepACountdownThisProcessHasNotTouchedIsCancelledBeforeItIsScheduled() {
    var state = AlarmsState()
    XCTAssertEqual(
      kinds(turn(&state, reading(.counting(deadline: 600), now: 0))),
      [.cancel(reported: false), .schedule(deadline: 600)], "a previous process may have left one")
  }

  func testAFailedCallIsReadAgainWithTheNextWork() {
    var state = AlarmsState()
    _ = turn(&state, .init(desired: [], now: 0), sweep: [])
    let scheduled = turn(&state, reading(.counting(deadline: 600), now: 0))
    XCTAssertEqual(state.alsoRead(clockChanged: false), [])
    XCTAssertEqual(
      state.handle(.callFailed(scheduled[0], .requestFailed)), [.report(.requestFailed)], "the app hears of it")
    XCTAssertEqual(state.alsoRead(clockChanged: false), [oven])
    XCTAssertEqual(
      kinds(turn(&state, reading(.counting(deadline: 600), now: 10))),
      [.cancel(reported: false), .schedule(deadline: 600)], "what the system holds is not known: cancelled first")
    XCTAssertEqual(state.alsoRead(clockChanged: false), [])
  }

  func testTheSweepCancelsWhatNoCountdownHasAndLeavesARingingOneToThePerson() {
    var state = AlarmsState()
    let orphan = UUID()
    let ringing = UUID()
    let operations = turn(
      &state,
      .init(desired: [], now: 0),
      sweep: [
        CountdownAlarmSnapshot(id: orphan, state: .countdown), CountdownAlarmSnapshot(id: ringing, state: .alerting),
      ])
    XCTAssertEqual(operations.map(\.id), [orphan])
    XCTAssertEqual(kinds(operations), [.cancel(reported: false)])
    XCTAssertEqual(state.trackedAlarmCount, 2, "the ringing one, and the orphan's cancel, waited for")
  }

  /// The person pauses the alarm before the app's cancel and schedule (time added) take effect:
  /// the update of the pause comes first, then those of the calls, which are still the app's.
  func testThePersonsChangeBeforeTheAppsCallsTookEffectLeavesTheirEchoesTheAppsOwn() {
    let second: Int64 = 1_000_000_000  // the changes here are of seconds, far beyond the tolerance
    var state = AlarmsState()
    _ = turn(&state, .init(desired: [], now: 0), sweep: [])
    _ = turn(&state, reading(.counting(deadline: 600 * second), now: 0))
    XCTAssertEqual(observed(&state, [CountdownAlarmSnapshot(id: ovenAlarm, state: .countdown)], now: 0), [])
    XCTAssertEqual(
      kinds(turn(&state, reading(.counting(deadline: 660 * second), now: 10 * second))),
      [.cancel(reported: true), .schedule(deadline: 660 * second)])
    XCTAssertEqual(
      observed(&state, [CountdownAlarmSnapshot(id: ovenAlarm, state: .paused)], now: 12 * second),
      [AlarmsState.PersonAction(key: oven, kind: .pause)], "the person's pause")
    XCTAssertEqual(observed(&state, [], now: 12 * second), [], "the app's cancel, after the pause: not a stop")
    XCTAssertEqual(observed(&state, [CountdownAlarmSnapshot(id: ovenAlarm, state: .countdown)], now: 12 * second), [])
    XCTAssertEqual(
      kinds(turn(&state, reading(.paused(remaining: 648 * second), now: 12 * second))),
      [.cancel(reported: false), .schedulePaused(remaining: 648 * second), .pause],
      "what the app's calls made of the person's pause is not known: made anew as the countdown is")
  }

  /// The person stops several alarms, and the app adds time to their countdowns before it hears
  /// of it: one update shows them all gone, taken for the echoes of the app's cancels, which then
  /// fail (no alarm). Each failure is the person's stop of its own alarm, which its countdown
  /// follows: the update heard is kept for every alarm it held an echo of, not only the last.
  func testTheStopsOfSeveralAlarmsHeardInOneUpdateBeforeTheAppsCancelsFailedAreEachFollowed() {
    let second: Int64 = 1_000_000_000
    let keys = (0..<8).map { IDKey("timer \($0)") }
    let alarms = keys.map { _ in UUID() }
    let all = { (desired: AlarmsState.Desired, now: Int64) in
      AlarmsState.Reading(
        desired: zip(keys, alarms).map { ($0, $1, desired, false, nil, false, nil) }, now: now,
        authorization: .authorized)
    }
    var state = AlarmsState()
    _ = turn(&state, .init(desired: [], now: 0), sweep: [])
    _ = turn(&state, all(.counting(deadline: 600 * second), 0))
    XCTAssertEqual(observed(&state, alarms.map { CountdownAlarmSnapshot(id: $0, state: .countdown) }, now: 0), [])
    let cancels = turn(&state, all(.counting(deadline: 660 * second), 10 * second)).filter {
      $0.kind == .cancel(reported: true)
    }
    XCTAssertEqual(cancels.count, keys.count)
    XCTAssertEqual(observed(&state, [], now: 12 * second), [], "taken for the echoes of the app's cancels")
    for cancel in cancels {
      let calls = state.handle(.callFailed(cancel, .requestFailed))
      XCTAssertTrue(
        calls.contains(.follow(AlarmsState.PersonAction(key: cancel.key!, kind: .cancel))),
        "the person's stop of \(cancel.key!.base) is followed")
    }
    XCTAssertEqual(state.owedCancels, [], "no cancel owed for alarms the update showed gone")
  }

  /// The person stops the alarm, and the app starts its countdown again under the same id before
  /// it hears of it: the alarm is made anew (a cancel and a schedule, for the new start), and the
  /// stop, heard before those calls took effect, was of the old countdown's alarm: the new
  /// countdown does not follow it, whether the update comes before the cancel failed (taken for
  /// its echo) or after it; time added instead (the same start) follows it.
  func testAStopMadeBeforeTheCallsOfAStartUnderTheSameIDIsNotTheNewCountdowns() {
    let second: Int64 = 1_000_000_000
    for heardFirst in [true, false] {
      var state = AlarmsState()
      _ = turn(&state, .init(desired: [], now: 0), sweep: [])
      _ = turn(&state, reading(.counting(deadline: 600 * second), now: 0, start: 1))
      XCTAssertEqual(observed(&state, [CountdownAlarmSnapshot(id: ovenAlarm, state: .countdown)], now: 0), [])
      let restart = turn(&state, reading(.counting(deadline: 600 * second), now: 0, start: 2))
      XCTAssertEqual(
        kinds(restart), [.cancel(reported: true), .schedule(deadline: 600 * second)],
        "the same end, but another start: its alarm made anew")
      XCTAssertEqual(restart.map(\.forNewStart), [true, true])
      var follows: [AlarmsState.PersonAction] = []
      if heardFirst {
        XCTAssertEqual(observed(&state, [], now: second), [], "taken for the cancel's echo")
        follows = state.handle(.callFailed(restart[0], .requestFailed)).compactMap {
          if case .follow(let action) = $0 { action } else { nil }
        }
      } else {
        _ = state.handle(.callFailed(restart[0], .requestFailed))
        follows = observed(&state, [], now: second)
      }
      XCTAssertFalse(
        follows.contains { $0.kind == .cancel }, "heard \(heardFirst ? "before" : "after") the failure: \(follows)")
    }
  }

  /// The person stops the paused alarm, and the app resumes its countdown before it hears of it;
  /// the update of the stop comes before the resume fails (there is no alarm): the countdown
  /// follows the stop, and once the resume failed no call of the app's can bring the alarm back.
  /// The countdown gone, nothing is cancelled (the alarm is known gone) and nothing kept for it.
  func testTheStopHeardBeforeTheAppsResumeFailedLeavesNothingToCancelOrKeep() {
    var state = AlarmsState()
    _ = turn(&state, .init(desired: [], now: 0), sweep: [])
    _ = turn(&state, reading(.counting(deadline: 600), now: 0))
    XCTAssertEqual(observed(&state, [CountdownAlarmSnapshot(id: ovenAlarm, state: .countdown)], now: 0), [])
    _ = turn(&state, reading(.paused(remaining: 500), now: 100))
    XCTAssertEqual(observed(&state, [CountdownAlarmSnapshot(id: ovenAlarm, state: .paused)], now: 100), [])
    let resume = turn(&state, reading(.counting(deadline: 700), now: 200))
    XCTAssertEqual(kinds(resume), [.resume])
    XCTAssertEqual(observed(&state, [], now: 200), [.init(key: oven, kind: .cancel)], "the person's stop")
    _ = state.handle(.callFailed(resume[0], .requestFailed))
    XCTAssertEqual(turn(&state, reading(.none, now: 200)), [], "no cancel of an alarm shown gone")
    XCTAssertEqual(state.trackedAlarmCount, 0, "nothing kept for it")
    XCTAssertEqual(state.owedCancels, [])
  }

  func testAClockChangeReadsWhatCountsDownAndMovesOnlyAnEndThatMoved() {
    var state = AlarmsState()
    _ = turn(&state, .init(desired: [], now: 0), sweep: [])
    _ = turn(&state, reading(.counting(deadline: 600), now: 0))
    XCTAssertEqual(state.alsoRead(clockChanged: true), [oven], "read again after a change of the clock")
    XCTAssertEqual(state.alsoRead(clockChanged: false), [])
    XCTAssertEqual(
      turn(&state, reading(.counting(deadline: 600), now: 100), clockChanged: true), [],
      "its end did not move: no call")
    XCTAssertEqual(
      kinds(turn(&state, reading(.counting(deadline: 900_000_000), now: 100), clockChanged: true)),
      [.cancel(reported: true), .schedule(deadline: 900_000_000)], "its end moved")
  }

  /// The events besides a turn's reading, as a table: (what came before, the event, the calls).
  func testEachEventsCalls() {
    let swept: [AlarmsState.Event] = [.turn(.init(desired: [], now: 0), clockChanged: false, sweep: [])]
    let start: AlarmsState.Event = .turn(reading(.counting(deadline: 600), now: 0), clockChanged: false, sweep: nil)
    var deniedReading = reading(.counting(deadline: 600), now: 0)
    deniedReading.authorization = .denied
    let schedule = AlarmsState.Operation(key: oven, id: ovenAlarm, kind: .schedule(deadline: 600), sequence: 1)
    let denied = CountdownAlertError.notAuthorized.alarm(ovenAlarm.uuidString)
    let rows: [(String, [AlarmsState.Event], AlarmsState.Event, [AlarmsState.Call])] = [
      ("allowed: scheduled, its stop forgotten", swept, start, [.forgetStop(ovenAlarm), .center(schedule)]),
      (
        "denied: not scheduled, the app hears why", swept, .turn(deniedReading, clockChanged: false, sweep: nil),
        [.forgetStop(ovenAlarm), .withhold(schedule, denied)]
      ),
      (
        "a call failed: reported, and read again", swept, .callFailed(schedule, .requestFailed),
        [.report(.requestFailed)]
      ),
      (
        "denied, told at its place: reported, and read again", swept, .callFailed(schedule, denied), [.report(denied)]
      ),
      (
        "denied again while it waits: not reported again",
        swept + [.turn(deniedReading, clockChanged: false, sweep: nil), .callFailed(schedule, denied)]
          + [.turn(deniedReading, clockChanged: false, sweep: nil)], .callFailed(schedule, denied), []
      ),
      (
        "options AlarmKit cannot take: reported only", swept, .callFailed(schedule, .invalidAlarmOptions),
        [.report(.invalidAlarmOptions)]
      ),
      ("the listing failed: reported", [], .listingFailed(.requestFailed), [.report(.requestFailed)]),
      (
        "a retry after a failed listing lists again", [.listingFailed(.requestFailed)], .retried,
        [.listAlarms, .readAgain([])]
      ),
      ("a retry reads again what failed", swept, .retried, [.readAgain([])]),
      (
        "a turn after a failed listing lists first", [.listingFailed(.requestFailed)],
        .turn(.init(desired: [], now: 0), clockChanged: false, sweep: nil), [.listAlarms]
      ),
      (
        "the person paused a counting alarm: the countdown follows, and is read again",
        swept + [
          start, .alarmsChanged([.init(id: ovenAlarm, state: .countdown)], now: 0),
        ], .alarmsChanged([.init(id: ovenAlarm, state: .paused)], now: 100),
        [.follow(.init(key: oven, kind: .pause)), .readAgain([oven])]
      ),
      ("an alarm of another's namespace is not in the update: nothing", swept, .alarmsChanged([], now: 0), []),
    ]
    for (what, before, event, expected) in rows {
      var state = AlarmsState()
      for earlier in before { _ = state.handle(earlier) }
      XCTAssertEqual(state.handle(event), expected, what)
    }
  }
}
