import CountdownAlerts
import CountdownAlertsTesting
import CountdownKit
import CountdownTestSupport
import Foundation
import XCTest

/// What the person does to an alarm in the system's UI (pause, resume, stop), on the manual clock
/// and the fake alarm center: the countdown follows, the echo of the app's own calls is not taken
/// for the person's, and nothing is kept for an alarm that went.
final class AlarmPersonTests: XCTestCase {
  func testThePersonPausesAndResumesTheAlarmAndTheCountdownFollows() throws {
    try withAlarms { h in
      try h.manager.start(id: "tea", for: .seconds(180)) { _, _, _ in }
      let id = h.alarmsOrFail.alarmID(for: "tea")
      try h.advance(by: 30)
      h.center.clearCalls()
      XCTAssertTrue(h.center.personPauses(id: id))
      h.center.deliverUpdates()  // AlarmKit's update of the person's change reaches the app
      XCTAssertEqual(h.manager.timerDates(id: "tea")?.isFrozen, true, "the countdown is paused with its alarm")
      XCTAssertEqual(h.manager.timeLeft(id: "tea"), .seconds(150))
      h.assertHeld(["tea"], "paused by the person")
      try h.advance(by: 100)
      XCTAssertTrue(h.center.personResumes(id: id))
      h.center.deliverUpdates()  // AlarmKit's update of the person's change reaches the app
      XCTAssertEqual(h.manager.timerDates(id: "tea")?.isFrozen, false, "the countdown runs with its alarm")
      XCTAssertEqual(h.manager.timeLeft(id: "tea"), .seconds(150))
      h.assertHeld(["tea"], "resumed by the person")
      XCTAssertEqual(h.center.calls, [], "the alarm already is what the person made it: no call")
      // The app's own pause afterwards is the app's: its echo is not taken for the person's.
      h.manager.pause(id: "tea")
      h.manager.resume(id: "tea")
      h.assertHeld(["tea"], "paused and resumed by the app")
      XCTAssertEqual(h.center.calls, [.pause(id), .resume(id)])
    }
  }

  /// The person pauses the alarm with 10 s left, and the app hears of it only after the
  /// countdown's end: the paused alarm, with nothing left to count, is cancelled, not left on the
  /// Lock Screen.
  func testAPausePersonMadeHeardAfterTheEndLeavesNoPausedAlarm() throws {
    try withAlarms { h in
      try h.manager.start(id: "tea", for: .seconds(60)) { _, _, _ in }
      let id = h.alarmsOrFail.alarmID(for: "tea")
      try h.advance(by: 50)
      h.center.defersUpdates = true
      XCTAssertTrue(h.center.personPauses(id: id))
      try h.advance(by: 20)
      XCTAssertFalse(h.manager.contains(id: "tea"), "the countdown ended before the app heard of the pause")
      h.center.defersUpdates = false
      h.center.deliverUpdates()
      XCTAssertEqual(
        h.center.alarms.filter { $0.id == id }.map(\.state), [], "no paused alarm left with nothing to count")
      XCTAssertEqual(h.alarmsOrFail.trackedAlarmCount, 0)
    }
  }

  func testThePersonStopsTheAlarmWhileItCountsDownAndTheCountdownIsCancelled() throws {
    try withAlarms { h in
      try h.manager.start(id: "tea", for: .seconds(180)) { _, _, _ in }
      try h.manager.start(id: "egg", for: .seconds(300)) { _, _, _ in }
      try h.advance(by: 30)
      h.center.clearCalls()
      XCTAssertTrue(h.center.personStops(id: h.alarmsOrFail.alarmID(for: "tea")))
      h.center.deliverUpdates()  // AlarmKit's update of the person's change reaches the app
      XCTAssertFalse(h.manager.contains(id: "tea"), "stopped by the person: the countdown is cancelled")
      XCTAssertTrue(h.manager.contains(id: "egg"))
      h.assertHeld(["tea", "egg"], "tea stopped")
      XCTAssertEqual(h.center.calls, [], "the alarm is gone already")
      XCTAssertEqual(h.alarmsOrFail.trackedAlarmCount, 1, "nothing kept for the tea")
    }
  }

  func testThePersonStopsThePausedAlarmAndTheCountdownIsCancelled() throws {
    try withAlarms { h in
      try h.manager.start(id: "tea", for: .seconds(180)) { _, _, _ in }
      h.manager.pause(id: "tea")
      h.center.clearCalls()
      XCTAssertTrue(h.center.personStops(id: h.alarmsOrFail.alarmID(for: "tea")))
      h.center.deliverUpdates()  // AlarmKit's update of the person's change reaches the app
      XCTAssertFalse(h.manager.contains(id: "tea"))
      h.assertHeld(["tea"], "stopped while paused")
      XCTAssertEqual(h.center.calls, [])
      XCTAssertEqual(h.alarmsOrFail.trackedAlarmCount, 0)
    }
  }

  func testThePersonStopsTheRingAndNothingIsKeptForIt() throws {
    try withAlarms { h in
      try h.manager.start(id: "egg", for: .seconds(5)) { _, _, _ in }
      let id = h.alarmsOrFail.alarmID(for: "egg")
      try h.advance(by: 5)
      XCTAssertEqual(h.center.alarms.first { $0.id == id }?.state, .alerting)
      XCTAssertTrue(h.center.personStops(id: id))
      h.center.deliverUpdates()  // AlarmKit's update of the person's change reaches the app
      XCTAssertEqual(h.alarmsOrFail.trackedAlarmCount, 0, "the ring stopped: nothing is kept for the egg")
      h.center.clearCalls()
      try h.manager.start(id: "egg", for: .seconds(60)) { _, _, _ in }
      XCTAssertEqual(h.center.calls, [.schedule(id)], "nothing left to cancel")
      h.assertHeld(["egg"], "started again")
    }
  }

  func testAnOvertimeCountdownCancelledByTheAppStopsItsRing() throws {
    try withAlarms { h in
      try h.manager.start(id: "talk", for: .seconds(5), pastTheEnd: .countsOvertime) { _, _, _ in }
      try h.manager.start(id: "egg", for: .seconds(5)) { _, _, _ in }
      let talk = h.alarmsOrFail.alarmID(for: "talk")
      let egg = h.alarmsOrFail.alarmID(for: "egg")
      try h.advance(by: 12)
      XCTAssertTrue(h.manager.contains(id: "talk"), "in overtime")
      XCTAssertEqual(h.center.alarms.first { $0.id == talk }?.state, .alerting)
      h.manager.pause(id: "talk")
      XCTAssertEqual(h.center.alarms.first { $0.id == talk }?.state, .alerting, "paused in overtime: still ringing")
      h.center.clearCalls()
      h.manager.cancel(id: "talk")
      XCTAssertFalse(h.center.alarms.contains { $0.id == talk }, "the app is done with it: its ring stops")
      XCTAssertEqual(h.center.calls, [.cancel(talk)])
      XCTAssertEqual(h.center.alarms.first { $0.id == egg }?.state, .alerting, "an end that came rings on")
      XCTAssertEqual(h.alarmsOrFail.trackedAlarmCount, 1, "only the egg's ring")
    }
  }

  func testAnOvertimeCountdownCancelledBeforeAnyChangeAfterItsEndStopsItsRing() throws {
    try withAlarms { h in
      // Nothing reconciles the talk between its start and the cancel: its end passed unseen.
      h.center.defersUpdates = true
      try h.manager.start(id: "talk", for: .seconds(5), pastTheEnd: .countsOvertime) { _, _, _ in }
      let talk = h.alarmsOrFail.alarmID(for: "talk")
      try h.advance(by: 8)
      h.manager.cancel(id: "talk")
      h.center.deliverUpdates()
      XCTAssertFalse(h.center.alarms.contains { $0.id == talk }, "cancelled in overtime: the ring stops")
      XCTAssertEqual(h.alarmsOrFail.trackedAlarmCount, 0)
    }
  }

  func testTheLateEchoOfTheAppsOwnCallsIsNotThePersons() throws {
    try withAlarms { h in
      // AlarmKit's updates may come a while after the change: here, after the app's next calls.
      h.center.defersUpdates = true
      XCTAssertTrue(h.center.personPauses(id: h.foreign))  // an update from before "tea" was scheduled
      try h.manager.start(id: "tea", for: .seconds(180)) { _, _, _ in }
      let id = h.alarmsOrFail.alarmID(for: "tea")
      h.manager.pause(id: "tea")
      h.manager.resume(id: "tea")
      try h.manager.addTime(.seconds(60), id: "tea")
      h.manager.pause(id: "tea")
      h.center.clearCalls()
      h.center.deliverUpdates()
      XCTAssertTrue(h.manager.contains(id: "tea"), "the update without the tea's alarm came before it was scheduled")
      XCTAssertEqual(h.manager.timerDates(id: "tea")?.isFrozen, true, "paused, as the app left it")
      XCTAssertEqual(h.center.calls, [], "no call answers an echo")
      XCTAssertTrue(h.center.personResumes(id: h.foreign))
      h.center.defersUpdates = false
      h.center.deliverUpdates()
      h.assertHeld(["tea"], "every echo heard")
      XCTAssertEqual(h.alarmsOrFail.trackedAlarmCount, 1, "nothing waits to be heard of")
      // The person's own change after the echoes is the person's.
      XCTAssertTrue(h.center.personResumes(id: id))
      h.center.deliverUpdates()  // AlarmKit's update of the person's change reaches the app
      XCTAssertEqual(h.manager.timerDates(id: "tea")?.isFrozen, false)
      h.assertHeld(["tea"], "resumed by the person")
    }
  }

  /// The person pauses the alarm, and the app adds time before it hears of it: the app's cancel
  /// and schedule come after the person's pause, and their updates after its. The countdown
  /// follows the person (paused), and the echoes of the app's calls, still to come, are not taken
  /// for the person's: the cancel's is not a stop, and the alarm ends paused with its countdown.
  func testThePersonsPauseHeardAfterTheAppsNextCallsLeavesTheAlarmWithItsCountdown() throws {
    try withAlarms { h in
      try h.manager.start(id: "tea", for: .seconds(600)) { _, _, _ in }
      let id = h.alarmsOrFail.alarmID(for: "tea")
      h.center.defersUpdates = true
      XCTAssertTrue(h.center.personPauses(id: id))
      h.center.clearCalls()
      try h.manager.addTime(.seconds(60), id: "tea")
      XCTAssertEqual(h.center.calls, [.cancel(id), .schedule(id)], "made before the person's pause is heard")
      h.center.defersUpdates = false
      h.center.deliverUpdates()
      h.drainMain()
      XCTAssertTrue(h.manager.contains(id: "tea"), "the person paused the alarm; no one stopped it")
      XCTAssertEqual(h.manager.timerDates(id: "tea")?.isFrozen, true, "paused, as the person left it")
      h.assertHeld(["tea"], "the person's pause heard after the app's calls")
    }
  }

  /// The person resumes the paused alarm, and the app starts its countdown again before it hears
  /// of it: the resume's update shows what the app's schedule will, but it comes before the
  /// cancel's, which is not the person's stop.
  func testThePersonsResumeHeardAfterTheAppsRestartIsNotTakenForItsEchoes() throws {
    try withAlarms { h in
      try h.manager.start(id: "tea", for: .seconds(600)) { _, _, _ in }
      h.manager.pause(id: "tea")
      let id = h.alarmsOrFail.alarmID(for: "tea")
      h.center.defersUpdates = true
      XCTAssertTrue(h.center.personResumes(id: id))
      h.center.clearCalls()
      try h.manager.start(id: "tea", for: .seconds(300)) { _, _, _ in }
      XCTAssertEqual(h.center.calls, [.cancel(id), .schedule(id)], "made before the person's resume is heard")
      h.center.defersUpdates = false
      h.center.deliverUpdates()
      h.drainMain()
      XCTAssertTrue(h.manager.contains(id: "tea"), "the person resumed the alarm; no one stopped it")
      h.assertHeld(["tea"], "the person's resume heard after the app's calls")
    }
  }

  /// The person stops the alarm, and the app pauses its countdown before it hears of it: the
  /// pause fails (there is no alarm), and the stop's update that comes after is still the
  /// person's stop: the countdown is cancelled, not left paused without its alarm.
  func testThePersonsStopHeardAfterTheAppsPauseFailedCancelsTheCountdown() throws {
    try withAlarms(expectsFailures: true) { h in
      try h.manager.start(id: "tea", for: .seconds(600)) { _, _, _ in }
      let id = h.alarmsOrFail.alarmID(for: "tea")
      h.center.defersUpdates = true
      XCTAssertTrue(h.center.personStops(id: id))
      h.manager.pause(id: "tea")
      XCTAssertEqual(h.failures.withLock { $0 }, [.requestFailed], "the pause found no alarm")
      h.center.defersUpdates = false
      h.center.deliverUpdates()
      h.drainMain()
      XCTAssertFalse(h.manager.contains(id: "tea"), "the person stopped the alarm")
      h.assertHeld(["tea"], "the person's stop heard after the app's pause failed")
    }
  }

  /// The person stops the paused alarm, and the app resumes its countdown before it hears of it:
  /// the resume fails (there is no alarm), and the stop's update that comes after cancels the
  /// countdown. That update showed the alarm gone, with no call of the app's still to take effect:
  /// nothing is kept for it, and no cancel is made of an alarm known gone.
  func testThePersonsStopHeardAfterTheAppsResumeFailedLeavesNothingKeptForTheAlarm() throws {
    try withAlarms(expectsFailures: true) { h in
      try h.manager.start(id: "tea", for: .seconds(600)) { _, _, _ in }
      let id = h.alarmsOrFail.alarmID(for: "tea")
      h.manager.pause(id: "tea")
      h.center.deliverUpdates()
      h.drainMain()
      h.center.defersUpdates = true
      XCTAssertTrue(h.center.personStops(id: id))
      h.center.clearCalls()
      h.manager.resume(id: "tea")
      XCTAssertEqual(h.failures.withLock { $0 }, [.requestFailed], "the resume found no alarm")
      h.center.defersUpdates = false
      h.center.deliverUpdates()
      h.drainMain()
      XCTAssertFalse(h.manager.contains(id: "tea"), "the person stopped the alarm")
      h.assertHeld(["tea"], "the person's stop heard after the app's resume failed")
      XCTAssertEqual(h.alarmsOrFail.trackedAlarmCount, 0, "nothing kept for an alarm the update showed gone")
      XCTAssertEqual(h.center.calls, [.resume(id)], "no cancel of an alarm the update showed gone")
    }
  }

  func testThePersonsActionOnAnotherAlarmIsIgnored() throws {
    try withAlarms { h in
      try h.manager.start(id: "tea", for: .seconds(180)) { _, _, _ in }
      // One of the namespace that no countdown has, the app's own, and another namespace's.
      let another = try CountdownAlarms(String.self, manager: h.manager, center: FakeAlarmCenter(), namespace: "other")
        .alarmID(for: "egg")
      try h.manager.start(id: "egg", for: .seconds(300)) { _, _, _ in }
      let orphan = h.alarmsOrFail.alarmID(for: "gone")
      h.center.hold(id: orphan, fireDate: h.wall.now + 500)
      h.center.hold(id: another, fireDate: h.wall.now + 500)
      h.center.clearCalls()
      XCTAssertTrue(h.center.personPauses(id: h.foreign))
      XCTAssertTrue(h.center.personPauses(id: orphan))
      XCTAssertTrue(h.center.personStops(id: another))
      XCTAssertEqual(h.manager.timerDates(id: "tea")?.isFrozen, false)
      XCTAssertTrue(h.manager.contains(id: "egg"), "the egg's alarm of this namespace counts on")
      XCTAssertEqual(h.center.calls, [], "nothing answers another's alarm")
      XCTAssertTrue(h.center.personResumes(id: h.foreign))
      XCTAssertTrue(h.center.personStops(id: orphan))
      h.assertHeld(["tea", "egg"], "untouched")
    }
  }

  func testTheObservationEndsWithTheAlarms() throws {
    try withAlarms { h in
      XCTAssertEqual(h.center.observationCount, 1)
      try h.relaunch()
      XCTAssertEqual(h.center.observationCount, 1, "the previous process's observation ended")
    }
  }
}
