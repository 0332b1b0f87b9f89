import CountdownAlerts
import CountdownAlertsTesting
import CountdownKit
import CountdownTestSupport
import Foundation
import XCTest

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
        h.center.deliverUpdates()  // AlarmKit's update of the stop reaches the app
        XCTAssertFalse(h.manager.contains(id: "tea"), "heard: cancelled")
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
