import CountdownAlerts
import CountdownAlertsTesting
import CountdownKit
import Foundation
import XCTest

/// Alarms following a countdown in phases, on the manual clock and the fake alarm center: the
/// current phase's end is an alarm of its own (an identifier per phase ordinal), scheduled at each
/// phase end the app sees; the one that rang is left for the person to stop. Each test walks the
/// same plan (Focus 60 s, Break 30 s, Focus 60 s).
final class AlarmPhasesTests: XCTestCase {
  func testEachPhaseEndTheAppSeesSchedulesTheNextAndLeavesTheOneThatRang() throws {
    try withAlarms { h in
      h.center.answerListings()  // the launch's listing: nothing of a previous process to cancel
      try h.manager.start(id: "pomodoro", plan: PhasesTodayTests.plan()) { _, _, _ in }
      let start = h.wall.now
      let own = { h.center.alarms.filter { $0.countdownID == "pomodoro" } }
      XCTAssertEqual(own().map(\.fireDate), [start + 60], "the focus's end")
      try h.advance(by: 60)
      XCTAssertEqual(own().map(\.state), [.alerting, .countdown], "the focus rings, the break's end is scheduled")
      XCTAssertEqual(own().last?.fireDate, start + 90)
      try h.advance(by: 30)
      XCTAssertEqual(own().map(\.state), [.alerting, .alerting, .countdown], "each end rang; the last focus's next")
      XCTAssertEqual(own().last?.fireDate, start + 150)
      XCTAssertEqual(Set(own().map(\.id)).count, 3, "an alarm per phase end, each under its own identifier")
      try h.advance(by: 60)
      XCTAssertEqual(own().map(\.state), [.alerting, .alerting, .alerting], "the plan's end schedules nothing")
      XCTAssertFalse(h.center.calls.contains { if case .cancel = $0 { true } else { false } }, "no ring cancelled")
    }
  }

  func testTheAppsChangesMoveThePausePausesAndTheCancelRemovesTheCurrentPhasesAlarm() throws {
    try withAlarms { h in
      h.center.answerListings()
      try h.manager.start(id: "pomodoro", plan: PhasesTodayTests.plan()) { _, _, _ in }
      let alarms = h.alarmsOrFail
      let (focus, rest, last) = (0...2).map { alarms.alarmID(for: "pomodoro", ordinal: $0) }.triple
      let start = h.wall.now
      try h.advance(by: 10)
      h.center.clearCalls()
      h.manager.skipPhase(id: "pomodoro")
      XCTAssertEqual(h.center.calls, [.cancel(focus), .schedule(rest)], "a skipped phase's end never rings")
      h.assertHeld(["pomodoro"], "skipped to the break")
      h.center.clearCalls()
      try h.manager.addTime(.seconds(20), id: "pomodoro")
      XCTAssertEqual(h.center.calls, [.cancel(rest), .schedule(rest)], "time added moves the break's own alarm")
      XCTAssertEqual(h.center.alarms.first { $0.id == rest }?.fireDate, start + 60)
      h.center.clearCalls()
      h.manager.pause(id: "pomodoro")
      XCTAssertEqual(h.center.calls, [.pause(rest)])
      h.manager.resume(id: "pomodoro")
      XCTAssertEqual(h.center.calls, [.pause(rest), .resume(rest)])
      h.assertHeld(["pomodoro"], "paused and resumed")
      h.center.clearCalls()
      h.manager.restartPhase(id: "pomodoro")
      XCTAssertEqual(h.center.calls, [.cancel(rest), .schedule(rest)], "restarted: the break's alarm, moved")
      h.center.clearCalls()
      h.manager.goToPreviousPhase(id: "pomodoro")
      XCTAssertEqual(h.center.calls, [.cancel(rest), .schedule(focus)], "back to the focus: its alarm again")
      h.assertHeld(["pomodoro"], "back a phase")
      h.manager.skipPhase(id: "pomodoro")
      h.manager.skipPhase(id: "pomodoro")
      h.assertHeld(["pomodoro"], "on the last focus")
      h.center.clearCalls()
      h.manager.cancel(id: "pomodoro")
      XCTAssertEqual(h.center.calls, [.cancel(last)], "the cancel removes the current phase's alarm")
      XCTAssertEqual(h.center.alarms.filter { $0.countdownID == "pomodoro" }, [], "nothing left")
      XCTAssertEqual(alarms.trackedAlarmCount, 0)
    }
  }

  /// The cancel of the alarm a skip moved off fails (the alarm stays, counting down to a phase end
  /// that will not come): it is made again with the countdown's next change, as a single
  /// countdown's failed call is, and with `retry()`, so that the skipped phase's end never rings.
  func testAMovedOffAlarmWhoseCancelFailedIsCancelledAgainAtTheNextChangeAndAtRetry() throws {
    try withAlarms(expectsFailures: true) { h in
      h.center.answerListings()
      try h.manager.start(id: "pomodoro", plan: PhasesTodayTests.plan()) { _, _, _ in }
      try h.manager.start(id: "egg", plan: PhasesTodayTests.plan()) { _, _, _ in }
      let alarms = h.alarmsOrFail
      let (focus, rest) = (alarms.alarmID(for: "pomodoro", ordinal: 0), alarms.alarmID(for: "pomodoro", ordinal: 1))
      let eggFocus = alarms.alarmID(for: "egg", ordinal: 0)
      try h.advance(by: 10)
      h.center.failCancels(with: URLError(.timedOut))
      h.manager.skipPhase(id: "pomodoro")
      h.center.failCancels(with: nil)
      XCTAssertEqual(h.failures.withLock { $0 }, [.requestFailed], "the app hears of the failure")
      XCTAssertEqual(h.center.alarms.first { $0.id == focus }?.state, .countdown, "the skipped focus's alarm stays")
      h.center.clearCalls()
      h.manager.pause(id: "pomodoro")
      XCTAssertEqual(h.center.calls, [.cancel(focus), .pause(rest)], "the countdown's next change cancels it again")
      h.center.failCancels(with: URLError(.timedOut))
      h.manager.skipPhase(id: "egg")
      h.center.failCancels(with: nil)
      h.center.clearCalls()
      alarms.retry()
      XCTAssertEqual(h.center.calls, [.cancel(eggFocus)], "retry() cancels it again")
      try h.advance(by: 60)
      h.drainMain()
      XCTAssertFalse(
        h.center.alarms.contains { $0.id == focus || $0.id == eggFocus }, "no skipped phase's end rings")
      h.assertHeld(["pomodoro", "egg"], "after the cancels made again")
      XCTAssertEqual(h.failures.withLock { $0 }.count, 2, "nothing else failed")
    }
  }

  func testWhileTheAppIsSuspendedOnlyTheCurrentPhasesEndRingsAndTheNextIsScheduledWhenItRuns() throws {
    try withAlarms { h in
      h.center.answerListings()
      try h.manager.start(id: "pomodoro", plan: PhasesTodayTests.plan()) { _, _, _ in }
      let alarms = h.alarmsOrFail
      let (focus, _, last) = (0...2).map { alarms.alarmID(for: "pomodoro", ordinal: $0) }.triple
      let start = h.wall.now
      h.manager.suspendTicking()
      try h.advance(by: 100)  // the focus's and the break's ends pass while the app runs no code
      XCTAssertEqual(
        h.center.alarms.filter { $0.countdownID == "pomodoro" }.map(\.id), [focus], "only the focus's alarm, ringing")
      XCTAssertEqual(h.center.alarms.first { $0.id == focus }?.state, .alerting)
      h.manager.resumeTicking()
      h.drainMain()
      XCTAssertEqual(h.center.alarms.first { $0.id == last }?.fireDate, start + 150, "the last focus's, when it runs")
      XCTAssertEqual(h.center.alarms.first { $0.id == focus }?.state, .alerting, "the focus's ring is the person's")
      h.assertHeld(["pomodoro"], "back in the foreground")
    }
  }

  func testThePersonsStopOfTheCurrentPhasesAlarmCancelsThePlanAndOfARingStopsOnlyTheRing() throws {
    try withAlarms { h in
      h.center.answerListings()
      try h.manager.start(id: "pomodoro", plan: PhasesTodayTests.plan()) { _, _, _ in }
      let alarms = h.alarmsOrFail
      let (focus, rest, _) = (0...2).map { alarms.alarmID(for: "pomodoro", ordinal: $0) }.triple
      try h.advance(by: 70)
      h.center.clearCalls()
      XCTAssertTrue(h.center.personStops(id: focus))
      h.center.deliverUpdates()  // AlarmKit's update of the person's change reaches the app
      XCTAssertEqual(h.manager.phasePosition(id: "pomodoro")?.ordinal, 1, "the break counts on")
      XCTAssertEqual(h.center.calls, [], "nothing for the break's alarm")
      XCTAssertTrue(h.center.personPauses(id: rest))
      h.center.deliverUpdates()
      XCTAssertEqual(h.manager.phasePosition(id: "pomodoro")?.isPaused, true, "paused with its phase's alarm")
      XCTAssertTrue(h.center.personStops(id: rest))
      h.center.deliverUpdates()
      XCTAssertFalse(h.manager.contains(id: "pomodoro"), "stopped while paused: the plan is cancelled")
      XCTAssertEqual(alarms.trackedAlarmCount, 0)
    }
  }

  func testARelaunchKeepsAnEarlierPhasesRingAndMakesTheCurrentPhasesAlarmAgain() throws {
    try withAlarms { h in
      try h.manager.start(id: "pomodoro", plan: PhasesTodayTests.plan()) { _, _, _ in }
      try h.manager.start(id: "egg", plan: PhasesTodayTests.plan()) { _, _, _ in }
      // Identifiers only: the process's alarms go with it at the relaunch.
      let (focus, rest, _) = (0...2).map { h.alarmsOrFail.alarmID(for: "pomodoro", ordinal: $0) }.triple
      let eggRest = h.alarmsOrFail.alarmID(for: "egg", ordinal: 1)
      try h.advance(by: 70)
      h.manager.cancel(id: "egg")
      let gone = h.alarmsOrFail.alarmID(for: "egg", ordinal: 2)
      h.center.hold(id: gone, countdownID: "egg", fireDate: h.wall.now + 100)  // as a previous process left it
      try h.relaunch()
      h.center.answerListings()
      XCTAssertEqual(h.center.alarms.first { $0.id == focus }?.state, .alerting, "the focus's ring is the person's")
      XCTAssertEqual(h.center.alarms.first { $0.id == rest }?.state, .countdown)
      XCTAssertFalse(h.center.alarms.contains { $0.id == eggRest || $0.id == gone }, "no countdown: cancelled")
      h.assertHeld(["pomodoro", "egg"], "relaunched on the break")
    }
  }

  func testAStopRecordedWhileTheAppWasNotRunningCancelsThePlanOnlyIfItWasOfTheCurrentPhase() throws {
    let suiteName = "AlarmPhasesTests.\(UUID().uuidString)"
    defer { UserDefaults.standard.removePersistentDomain(forName: suiteName) }
    let stops = CountdownAlarmStops(suiteName: suiteName)
    try withAlarms { h in
      h.stops = stops
      try h.relaunch()
      try h.manager.start(id: "pomodoro", plan: PhasesTodayTests.plan()) { _, _, _ in }
      try h.manager.start(id: "egg", plan: PhasesTodayTests.plan()) { _, _, _ in }
      try h.advance(by: 70)
      let focus = h.alarmsOrFail.alarmID(for: "pomodoro", ordinal: 0)
      let eggRest = h.alarmsOrFail.alarmID(for: "egg", ordinal: 1)
      try h.relaunch(alarmsFirst: false) {
        stops.record(alarmID: focus)  // the focus's ring, stopped
        stops.record(alarmID: eggRest)  // the break's alarm, counting down
      }
      XCTAssertTrue(h.manager.contains(id: "pomodoro"), "a stop of a ring that rang at a phase end: the plan runs on")
      XCTAssertFalse(h.manager.contains(id: "egg"), "a stop of the current phase's alarm: the plan is cancelled")
      h.assertHeld(["pomodoro", "egg"], "after the launch")
    }
  }
}

extension Array {
  /// The first three elements.
  fileprivate var triple: (Element, Element, Element) { (self[0], self[1], self[2]) }
}
