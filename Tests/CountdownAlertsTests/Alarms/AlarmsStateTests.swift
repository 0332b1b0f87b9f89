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

  private func reading(_ desired: AlarmsState.Desired, now: Int64, countsOvertime: Bool = false) -> AlarmsState.Reading
  {
    AlarmsState.Reading(desired: [(oven, ovenAlarm, desired, countsOvertime)], now: now)
  }

  private func kinds(_ operations: [AlarmsState.Operation]) -> [AlarmsState.Operation.Kind] {
    operations.map(\.kind)
  }

  func testAStartSchedulesAPausePausesAResumeResumesAGoneCountdownCancels() {
    var state = AlarmsState()
    // Swept first: nothing of a previous process to cancel before scheduling.
    XCTAssertEqual(state.apply(.init(desired: [], now: 0), clockChanged: false, sweep: []), [])
    XCTAssertEqual(
      kinds(state.apply(reading(.counting(deadline: 600), now: 0), clockChanged: false, sweep: nil)),
      [.schedule(deadline: 600)])
    XCTAssertEqual(
      kinds(state.apply(reading(.paused(remaining: 500), now: 100), clockChanged: false, sweep: nil)), [.pause])
    XCTAssertEqual(
      kinds(state.apply(reading(.counting(deadline: 700), now: 200), clockChanged: false, sweep: nil)), [.resume])
    XCTAssertEqual(
      kinds(state.apply(reading(.none, now: 300), clockChanged: false, sweep: nil)), [.cancel(reported: true)])
    XCTAssertEqual(
      state.apply(reading(.none, now: 300), clockChanged: false, sweep: nil), [], "nothing held, nothing wanted")
  }

  func testBeforeTheSweepACountdownThisProcessHasNotTouchedIsCancelledBeforeItIsScheduled() {
    var state = AlarmsState()
    XCTAssertEqual(
      kinds(state.apply(reading(.counting(deadline: 600), now: 0), clockChanged: false, sweep: nil)),
      [.cancel(reported: false), .schedule(deadline: 600)], "a previous process may have left one")
  }

  func testAFailedCallIsReadAgainWithTheNextWork() {
    var state = AlarmsState()
    _ = state.apply(.init(desired: [], now: 0), clockChanged: false, sweep: [])
    let scheduled = state.apply(reading(.counting(deadline: 600), now: 0), clockChanged: false, sweep: nil)
    XCTAssertEqual(state.alsoRead(clockChanged: false), [])
    state.callFailed(scheduled[0])
    state.failed(oven, id: ovenAlarm)
    XCTAssertEqual(state.alsoRead(clockChanged: false), [oven])
    XCTAssertEqual(
      kinds(state.apply(reading(.counting(deadline: 600), now: 10), clockChanged: false, sweep: nil)),
      [.cancel(reported: false), .schedule(deadline: 600)], "what the system holds is not known: cancelled first")
    XCTAssertEqual(state.alsoRead(clockChanged: false), [])
  }

  func testTheSweepCancelsWhatNoCountdownHasAndLeavesARingingOneToThePerson() {
    var state = AlarmsState()
    let orphan = UUID()
    let ringing = UUID()
    let operations = state.apply(
      .init(desired: [], now: 0), clockChanged: false,
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
    _ = state.apply(.init(desired: [], now: 0), clockChanged: false, sweep: [])
    _ = state.apply(reading(.counting(deadline: 600 * second), now: 0), clockChanged: false, sweep: nil)
    XCTAssertEqual(state.observed([CountdownAlarmSnapshot(id: ovenAlarm, state: .countdown)], now: 0), [])
    XCTAssertEqual(
      kinds(state.apply(reading(.counting(deadline: 660 * second), now: 10 * second), clockChanged: false, sweep: nil)),
      [.cancel(reported: true), .schedule(deadline: 660 * second)])
    XCTAssertEqual(
      state.observed([CountdownAlarmSnapshot(id: ovenAlarm, state: .paused)], now: 12 * second),
      [AlarmsState.PersonAction(key: oven, kind: .pause)], "the person's pause")
    XCTAssertEqual(state.observed([], now: 12 * second), [], "the app's cancel, after the pause: not a stop")
    XCTAssertEqual(state.observed([CountdownAlarmSnapshot(id: ovenAlarm, state: .countdown)], now: 12 * second), [])
    XCTAssertEqual(
      kinds(state.apply(reading(.paused(remaining: 648 * second), now: 12 * second), clockChanged: false, sweep: nil)),
      [.cancel(reported: false), .schedulePaused(remaining: 648 * second), .pause],
      "what the app's calls made of the person's pause is not known: made anew as the countdown is")
  }

  func testAClockChangeReadsWhatCountsDownAndMovesOnlyAnEndThatMoved() {
    var state = AlarmsState()
    _ = state.apply(.init(desired: [], now: 0), clockChanged: false, sweep: [])
    _ = state.apply(reading(.counting(deadline: 600), now: 0), clockChanged: false, sweep: nil)
    XCTAssertEqual(state.alsoRead(clockChanged: true), [oven], "read again after a change of the clock")
    XCTAssertEqual(state.alsoRead(clockChanged: false), [])
    XCTAssertEqual(
      state.apply(reading(.counting(deadline: 600), now: 100), clockChanged: true, sweep: nil), [],
      "its end did not move: no call")
    XCTAssertEqual(
      kinds(state.apply(reading(.counting(deadline: 900_000_000), now: 100), clockChanged: true, sweep: nil)),
      [.cancel(reported: true), .schedule(deadline: 900_000_000)], "its end moved")
  }
}
