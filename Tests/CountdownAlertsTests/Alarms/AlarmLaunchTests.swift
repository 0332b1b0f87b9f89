import CountdownAlerts
import CountdownAlertsTesting
import CountdownKit
import CountdownTestSupport
import Foundation
import XCTest

/// The launch's reading of the system's alarms, when it fails: read again at the next change or
/// `retry()`, and the alarms' errors name the alarm center.
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
