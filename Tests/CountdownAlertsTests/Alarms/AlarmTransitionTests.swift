import CountdownAlerts
import CountdownAlertsTesting
import CountdownKit
import CountdownTestSupport
import Foundation
import XCTest

/// Every change of a followed countdown, on the manual clock and the fake alarm center: after it,
/// the center holds exactly the desired alarms, and no call named an alarm that is not ours.
final class AlarmTransitionTests: XCTestCase {
  func testStartAndReplace() throws {
    try withAlarms { h in
      try h.manager.start(id: "tea", for: .seconds(180)) { _, _, _ in }
      h.assertHeld(["tea"], "start")
      try h.advance(by: 20)
      h.center.clearCalls()
      try h.manager.start(id: "tea", for: .seconds(60)) { _, _, _ in }
      h.assertHeld(["tea"], "replaced")
      let id = h.alarmsOrFail.alarmID(for: "tea")
      XCTAssertEqual(h.center.calls, [.cancel(id), .schedule(id)], "no update in AlarmKit")
    }
  }

  func testPauseAndResumeKeepTheAlarmShowingTheTimeLeft() throws {
    try withAlarms { h in
      try h.manager.start(id: "tea", for: .seconds(180)) { _, _, _ in }
      try h.advance(by: 30)
      h.center.clearCalls()
      h.manager.pause(id: "tea")
      h.assertHeld(["tea"], "paused: 150 s left")
      XCTAssertEqual(h.center.alarms.first { $0.id == h.alarmsOrFail.alarmID(for: "tea") }?.remaining, 150)
      try h.advance(by: 100)
      h.manager.resume(id: "tea")
      h.assertHeld(["tea"], "resumed")
      let id = h.alarmsOrFail.alarmID(for: "tea")
      XCTAssertEqual(h.center.calls, [.pause(id), .resume(id)])
    }
  }

  func testTimeAddedAndTakenIsCancelAndSchedule() throws {
    try withAlarms { h in
      try h.manager.start(id: "lot", for: .seconds(60)) { _, _, _ in }
      try h.manager.addTime(.seconds(30), id: "lot")
      h.assertHeld(["lot"], "extended")
      try h.manager.addTime(.seconds(-45), id: "lot")
      h.assertHeld(["lot"], "shortened")
      h.manager.pause(id: "lot")
      try h.manager.addTime(.seconds(30), id: "lot")
      h.assertHeld(["lot"], "paused and extended: the paused alarm shows the new time left")
      h.manager.resume(id: "lot")
      h.assertHeld(["lot"], "resumed after time added while paused")
    }
  }

  func testCancelAndCancelAll() throws {
    try withAlarms { h in
      for (id, seconds) in [("a", 10), ("b", 20), ("c", 30)] {
        try h.manager.start(id: id, for: .seconds(seconds)) { _, _, _ in }
      }
      h.manager.pause(id: "c")
      h.assertHeld(["a", "b", "c"])
      h.manager.cancel(id: "b")
      h.assertHeld(["a", "b", "c"], "b cancelled")
      XCTAssertFalse(h.center.alarms.contains { $0.id == h.alarmsOrFail.alarmID(for: "b") })
      h.manager.cancelAll()
      h.assertHeld(["a", "b", "c"], "all cancelled")
      XCTAssertEqual(h.center.alarms.count, 1, "the app's own stays")
    }
  }

  func testTheEndRingsAndIsLeftToThePerson() throws {
    try withAlarms { h in
      try h.manager.start(id: "egg", for: .seconds(5)) { _, _, _ in }
      h.center.clearCalls()
      try h.advance(by: 5)
      XCTAssertFalse(h.manager.contains(id: "egg"))
      let id = h.alarmsOrFail.alarmID(for: "egg")
      XCTAssertEqual(h.center.alarms.first { $0.id == id }?.state, .alerting)
      XCTAssertEqual(h.center.calls, [], "a ringing alarm is not cancelled by the end")
      h.assertHeld(["egg"], "ended")
      // A new countdown under the same id replaces the ringing alarm.
      try h.manager.start(id: "egg", for: .seconds(60)) { _, _, _ in }
      h.assertHeld(["egg"], "started again")
      XCTAssertEqual(h.center.calls, [.cancel(id), .schedule(id)])
    }
  }

  func testASuspensionPausesOnlyWhatPausesWhileSuspended() throws {
    try withAlarms { h in
      try h.manager.start(id: "oven", for: .seconds(600), whileSuspended: .pauses) { _, _, _ in }
      try h.manager.start(id: "bus", for: .seconds(300)) { _, _, _ in }
      h.manager.suspendTicking()
      h.assertHeld(["oven", "bus"], "suspended: the oven's alarm is paused")
      XCTAssertEqual(h.center.alarms.first { $0.id == h.alarmsOrFail.alarmID(for: "oven") }?.state, .paused)
      try h.advance(by: 60)
      h.manager.resumeTicking()
      h.assertHeld(["oven", "bus"], "resumed")
    }
  }

  func testAChangeOfTheDeviceClockKeepsTheInstant() throws {
    try withAlarms { h in
      try h.manager.start(id: "tea", for: .seconds(180)) { _, _, _ in }
      try h.manager.start(id: "egg", for: .seconds(300)) { _, _, _ in }
      h.manager.pause(id: "egg")
      h.center.clearCalls()
      h.jumpWallClock(by: 3_600)
      h.assertHeld(["tea", "egg"], "the same instant; the paused one untouched")
      XCTAssertEqual(h.center.calls, [], "no end moved: no cancel and schedule")
      try h.manager.addTime(.seconds(60), id: "tea")
      h.jumpWallClock(by: -600)
      h.assertHeld(["tea", "egg"], "an end moved by the app, then a change of the clock")
    }
  }

  func testARelaunchReconcilesWhatTheSystemHolds() throws {
    for alarmsFirst in [true, false] {
      try withAlarms { h in
        try h.manager.start(id: "a", for: .seconds(60)) { _, _, _ in }
        try h.manager.start(id: "b", for: .seconds(120)) { _, _, _ in }
        try h.manager.start(id: "c", for: .seconds(5)) { _, _, _ in }
        h.manager.pause(id: "b")
        let alarms = h.alarmsOrFail
        // A previous version's alarm that no countdown has, and one that rang while the app was dead.
        let orphan = alarms.alarmID(for: "gone")
        let rang = alarms.alarmID(for: "rang")
        h.center.hold(id: orphan, fireDate: h.wall.now + 50)
        h.center.hold(id: rang, fireDate: h.wall.now + 1)
        try h.advance(by: 10)
        try h.relaunch(alarmsFirst: alarmsFirst)
        h.assertHeld(["a", "b", "c", "gone", "rang"], "restored (alarms first: \(alarmsFirst))")
        XCTAssertFalse(h.center.alarms.contains { $0.id == orphan }, "the orphan is cancelled")
        XCTAssertEqual(h.center.alarms.first { $0.id == rang }?.state, .alerting, "the one ringing is the person's")
        XCTAssertEqual(
          h.center.alarms.first { $0.id == h.alarmsOrFail.alarmID(for: "c") }?.state, .alerting,
          "c ended while the app was dead: it rings")
        h.manager.resume(id: "b")
        h.assertHeld(["a", "b"], "b resumed after the relaunch")
      }
    }
  }

  func testTheIdentifiersAreTheSameInEveryProcessAndNamespaced() throws {
    try withAlarms { h in
      let other = try CountdownAlarms(String.self, manager: h.manager, center: FakeAlarmCenter(), namespace: "other")
      let again = try CountdownAlarms(String.self, manager: h.manager, center: FakeAlarmCenter(), namespace: "timers")
      XCTAssertEqual(again.alarmID(for: "tea"), h.alarmsOrFail.alarmID(for: "tea"))
      XCTAssertNotEqual(other.alarmID(for: "tea"), h.alarmsOrFail.alarmID(for: "tea"))
      XCTAssertFalse(h.alarmsOrFail.isOwnAlarm(other.alarmID(for: "tea")))
      XCTAssertTrue(h.alarmsOrFail.isOwnAlarm(again.alarmID(for: "coffee")))
      XCTAssertFalse(h.alarmsOrFail.isOwnAlarm(h.foreign))
      XCTAssertEqual(h.alarmsOrFail.alarmID(for: "tea").uuidString.dropFirst(14).first, "8", "version 8")
      XCTAssertThrowsError(
        try CountdownAlarms(String.self, manager: h.manager, center: FakeAlarmCenter(), namespace: "")
      ) {
        XCTAssertEqual($0 as? CountdownAlertError, .invalidNamespace)
      }
    }
  }

  func testDeniedAndTheLimitAreTypedAndRetried() throws {
    try withAlarms(expectsFailures: true) { h in
      h.center.authorization = .denied
      try h.manager.start(id: "a", for: .seconds(60)) { _, _, _ in }
      XCTAssertEqual(h.failures.withLock { $0 }, [.notAuthorized])
      XCTAssertTrue(h.manager.contains(id: "a"), "the countdown is untouched")
      h.center.authorization = .authorized
      h.center.limit = 2
      try h.manager.start(id: "b", for: .seconds(60)) { _, _, _ in }
      XCTAssertEqual(
        h.failures.withLock { $0 }, [.notAuthorized, .alarmLimitReached], "a retried with b: one is past the limit")
      XCTAssertEqual(h.center.alarms.count, 2, "the app's own and one of ours")
      h.center.limit = nil
      h.alarmsOrFail.retry()
      h.assertHeld(["a", "b"], "retried")
      XCTAssertEqual(h.failures.withLock { $0 }.count, 2)
    }
  }

  func testAnAlarmGoneUnheardOfIsScheduledAgainAtTheNextChange() throws {
    try withAlarms(expectsFailures: true) { h in
      try h.manager.start(id: "a", for: .seconds(60)) { _, _, _ in }
      let id = h.alarmsOrFail.alarmID(for: "a")
      _ = h.center.alarms
      // Gone from under us, and the update that says so never comes (one that comes is the
      // person's stop: the countdown is cancelled).
      h.center.defersUpdates = true
      h.center.cancel(id: id) { _ in }
      h.manager.pause(id: "a")
      XCTAssertEqual(h.failures.withLock { $0 }, [.requestFailed])
      h.manager.resume(id: "a")
      h.assertHeld(["a"], "scheduled again")
    }
  }
}
