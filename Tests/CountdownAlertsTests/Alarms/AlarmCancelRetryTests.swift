import CountdownAlerts
import CountdownAlertsTesting
import CountdownKit
import Foundation
import XCTest

/// A cancel the center refuses again and again: the alarm no countdown wants any more (its countdown
/// cancelled, or in phases moved off it) is owed a cancel, made again at every later event the
/// alarms handle (an update of the system's alarms, a change of the app's, `retry()`), until an
/// update shows the alarm gone or a cancel goes through; the app hears of the refusal once, and
/// nothing else is cancelled.
final class AlarmCancelRetryTests: XCTestCase {
  /// An update of the system's alarms that is not the package's: the person pauses the app's own
  /// alarm, then resumes it, each update heard at once.
  @MainActor
  private static func centerUpdates(_ h: AlarmsHarness) {
    h.center.personPauses(id: h.foreign)
    h.center.deliverUpdates()
    h.center.personResumes(id: h.foreign)
    h.center.deliverUpdates()
  }

  /// How many cancels of `alarmID` the center received.
  @MainActor
  private static func cancels(of alarmID: UUID, _ h: AlarmsHarness) -> Int {
    h.center.calls.filter { $0 == .cancel(alarmID) }.count
  }

  func testASingleCountdownsCancelRefusedThreeTimesIsMadeAgainUntilTheAlarmIsGone() throws {
    try withAlarms(expectsFailures: true) { h in
      h.center.answerListings()
      try h.manager.start(id: "oven", for: .seconds(1_200)) { _, _, _ in }
      try h.manager.start(id: "egg", for: .seconds(600)) { _, _, _ in }
      let oven = h.alarmsOrFail.alarmID(for: "oven")
      h.center.failCancels(with: URLError(.timedOut), times: 3)
      h.manager.cancel(id: "oven")
      XCTAssertEqual(h.failures.withLock { $0 }, [.requestFailed], "the app hears of the refusal")
      h.alarmsOrFail.retry()  // the cancel again, refused
      h.alarmsOrFail.retry()  // again, refused: the third
      XCTAssertEqual(h.center.alarms.first { $0.id == oven }?.state, .countdown, "still held after 3 refusals")
      XCTAssertEqual(Self.cancels(of: oven, h), 3)
      Self.centerUpdates(h)  // an update of the system's alarms: the cancel again, which goes through
      XCTAssertFalse(h.center.alarms.contains { $0.id == oven }, "the cancelled countdown's alarm is gone")
      XCTAssertEqual(Self.cancels(of: oven, h), 4, "made once per event, and no more once it went through")
      h.manager.pause(id: "egg")  // a change of the app's: nothing owed now
      XCTAssertEqual(Self.cancels(of: oven, h), 4)
      h.assertHeld(["oven", "egg"], "the egg's alarm untouched")
      XCTAssertEqual(h.failures.withLock { $0 }, [.requestFailed], "told once, not at each refusal")
      XCTAssertEqual(h.alarmsOrFail.trackedAlarmCount, 1, "nothing kept for the oven's alarm")
      try h.advance(by: 1_200)
      XCTAssertFalse(h.center.alarms.contains { $0.id == oven }, "no ring for the cancelled oven")
    }
  }

  func testAPhaseAlarmMovedOffWhileCancelsAreRefusedThreeTimesIsCancelledInTheEnd() throws {
    try withAlarms(expectsFailures: true) { h in
      h.center.answerListings()
      try h.manager.start(id: "pomodoro", plan: PhasesTodayTests.plan()) { _, _, _ in }
      try h.manager.start(id: "egg", for: .seconds(600)) { _, _, _ in }
      let alarms = h.alarmsOrFail
      let (focus, rest) = (alarms.alarmID(for: "pomodoro", ordinal: 0), alarms.alarmID(for: "pomodoro", ordinal: 1))
      try h.advance(by: 10)
      h.center.failCancels(with: URLError(.timedOut), times: 3)
      h.manager.skipPhase(id: "pomodoro")  // the focus's cancel refused; the break's alarm scheduled
      XCTAssertEqual(h.failures.withLock { $0 }, [.requestFailed], "the app hears of the refusal")
      // Made again at the update of the break's schedule, and at each later event: the egg's pause
      // (its turn, and its update) is the fourth.
      h.manager.pause(id: "egg")
      XCTAssertFalse(h.center.alarms.contains { $0.id == focus }, "the skipped focus's alarm is gone")
      XCTAssertEqual(Self.cancels(of: focus, h), 4, "once per event, none after it went through")
      h.manager.resume(id: "egg")
      h.alarmsOrFail.retry()
      Self.centerUpdates(h)
      XCTAssertEqual(Self.cancels(of: focus, h), 4)
      XCTAssertEqual(h.center.alarms.first { $0.id == rest }?.state, .countdown, "the break's alarm counts down")
      h.assertHeld(["pomodoro", "egg"], "after the refusals")
      XCTAssertEqual(h.failures.withLock { $0 }, [.requestFailed], "told once")
      XCTAssertEqual(alarms.trackedAlarmCount, 2, "the break's and the egg's alarms, nothing for the focus's")
      try h.advance(by: 50)
      XCTAssertFalse(h.center.alarms.contains { $0.id == focus }, "the skipped phase's end never rings")
    }
  }

  /// Every cancel refused for a while: the app cancels a single countdown and a countdown in
  /// phases, starts another, the person acts on the app's own alarm; then the refusals stop, and
  /// the next update leaves only what the countdowns want, the others' alarms never cancelled.
  func testTheAppCancelsWhileTheCenterRefusesAndOnceRefusalsStopTheAlarmsAreGone() throws {
    try withAlarms(expectsFailures: true) { h in
      h.center.answerListings()
      try h.manager.start(id: "oven", for: .seconds(1_200)) { _, _, _ in }
      try h.manager.start(id: "pomodoro", plan: PhasesTodayTests.plan()) { _, _, _ in }
      try h.manager.start(id: "egg", for: .seconds(600)) { _, _, _ in }
      let alarms = h.alarmsOrFail
      let (oven, focus, egg) = (
        alarms.alarmID(for: "oven"), alarms.alarmID(for: "pomodoro", ordinal: 0), alarms.alarmID(for: "egg")
      )
      h.center.failCancels(with: URLError(.timedOut))
      h.manager.cancel(id: "oven")
      h.manager.cancel(id: "pomodoro")
      XCTAssertEqual(h.failures.withLock { $0 }, [.requestFailed, .requestFailed], "each refusal told once")
      try h.manager.start(id: "tea", for: .seconds(300)) { _, _, _ in }
      for _ in 0..<5 {
        Self.centerUpdates(h)
        alarms.retry()
        XCTAssertLessThanOrEqual(alarms.trackedAlarmCount, 4, "one entry per alarm owed, whatever the refusals")
      }
      XCTAssertEqual(h.center.alarms.filter { $0.id == oven || $0.id == focus }.count, 2, "still refused")
      XCTAssertEqual(h.failures.withLock { $0 }.count, 2, "not told again at each refusal")
      h.center.failCancels(with: nil)
      Self.centerUpdates(h)
      XCTAssertFalse(h.center.alarms.contains { $0.id == oven || $0.id == focus }, "both gone")
      h.assertHeld(["oven", "pomodoro", "egg", "tea"], "only what the countdowns want")
      XCTAssertFalse(h.center.calls.contains(.cancel(egg)), "the egg's alarm never cancelled")
      XCTAssertFalse(h.center.calls.contains(.cancel(alarms.alarmID(for: "tea"))), "nor the tea's")
      XCTAssertEqual(alarms.trackedAlarmCount, 2)
      h.center.clearCalls()
      Self.centerUpdates(h)
      alarms.retry()
      XCTAssertFalse(h.center.calls.contains { if case .cancel = $0 { true } else { false } }, "nothing owed now")
    }
  }

  /// An alarm's identifier is its countdown's id's (and its phase's), not its schedule's: a start
  /// under the id whose cancel is owed makes that cancel first, then the new alarm, which no later
  /// event cancels.
  func testAStartUnderTheIDWhoseCancelIsOwedIsNotCancelledByIt() throws {
    try withAlarms(expectsFailures: true) { h in
      h.center.answerListings()
      try h.manager.start(id: "oven", for: .seconds(1_200)) { _, _, _ in }
      let oven = h.alarmsOrFail.alarmID(for: "oven")
      h.center.failCancels(with: URLError(.timedOut), times: 2)
      h.manager.cancel(id: "oven")
      h.alarmsOrFail.retry()
      h.center.clearCalls()
      try h.manager.start(id: "oven", for: .seconds(300)) { _, _, _ in }
      XCTAssertEqual(h.center.calls, [.cancel(oven), .schedule(oven)], "the owed cancel first, then the new alarm")
      h.center.clearCalls()
      Self.centerUpdates(h)
      h.alarmsOrFail.retry()
      try h.manager.start(id: "egg", for: .seconds(600)) { _, _, _ in }
      XCTAssertFalse(h.center.calls.contains(.cancel(oven)), "the new alarm is not cancelled by the old cancel")
      h.assertHeld(["oven", "egg"], "the oven's new alarm, counting to its new end")
      XCTAssertEqual(h.failures.withLock { $0 }, [.requestFailed])
    }
  }

  /// A start under the id whose cancel is owed, the center still refusing: the schedule fails on
  /// the old alarm (told), and the next event once the refusals stop makes the alarm the new one.
  func testAStartWhileItsIDsCancelIsStillRefusedIsMadeRightOnceTheRefusalsStop() throws {
    try withAlarms(expectsFailures: true) { h in
      h.center.answerListings()
      try h.manager.start(id: "oven", for: .seconds(1_200)) { _, _, _ in }
      h.center.failCancels(with: URLError(.timedOut))
      h.manager.cancel(id: "oven")
      try h.manager.start(id: "oven", for: .seconds(300)) { _, _, _ in }
      XCTAssertNotNil(h.mismatch(["oven"]), "the old alarm is still held")
      h.center.failCancels(with: nil)
      h.alarmsOrFail.retry()
      h.assertHeld(["oven"], "the new alarm, to the new end")
      let failures = h.failures.withLock { $0 }
      XCTAssertEqual(failures.first, .requestFailed, "the cancel's refusal told")
    }
  }

  /// A cancel the center refuses is taken for "no alarm" (a cancel of an alarm that is gone
  /// fails too), but only until an update says what the alarm is: a later refused cancel of the
  /// same alarm, its countdown cancelled, is still owed. Here the countdown's pause makes a cancel
  /// (refused: the alarm stays), a schedule (refused: the identifier is taken) and a pause, which
  /// pauses the alarm still there, its update not heard yet; then the countdown's cancel is refused.
  func testACancelRefusedAfterAnEarlierRefusalOfTheSameAlarmIsStillOwed() throws {
    try withAlarms(expectsFailures: true) { h in
      h.center.answerListings()
      try h.manager.start(id: "oven", for: .seconds(1_200)) { _, _, _ in }
      let oven = h.alarmsOrFail.alarmID(for: "oven")
      h.center.failCancels(with: URLError(.timedOut))
      try h.manager.addTime(.seconds(60), id: "oven")  // the cancel and the schedule refused: not known
      Self.centerUpdates(h)
      h.center.defersUpdates = true  // AlarmKit's updates come a while after the calls
      h.manager.pause(id: "oven")
      XCTAssertEqual(h.center.alarms.first { $0.id == oven }?.state, .paused, "the alarm still there, paused")
      h.manager.cancel(id: "oven")  // refused again
      h.center.defersUpdates = false
      h.center.deliverUpdates()
      h.center.failCancels(with: nil)
      Self.centerUpdates(h)
      XCTAssertFalse(h.center.alarms.contains { $0.id == oven }, "the cancelled countdown's alarm is cancelled")
      h.alarmsOrFail.retry()
      XCTAssertFalse(h.center.alarms.contains { $0.id == oven })
      XCTAssertEqual(h.alarmsOrFail.trackedAlarmCount, 0, "nothing kept once it is gone")
    }
  }

  /// An update the person caused before a schedule, heard late, after the schedule's cancel was
  /// refused: it shows the alarm absent, as it was before the schedule, not gone after it (the
  /// schedule's own update is still to come). The cancel stays owed, made again once the refusals
  /// stop.
  func testACancelRefusedWhileAnUpdateMadeBeforeItsScheduleIsLateIsStillOwed() throws {
    try withAlarms(expectsFailures: true) { h in
      h.center.answerListings()
      try h.manager.start(id: "egg", for: .seconds(600)) { _, _, _ in }
      Self.centerUpdates(h)
      h.center.defersUpdates = true  // AlarmKit's updates come a while after the changes
      h.center.personPauses(id: h.foreign)
      h.center.personResumes(id: h.foreign)
      try h.manager.start(id: "oven", for: .seconds(1_200)) { _, _, _ in }
      let oven = h.alarmsOrFail.alarmID(for: "oven")
      h.center.failCancels(with: URLError(.timedOut))
      h.manager.cancel(id: "oven")
      XCTAssertEqual(h.failures.withLock { $0 }, [.requestFailed], "the app hears of the refusal")
      h.center.defersUpdates = false
      h.center.deliverUpdates()  // the person's updates, made before the oven's schedule, then its own
      h.center.failCancels(with: nil)
      Self.centerUpdates(h)
      XCTAssertFalse(h.center.alarms.contains { $0.id == oven }, "the cancelled countdown's alarm is cancelled")
      h.alarmsOrFail.retry()
      XCTAssertFalse(h.center.alarms.contains { $0.id == oven })
      h.assertHeld(["oven", "egg"], "only the egg's alarm")
      XCTAssertEqual(h.failures.withLock { $0 }, [.requestFailed], "told once")
      XCTAssertEqual(h.alarmsOrFail.trackedAlarmCount, 1, "nothing kept for the oven's alarm")
    }
  }

  /// A countdown that still holds its alarm (time added; a start under the same id) whose cancel
  /// was refused: the alarm counts down to the old end until the next change of any followed
  /// countdown, or `retry()`, makes it again; an update of the system's alarms makes only the
  /// cancels of alarms no countdown wants, so it leaves this one as it is.
  func testACountdownsOwnAlarmWhoseCancelWasRefusedIsMadeAgainAtTheNextChangeOrRetry() throws {
    try withAlarms(expectsFailures: true) { h in
      h.center.answerListings()
      try h.manager.start(id: "oven", for: .seconds(1_200)) { _, _, _ in }
      try h.manager.start(id: "egg", for: .seconds(600)) { _, _, _ in }
      h.center.failCancels(with: URLError(.timedOut), times: 1)
      try h.manager.addTime(.seconds(300), id: "oven")
      XCTAssertNotNil(h.mismatch(["oven", "egg"]), "the oven's alarm counts down to its old end")
      h.center.clearCalls()
      Self.centerUpdates(h)
      XCTAssertEqual(h.center.calls, [], "an update makes no call for a countdown's own alarm")
      h.alarmsOrFail.retry()
      h.assertHeld(["oven", "egg"], "retry(): the oven's alarm made again, to its new end")
      h.center.failCancels(with: URLError(.timedOut), times: 1)
      try h.manager.start(id: "egg", for: .seconds(900)) { _, _, _ in }
      XCTAssertNotNil(h.mismatch(["oven", "egg"]), "the egg's alarm counts down to its first start's end")
      h.center.clearCalls()
      Self.centerUpdates(h)
      XCTAssertEqual(h.center.calls, [])
      h.manager.pause(id: "oven")
      h.assertHeld(["oven", "egg"], "the oven's pause: the egg's alarm made again too")
      XCTAssertEqual(h.failures.withLock { $0.first }, .requestFailed, "the refusal told")
    }
  }

  /// An update that shows the alarm gone (the person stopped it) ends what is owed: no cancel is
  /// made for it again.
  func testAnUpdateShowingTheAlarmGoneEndsTheOwedCancel() throws {
    try withAlarms(expectsFailures: true) { h in
      h.center.answerListings()
      try h.manager.start(id: "oven", for: .seconds(1_200)) { _, _, _ in }
      let oven = h.alarmsOrFail.alarmID(for: "oven")
      h.center.failCancels(with: URLError(.timedOut))
      h.manager.cancel(id: "oven")
      XCTAssertTrue(h.center.personStops(id: oven))
      h.center.deliverUpdates()
      h.center.clearCalls()
      Self.centerUpdates(h)
      h.alarmsOrFail.retry()
      try h.manager.start(id: "egg", for: .seconds(600)) { _, _, _ in }
      XCTAssertFalse(h.center.calls.contains(.cancel(oven)), "nothing owed once the alarm is gone")
      XCTAssertEqual(h.alarmsOrFail.trackedAlarmCount, 1)
      XCTAssertEqual(h.failures.withLock { $0 }, [.requestFailed])
    }
  }
}
