import CountdownAlerts
import CountdownAlertsTesting
import CountdownKit
import CountdownTestSupport
import Foundation
import XCTest

/// What the launch's reading of the system's alarms keeps: the alarms this process already
/// scheduled for restored countdowns, which a listing taken before them still shows (AlarmKit
/// answers it later); and a schedule under an identifier the fake holds, which fails.
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
