import CountdownAlerts
import CountdownAlertsTesting
import CountdownKit
import CountdownTestSupport
import Foundation
import XCTest

/// The launch: what the system held before the process (read later than the alarms start, as
/// AlarmKit answers), read again when reading failed, and the alarms the person stopped while the
/// app was not running.
final class AlarmLaunchTests: XCTestCase {
  func testAFailedReadAtLaunchIsReadAgainByRetryAndTheOrphanGoes() throws {
    try withAlarms(expectsFailures: true) { h in
      let orphan = h.alarmsOrFail.alarmID(for: "gone")
      h.center.hold(id: orphan, fireDate: h.wall.now + 500)
      h.center.failReads(with: CocoaError(.fileReadUnknown))
      try h.relaunch()
      h.center.answerListings()
      XCTAssertEqual(h.failures.withLock { $0 }, [.requestFailed])
      XCTAssertTrue(h.center.alarms.contains { $0.id == orphan }, "not read: the orphan is not known yet")
      h.center.failReads(with: nil)
      h.alarmsOrFail.retry()
      XCTAssertFalse(h.center.alarms.contains { $0.id == orphan }, "read again by retry(): the orphan is cancelled")
    }
  }

  func testAFailedReadAtLaunchIsReadAgainAtTheNextChange() throws {
    try withAlarms(expectsFailures: true) { h in
      let orphan = h.alarmsOrFail.alarmID(for: "gone")
      h.center.hold(id: orphan, fireDate: h.wall.now + 500)
      h.center.failReads(with: CocoaError(.fileReadUnknown))
      try h.relaunch()
      h.center.answerListings()
      h.center.failReads(with: nil)
      try h.manager.start(id: "tea", for: .seconds(60)) { _, _, _ in }
      XCTAssertFalse(h.center.alarms.contains { $0.id == orphan }, "read again at the next change: the orphan goes")
    }
  }

  func testTheAlarmsErrorsNameTheAlarm() throws {
    try withAlarms(expectsFailures: true) { h in
      h.center.failReads(with: CocoaError(.fileReadUnknown))
      try h.relaunch()
      h.center.answerListings()
      let description = h.failures.withLock { $0 }.first?.description ?? ""
      XCTAssertTrue(description.contains("alarm"), description)
      XCTAssertFalse(description.contains("notification"), description)
    }
  }
}

/// The person stops an alarm while the app is not running, through the app's stop intent, which
/// records the stop: the next launch cancels that countdown rather than scheduling its alarm again.
final class AlarmStopWhileNotRunningTests: XCTestCase {
  /// The app's stop intent, as the fake runs it: its `perform()` records the stop.
  struct StopIntent: Sendable {
    var alarmID: UUID
    var stops: CountdownAlarmStops

    func perform() {
      stops.record(alarmID: alarmID)
    }
  }

  /// Stops in a suite of their own, gone after the test.
  private func withStops(_ body: (CountdownAlarmStops) throws -> Void) rethrows {
    let suiteName = "CountdownAlarmStopsTests.\(UUID().uuidString)"
    defer { UserDefaults.standard.removePersistentDomain(forName: suiteName) }
    try body(CountdownAlarmStops(suiteName: suiteName))
  }

  @MainActor private static func keepStops(_ stops: CountdownAlarmStops, in h: AlarmsHarness) {
    h.stops = stops
    h.options = { _, alarmID in CountdownAlarmOptions(stopIntent: StopIntent(alarmID: alarmID, stops: stops)) }
    h.center.stopIntentRunner = { intent in (intent as? StopIntent)?.perform() }
  }

  func testAStopMadeWhileTheAppWasNotRunningCancelsTheCountdownAtTheNextLaunch() throws {
    try withStops { stops in
      try withAlarms { h in
        Self.keepStops(stops, in: h)
        try h.relaunch()  // alarms made with the stops and the intent
        try h.manager.start(id: "tea", for: .seconds(180)) { _, _, _ in }
        try h.manager.start(id: "egg", for: .seconds(300)) { _, _, _ in }
        let tea = h.alarmsOrFail.alarmID(for: "tea")
        try h.advance(by: 30)
        try h.relaunch(alarmsFirst: false) {
          XCTAssertTrue(h.center.personStops(id: tea), "the person stops the tea's alarm from the Lock Screen")
          XCTAssertTrue(stops.isRecorded(alarmID: tea), "the intent recorded it")
          h.center.clearCalls()
        }
        XCTAssertFalse(h.manager.contains(id: "tea"), "stopped while the app was not running: cancelled at launch")
        XCTAssertTrue(h.manager.contains(id: "egg"))
        XCTAssertFalse(h.center.calls.contains(.schedule(tea)), "the stopped alarm is not scheduled again")
        h.assertHeld(["tea", "egg"], "after the launch")
        XCTAssertFalse(stops.isRecorded(alarmID: tea), "the stop is forgotten once applied")
      }
    }
  }

  func testAStopHeardWhileRunningNeverCancelsALaterCountdown() throws {
    try withStops { stops in
      try withAlarms { h in
        Self.keepStops(stops, in: h)
        try h.relaunch()
        try h.manager.start(id: "tea", for: .seconds(180)) { _, _, _ in }
        let tea = h.alarmsOrFail.alarmID(for: "tea")
        XCTAssertTrue(h.center.personStops(id: tea))
        XCTAssertFalse(h.manager.contains(id: "tea"), "heard at once: cancelled")
        try h.manager.start(id: "tea", for: .seconds(600)) { _, _, _ in }
        XCTAssertFalse(stops.isRecorded(alarmID: tea), "the new alarm forgets the stop")
        try h.relaunch(alarmsFirst: false)
        XCTAssertTrue(h.manager.contains(id: "tea"), "the countdown started after the stop is kept")
        h.assertHeld(["tea"], "after the launch")
      }
    }
  }

  func testWithoutRecordedStopsARestoredCountdownGetsItsAlarmAgain() throws {
    try withAlarms { h in
      try h.manager.start(id: "tea", for: .seconds(180)) { _, _, _ in }
      let tea = h.alarmsOrFail.alarmID(for: "tea")
      try h.relaunch(alarmsFirst: false) { XCTAssertTrue(h.center.personStops(id: tea)) }
      XCTAssertTrue(h.manager.contains(id: "tea"), "nothing recorded: the stop is not known")
      h.assertHeld(["tea"], "scheduled again")
    }
  }
}

/// What the launch's reading of the system's alarms keeps: the alarms this process already
/// scheduled for restored countdowns, which a listing taken before them still shows.
final class AlarmLaunchSweepTests: XCTestCase {
  func testALateListingKeepsTheAlarmsOfRestoredCountdowns() throws {
    for alarmsFirst in [true, false] {
      try withAlarms { h in
        try h.manager.start(id: "tea", for: .seconds(180)) { _, _, _ in }
        h.manager.pause(id: "tea")
        try h.manager.start(id: "egg", for: .seconds(300)) { _, _, _ in }
        let orphan = h.alarmsOrFail.alarmID(for: "gone")
        h.center.hold(id: orphan, fireDate: h.wall.now + 50)
        try h.relaunch(alarmsFirst: alarmsFirst)
        h.center.answerListings()
        XCTAssertTrue(
          h.manager.contains(id: "tea") && h.manager.contains(id: "egg"),
          "no alarm of theirs was cancelled, nor taken for the person's stop (alarms first: \(alarmsFirst))")
        h.assertHeld(
          ["tea", "egg"], "restored, the listing answered after their alarms (alarms first: \(alarmsFirst))")
        XCTAssertFalse(h.center.alarms.contains { $0.id == orphan }, "the orphan is cancelled")
      }
    }
  }

  func testAScheduleUnderAnIdentifierTheCenterHoldsFails() {
    let center = FakeAlarmCenter()
    let id = UUID()
    let errors = LockedState<[String]>([])
    for _ in 0..<2 {
      center.schedule(CountdownAlarmRequest(id: id, countdownID: "tea", duration: 60)) { error in
        errors.withLock { $0.append(error.map { String(describing: type(of: $0)) } ?? "none") }
      }
    }
    XCTAssertEqual(errors.withLock { $0 }, ["none", "DuplicateAlarmError"], "AlarmKit schedules a new alarm only")
    XCTAssertEqual(center.alarms.count, 1)
  }
}
