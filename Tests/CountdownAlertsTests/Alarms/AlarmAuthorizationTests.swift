import CountdownAlerts
import CountdownAlertsTesting
import CountdownKit
import CountdownTestSupport
import Foundation
import XCTest

/// AlarmKit's authorization as the alarms read it: nothing is scheduled until the person allowed
/// alarms; not asked yet and denied are both `notAuthorized`; a grant schedules what waited.
final class AlarmAuthorizationTests: XCTestCase {
  func testNotDeterminedSchedulesNothingAndIsNotAuthorized() throws {
    try withAlarms(expectsFailures: true) { h in
      h.center.authorization = .notDetermined
      h.center.clearCalls()
      try h.manager.start(id: "tea", for: .seconds(180)) { _, _, _ in }
      XCTAssertEqual(h.failures.withLock { $0 }, [.notAuthorized], "not asked yet: not authorized")
      XCTAssertFalse(
        h.center.calls.contains(.schedule(h.alarmsOrFail.alarmID(for: "tea"))), "authorization is read before scheduling")
      XCTAssertTrue(h.manager.contains(id: "tea"), "the countdown is untouched")
    }
  }
}
