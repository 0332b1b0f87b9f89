import CountdownAlerts
import CountdownAlertsTesting
import CountdownKit
import Foundation
import XCTest

/// The alarms, as an app developer uses them from the README and the alerts article alone
/// (``OutsideConsumerTestCase``).
final class OutsideConsumerAlarmsTests: OutsideConsumerTestCase {
  // MARK: - 11. AlarmKit

  func testScenario11AnAlarmIsScheduledWithAStartAndCancelledWithACancel() throws {
    let device = try Device()
    let center = FakeAlarmCenter(now: device.wall)
    let alarms = try CountdownAlarms(String.self, manager: device.manager, center: center)
    try device.manager.start(id: "oven", for: .seconds(1_200)) { _, _, _ in }

    let alarmID = alarms.alarmID(for: "oven")
    XCTAssertTrue(alarms.isOwnAlarm(alarmID))
    XCTAssertEqual(center.alarms.map(\.id), [alarmID])
    XCTAssertEqual(center.alarms.first?.countdownID, "oven")
    XCTAssertEqual(center.alarms.first?.state, .countdown)
    XCTAssertEqual(center.alarms.first?.fireDate, device.manager.endDate(id: "oven"))

    try device.clock.advance(by: .seconds(200))
    XCTAssertTrue(device.manager.pause(id: "oven"))
    XCTAssertEqual(center.alarms.first?.state, .paused)
    XCTAssertEqual(try XCTUnwrap(center.alarms.first?.remaining), 1_000, accuracy: 0.001)
    XCTAssertTrue(device.manager.resume(id: "oven"))
    XCTAssertEqual(center.alarms.first?.state, .countdown)
    XCTAssertEqual(center.alarms.first?.fireDate, device.manager.endDate(id: "oven"))

    XCTAssertTrue(device.manager.cancel(id: "oven"))
    XCTAssertEqual(center.alarms, [])
    try device.clock.advance(by: .seconds(2_000))
    XCTAssertEqual(center.alarms, [], "nothing rings")
  }

  // MARK: - 12. A stop made while the app was not running

  func testScenario12AnAlarmStoppedWhileTheAppWasNotRunningDoesNotRingAgain() throws {
    let device = try Device()
    let suiteName = "OutsideConsumerTests.\(UUID().uuidString)"
    defer { UserDefaults.standard.removePersistentDomain(forName: suiteName) }
    let stops = CountdownAlarmStops(suiteName: suiteName)
    let center = FakeAlarmCenter(now: device.wall)  // the system's: it outlives the process
    // AlarmKit runs the app's stop intent in the app's process.
    center.stopIntentRunner = { intent in (intent as? StopTimerIntent)?.perform() }
    let options: @Sendable (String, UUID) -> CountdownAlarmOptions = { _, alarmID in
      CountdownAlarmOptions(stopIntent: StopTimerIntent(alarmID: alarmID, suiteName: suiteName))
    }

    // The first launch.
    let firstManager = try CountdownManager(clock: device.clock, wallClock: device.wall)
    var firstAlarms: CountdownAlarms<String>? = try CountdownAlarms(
      String.self, manager: firstManager, center: center, stops: stops, options: options)
    try firstManager.start(id: "oven", for: .seconds(1_200)) { _, _, _ in }
    try firstManager.start(id: "kettle", for: .seconds(900)) { _, _, _ in }
    let saved = try JSONEncoder().encode(firstManager.snapshot(of: String.self))
    let ovenAlarm = try XCTUnwrap(firstAlarms?.alarmID(for: "oven"))
    let kettleAlarm = try XCTUnwrap(firstAlarms?.alarmID(for: "kettle"))
    XCTAssertEqual(center.alarms.map(\.id), [ovenAlarm, kettleAlarm])

    // The app is gone; the person stops the oven's alarm from the Lock Screen.
    XCTAssertNotNil(firstAlarms)
    firstAlarms = nil
    try device.clock.advance(by: .seconds(300))
    XCTAssertTrue(center.personStops(id: ovenAlarm))
    XCTAssertTrue(stops.isRecorded(alarmID: ovenAlarm))
    XCTAssertTrue(firstManager.contains(id: "oven"), "no follower heard the stop: the app was not running")

    // The next launch: restore, then the alarms with the same stops.
    let manager = try CountdownManager(clock: device.clock, wallClock: device.wall)
    try manager.restore(CountdownSnapshot<String>(decoding: saved)) { _, _, _ in }
    center.clearCalls()
    let alarms = try CountdownAlarms(String.self, manager: manager, center: center, stops: stops, options: options)
    center.answerListings()

    XCTAssertFalse(manager.contains(id: "oven"), "the stopped alarm's countdown is cancelled")
    XCTAssertTrue(manager.contains(id: "kettle"))
    XCTAssertFalse(stops.isRecorded(alarmID: ovenAlarm), "the stop is forgotten once heard")
    XCTAssertFalse(center.calls.contains(.schedule(ovenAlarm)), "\(center.calls)")
    XCTAssertEqual(center.alarms.map(\.id), [alarms.alarmID(for: "kettle")])
    try device.clock.advance(by: .seconds(1_000))
    XCTAssertEqual(center.alarms.map(\.id), [kettleAlarm], "the oven does not ring again")
    XCTAssertEqual(center.alarms.first?.state, .alerting, "the kettle rings")
  }

  /// "one whose countdown was restored is scheduled again for the countdown's end; ... one of their
  /// namespace whose countdown is gone is cancelled, unless it rings".
  func testScenario12bARelaunchKeepsARingingAlarmAndSchedulesTheRestoredOnesOnce() throws {
    let device = try Device()
    let center = FakeAlarmCenter(now: device.wall)
    let firstManager = try CountdownManager(clock: device.clock, wallClock: device.wall)
    var firstAlarms: CountdownAlarms<String>? = try CountdownAlarms(
      String.self, manager: firstManager, center: center)
    try firstManager.start(id: "oven", for: .seconds(600)) { _, _, _ in }
    try firstManager.start(id: "kettle", for: .seconds(120)) { _, _, _ in }
    try firstManager.start(id: "stew", for: .seconds(900)) { _, _, _ in }
    XCTAssertTrue(firstManager.cancel(id: "stew"))
    try firstManager.start(id: "stew", for: .seconds(900)) { _, _, _ in }
    let saved = try JSONEncoder().encode(firstManager.snapshot(of: String.self))
    try firstManager.start(id: "rice", for: .seconds(1_200)) { _, _, _ in }  // not saved
    XCTAssertNotNil(firstAlarms)
    firstAlarms = nil
    try device.clock.advance(by: .seconds(200))  // the kettle rings with the app gone
    XCTAssertEqual(center.alarms.count, 4)

    let manager = try CountdownManager(clock: device.clock, wallClock: device.wall)
    try manager.restore(CountdownSnapshot<String>(decoding: saved)) { _, _, _ in }
    let alarms = try CountdownAlarms(String.self, manager: manager, center: center)
    center.answerListings()
    let held = Dictionary(uniqueKeysWithValues: center.alarms.map { ($0.countdownID, $0) })
    XCTAssertEqual(Set(held.keys), ["oven", "kettle", "stew"], "the rice no countdown has is cancelled")
    XCTAssertEqual(held["kettle"]?.state, .alerting, "a ringing alarm is the person's to stop")
    XCTAssertEqual(held["oven"]?.fireDate, manager.endDate(id: "oven"))
    XCTAssertEqual(held["stew"]?.fireDate, manager.endDate(id: "stew"))
    XCTAssertEqual(held["oven"]?.id, alarms.alarmID(for: "oven"))
  }

  /// `CountdownAlarmStops`: "A stop recorded while the alarms run is heard from AlarmKit as well
  /// (the countdown is cancelled at once); a new alarm scheduled for the same countdown forgets it,
  /// so that it never cancels a countdown started after it."
  func testScenario12cAStopHeardWhileRunningNeverCancelsTheCountdownStartedAfterIt() throws {
    let device = try Device()
    let suiteName = "OutsideConsumerTests.\(UUID().uuidString)"
    defer { UserDefaults.standard.removePersistentDomain(forName: suiteName) }
    let stops = CountdownAlarmStops(suiteName: suiteName)
    let center = FakeAlarmCenter(now: device.wall)
    center.stopIntentRunner = { intent in (intent as? StopTimerIntent)?.perform() }
    let options: @Sendable (String, UUID) -> CountdownAlarmOptions = { _, alarmID in
      CountdownAlarmOptions(stopIntent: StopTimerIntent(alarmID: alarmID, suiteName: suiteName))
    }
    let firstManager = try CountdownManager(clock: device.clock, wallClock: device.wall)
    var firstAlarms: CountdownAlarms<String>? = try CountdownAlarms(
      String.self, manager: firstManager, center: center, stops: stops, options: options)
    try firstManager.start(id: "oven", for: .seconds(1_200)) { _, _, _ in }
    let ovenAlarm = try XCTUnwrap(firstAlarms?.alarmID(for: "oven"))
    XCTAssertTrue(center.personStops(id: ovenAlarm))
    center.deliverUpdates()  // AlarmKit's update of the stop reaches the app
    XCTAssertFalse(firstManager.contains(id: "oven"), "heard at once")
    try firstManager.start(id: "oven", for: .seconds(600)) { _, _, _ in }  // the person starts it again
    XCTAssertEqual(center.alarms.map(\.id), [ovenAlarm])
    XCTAssertFalse(stops.isRecorded(alarmID: ovenAlarm))
    let saved = try JSONEncoder().encode(firstManager.snapshot(of: String.self))
    XCTAssertNotNil(firstAlarms)
    firstAlarms = nil

    let manager = try CountdownManager(clock: device.clock, wallClock: device.wall)
    try manager.restore(CountdownSnapshot<String>(decoding: saved)) { _, _, _ in }
    _ = try CountdownAlarms(String.self, manager: manager, center: center, stops: stops, options: options)
    center.answerListings()
    XCTAssertTrue(manager.contains(id: "oven"))
    XCTAssertEqual(center.alarms.map(\.id), [ovenAlarm])
  }
}
