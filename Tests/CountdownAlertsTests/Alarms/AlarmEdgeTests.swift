import CountdownAlerts
import CountdownAlertsTesting
import CountdownKit
import Foundation
import XCTest

/// The alarms' corners: another namespace's recorded stops, a ring shown while the app's calls
/// wait for their updates, and what an id never followed costs before the launch listing came.
final class AlarmEdgeTests: XCTestCase {
  /// Two sets of alarms of one app, "ovens" and "timers", share the stops their intents record:
  /// the first made at launch leaves the other's stop for it, which cancels its countdown.
  func testAStopRecordedForAnotherNamespacesAlarmIsLeftForThatNamespace() throws {
    try MainActor.assumeIsolated {
      let suiteName = "AlarmEdgeTests.\(UUID().uuidString)"
      defer { UserDefaults.standard.removePersistentDomain(forName: suiteName) }
      let stops = CountdownAlarmStops(suiteName: suiteName)
      let manager = try CountdownManager(clock: ManualCountdownClock())
      defer { manager.cancelAll() }
      let center = FakeAlarmCenter()
      try manager.start(id: "tea", for: .seconds(180)) { _, _, _ in }
      try manager.start(id: "oven", for: .seconds(1_200)) { _, _, _ in }
      let isOven: @Sendable (String) -> Bool = { $0.hasPrefix("oven") }
      let teaAlarm = try CountdownAlarms(
        String.self, manager: manager, center: FakeAlarmCenter(), namespace: "timers", isFollowed: { !isOven($0) }
      ).alarmID(for: "tea")
      stops.record(alarmID: teaAlarm)  // the person stopped the tea's alarm while the app was not running
      let ovens = try CountdownAlarms(
        String.self, manager: manager, center: center, namespace: "ovens", isFollowed: isOven, stops: stops)
      XCTAssertTrue(stops.isRecorded(alarmID: teaAlarm), "the timers' stop is left for the timers")
      XCTAssertTrue(manager.contains(id: "tea"))
      let timers = try CountdownAlarms(
        String.self, manager: manager, center: center, namespace: "timers", isFollowed: { !isOven($0) },
        stops: stops)
      XCTAssertFalse(manager.contains(id: "tea"), "the timers cancel the countdown whose alarm the person stopped")
      XCTAssertTrue(manager.contains(id: "oven"))
      XCTAssertFalse(stops.isRecorded(alarmID: teaAlarm), "applied, then forgotten")
      _ = (ovens, timers)
    }
  }

  /// The person stops the alarm while the app runs, the app's stop intent records it, and the app
  /// is killed before AlarmKit's update of the stop reached it: the next launch cancels the
  /// countdown from the recorded stop.
  func testAStopRecordedWhileRunningButNotHeardYetCancelsTheCountdownAtTheNextLaunch() throws {
    let suiteName = "AlarmEdgeTests.\(UUID().uuidString)"
    defer { UserDefaults.standard.removePersistentDomain(forName: suiteName) }
    let stops = CountdownAlarmStops(suiteName: suiteName)
    try withAlarms { h in
      h.stops = stops
      h.options = { _, alarmID in
        CountdownAlarmOptions(stopIntent: AlarmStopWhileNotRunningTests.StopIntent(alarmID: alarmID, stops: stops))
      }
      h.center.stopIntentRunner = { intent in (intent as? AlarmStopWhileNotRunningTests.StopIntent)?.perform() }
      try h.relaunch()  // alarms made with the stops and the intent
      try h.manager.start(id: "tea", for: .seconds(180)) { _, _, _ in }
      let tea = h.alarmsOrFail.alarmID(for: "tea")
      XCTAssertTrue(h.center.personStops(id: tea))
      XCTAssertTrue(h.manager.contains(id: "tea"), "AlarmKit's update of the stop has not reached the app")
      XCTAssertTrue(stops.isRecorded(alarmID: tea), "the intent recorded it")
      try h.relaunch(alarmsFirst: false)
      XCTAssertFalse(h.manager.contains(id: "tea"), "cancelled at the launch, from the recorded stop")
      h.assertHeld(["tea"], "after the launch")
    }
  }

  /// The alarm rings while the app's calls on it wait for their updates (the person set the
  /// device's clock past its end, and AlarmKit rang it: what it does then is not documented, and
  /// ringing is one reading): the ring is the system's, not the person's change, and nothing is
  /// made again for it.
  func testARingShownWhileTheAppsCallsWaitIsNotThePersonsChange() throws {
    try withAlarms { h in
      try h.manager.start(id: "tea", for: .seconds(180)) { _, _, _ in }
      let id = h.alarmsOrFail.alarmID(for: "tea")
      // The device's clock an hour ahead, the alarm's end left where it was on it.
      h.wall.jump(by: 3_600)
      h.clockChanges.post(name: CountdownNotifications<String>.systemClockDidChange, object: nil)
      h.center.clearCalls()
      try h.manager.addTime(.seconds(60), id: "tea")
      XCTAssertEqual(
        h.center.calls, [.cancel(id), .schedule(id)],
        "the cancel's and the schedule's calls, once: the ring is no change of the person's")
      XCTAssertTrue(h.manager.contains(id: "tea"))
      h.assertHeld(["tea"], "counting down to the tea's end")
    }
  }

  /// The person stops the alarm, and the app adds time before it hears of it: the app's cancel
  /// finds no alarm, its schedule makes a new one. The stop's update, come before the cancel
  /// failed, is not that cancel's: the person's stop wins, as a pause made so does, and the
  /// countdown is cancelled with the alarm the schedule made.
  func testThePersonsStopHeardAfterTheAppAddedTimeCancelsTheCountdown() throws {
    try withAlarms(expectsFailures: true) { h in
      try h.manager.start(id: "tea", for: .seconds(600)) { _, _, _ in }
      let id = h.alarmsOrFail.alarmID(for: "tea")
      XCTAssertTrue(h.center.personStops(id: id))  // its update comes at the center's next call
      try h.manager.addTime(.seconds(60), id: "tea")
      h.drainMain()
      XCTAssertEqual(h.failures.withLock { $0 }, [.requestFailed], "the cancel found no alarm")
      XCTAssertFalse(h.manager.contains(id: "tea"), "the person stopped the alarm")
      h.assertHeld(["tea"], "the person's stop heard after the app's cancel failed")
    }
  }

  /// The person stops the alarm, and the app starts the countdown again before it hears of it (a
  /// start under the same id, which replaces the running countdown): the app's cancel finds no
  /// alarm, its schedule makes the new countdown's. The stop was of the old countdown's alarm: the
  /// countdown started after it is kept, with its alarm (``CountdownAlarmStops``' promise).
  func testThePersonsStopHeardAfterTheAppStartedTheCountdownAgainKeepsTheNewCountdown() throws {
    try withAlarms(expectsFailures: true) { h in
      try h.manager.start(id: "tea", for: .seconds(600)) { _, _, _ in }
      let id = h.alarmsOrFail.alarmID(for: "tea")
      XCTAssertTrue(h.center.personStops(id: id))  // its update comes at the center's next call
      try h.manager.start(id: "tea", for: .seconds(300)) { _, _, _ in }
      h.drainMain()
      XCTAssertTrue(h.manager.contains(id: "tea"), "the stop was of the countdown the start replaced")
      XCTAssertEqual(h.center.alarms.filter { $0.id == id }.map(\.state), [.countdown], "the new countdown's alarm")
      h.assertHeld(["tea"], "the new countdown, with its alarm")
    }
  }

  /// As above, with the updates of the person's stop and of the app's calls heard only after
  /// every call was answered (AlarmKit's updates come when they come): the stop, heard while the
  /// new countdown's calls are waited for, was made before them, on the old countdown's alarm.
  func testThePersonsStopHeardAfterTheRestartsCallsWereAnsweredKeepsTheNewCountdown() throws {
    try withAlarms(expectsFailures: true) { h in
      try h.manager.start(id: "tea", for: .seconds(600)) { _, _, _ in }
      h.center.defersUpdates = true
      XCTAssertTrue(h.center.personStops(id: h.alarmsOrFail.alarmID(for: "tea")))
      try h.manager.start(id: "tea", for: .seconds(300)) { _, _, _ in }
      h.center.deliverUpdates()  // the stop's, then the schedule's
      h.center.defersUpdates = false
      h.drainMain()
      XCTAssertTrue(h.manager.contains(id: "tea"), "the stop was of the countdown the start replaced")
      h.assertHeld(["tea"], "the new countdown, with its alarm")
    }
  }

  /// The person stops the alarm, and the app starts the countdown again for the same end before
  /// it hears of it: the new countdown gets an alarm of its own (made anew, its recorded stop
  /// forgotten), so that the stop of the old one is not taken for a stop of it.
  func testThePersonsStopHeardAfterARestartWithTheSameEndKeepsTheNewCountdown() throws {
    let suiteName = "AlarmEdgeTests.\(UUID().uuidString)"
    defer { UserDefaults.standard.removePersistentDomain(forName: suiteName) }
    let stops = CountdownAlarmStops(suiteName: suiteName)
    try withAlarms(expectsFailures: true) { h in
      h.stops = stops
      h.options = { _, alarmID in
        CountdownAlarmOptions(stopIntent: AlarmStopWhileNotRunningTests.StopIntent(alarmID: alarmID, stops: stops))
      }
      h.center.stopIntentRunner = { intent in (intent as? AlarmStopWhileNotRunningTests.StopIntent)?.perform() }
      try h.relaunch()  // alarms made with the stops and the intent
      try h.manager.start(id: "tea", for: .seconds(600)) { _, _, _ in }
      let id = h.alarmsOrFail.alarmID(for: "tea")
      XCTAssertTrue(h.center.personStops(id: id))  // recorded; its update comes at the center's next call
      h.center.clearCalls()
      try h.manager.start(id: "tea", for: .seconds(600)) { _, _, _ in }  // the same end: the clock did not move
      h.center.deliverUpdates()
      h.drainMain()
      XCTAssertEqual(h.center.calls, [.cancel(id), .schedule(id)], "the new countdown's alarm, made anew")
      XCTAssertTrue(h.manager.contains(id: "tea"), "the stop was of the countdown the start replaced")
      XCTAssertFalse(stops.isRecorded(alarmID: id), "the new alarm forgets the stop")
      h.assertHeld(["tea"], "the new countdown, with its alarm")
      try h.relaunch(alarmsFirst: false)
      XCTAssertTrue(h.manager.contains(id: "tea"), "the next launch keeps it too")
    }
  }

  /// The person stops the alarm, and the app starts the countdown again after it ended (its id
  /// free) before it hears of it: the stop was of the ended countdown's alarm, the new one is kept.
  func testThePersonsStopHeardAfterTheAppStartedTheCountdownAnewKeepsTheNewCountdown() throws {
    try withAlarms(expectsFailures: true) { h in
      try h.manager.start(id: "tea", for: .seconds(600)) { _, _, _ in }
      let id = h.alarmsOrFail.alarmID(for: "tea")
      XCTAssertTrue(h.center.personStops(id: id))  // its update comes at the center's next call
      XCTAssertTrue(h.manager.cancel(id: "tea"))
      try h.manager.start(id: "tea", for: .seconds(300)) { _, _, _ in }
      h.drainMain()
      XCTAssertTrue(h.manager.contains(id: "tea"), "the stop was of the countdown cancelled before this start")
      h.assertHeld(["tea"], "the new countdown, with its alarm")
    }
  }

  /// The person pauses the alarm, and the app pauses its countdown before it hears of it: the
  /// app's pause finds the alarm paused, and fails. The update taken for its own was the person's
  /// pause: the alarm is paused with its countdown, as known, and the person's stop that comes
  /// next cancels the countdown (not an alarm held as unknown, whose stop was nobody's).
  func testThePersonsPauseMadeBeforeTheAppsPauseLeavesTheAlarmKnown() throws {
    try withAlarms(expectsFailures: true) { h in
      try h.manager.start(id: "tea", for: .seconds(600)) { _, _, _ in }
      let id = h.alarmsOrFail.alarmID(for: "tea")
      XCTAssertTrue(h.center.personPauses(id: id))  // its update comes at the center's next call
      h.manager.pause(id: "tea")
      XCTAssertEqual(h.failures.withLock { $0 }, [.requestFailed], "the pause found the alarm paused")
      h.assertHeld(["tea"], "paused with its countdown")
      XCTAssertTrue(h.center.personStops(id: id))
      h.center.deliverUpdates()  // AlarmKit's update of the person's stop reaches the app
      h.drainMain()
      XCTAssertFalse(h.manager.contains(id: "tea"), "the person stopped the alarm")
      h.assertHeld(["tea"], "stopped")
    }
  }

  /// Before the center answered the launch listing, an alarm of a previous process may be there
  /// for any followed countdown; an id `isFollowed` never accepted has none of these alarms'.
  func testAnIDNeverFollowedCostsNoCallBeforeTheLaunchListingIsAnswered() throws {
    try MainActor.assumeIsolated {
      let manager = try CountdownManager(clock: ManualCountdownClock())
      defer { manager.cancelAll() }
      let center = FakeAlarmCenter()
      let alarms = try CountdownAlarms(String.self, manager: manager, center: center, isFollowed: { $0 != "quiet" })
      XCTAssertEqual(center.calls, [.alarms], "the launch listing, not answered yet")
      try manager.start(id: "quiet", for: .seconds(60)) { _, _, _ in }
      manager.pause(id: "quiet")
      manager.cancel(id: "quiet")
      XCTAssertEqual(center.calls, [.alarms], "an id never followed")
      center.answerListings()
      XCTAssertEqual(center.alarms, [])
      _ = alarms
    }
  }
}
