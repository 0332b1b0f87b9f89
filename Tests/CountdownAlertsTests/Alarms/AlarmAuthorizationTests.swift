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
        h.center.calls.contains(.schedule(h.alarmsOrFail.alarmID(for: "tea"))),
        "authorization is read before scheduling")
      XCTAssertTrue(h.manager.contains(id: "tea"), "the countdown is untouched")
    }
  }
}

extension AlarmAuthorizationTests {
  func testAGrantHeardFromTheSystemSchedulesWhatWaited() throws {
    try withAlarms(expectsFailures: true) { h in
      h.center.authorization = .notDetermined
      try h.manager.start(id: "tea", for: .seconds(180)) { _, _, _ in }
      try h.manager.start(id: "egg", for: .seconds(300)) { _, _, _ in }
      h.manager.pause(id: "egg")
      XCTAssertEqual(Set(h.failures.withLock { $0 }), [.notAuthorized], "each schedule refused")
      XCTAssertEqual(h.center.alarms.count, 1, "the app's own only")
      h.center.authorization = .authorized  // the person allowed alarms (in Settings, or when asked)
      h.assertHeld(["tea", "egg"], "scheduled once allowed, with no change of the countdowns")
    }
  }

  func testDeniedStaysDeniedAndNothingIsScheduled() throws {
    try withAlarms(expectsFailures: true) { h in
      h.center.authorization = .denied
      try h.manager.start(id: "tea", for: .seconds(180)) { _, _, _ in }
      h.center.clearCalls()
      h.alarmsOrFail.retry()
      XCTAssertEqual(
        h.center.calls.filter { if case .schedule = $0 { true } else { false } }, [], "not tried while denied")
      XCTAssertEqual(Set(h.failures.withLock { $0 }), [.notAuthorized])
      XCTAssertEqual(h.alarmsOrFail.authorization, .denied)
    }
  }

  func testRequestAuthorizationAsksOnlyWhileNotDeterminedAndSchedulesWhenAllowed() async throws {
    let clock = ManualCountdownClock()
    let start = Date()
    let wall: @Sendable () -> Date = { start + Double(clock.now.nanosecondsSinceOrigin) / 1e9 }
    let manager = try CountdownManager(clock: clock, wallClock: wall)
    let center = FakeAlarmCenter(now: wall)
    center.authorization = .notDetermined
    let failures = LockedState<[CountdownAlertError]>([])
    let alarms = try CountdownAlarms(
      String.self, manager: manager, center: center, onFailure: { error in failures.withLock { $0.append(error) } })
    try manager.start(id: "tea", for: .seconds(180)) { _, _, _ in }
    XCTAssertEqual(failures.withLock { $0 }, [.notAuthorized])
    XCTAssertEqual(center.alarms.count, 0, "not asked yet: nothing scheduled")
    let answer = try await alarms.requestAuthorization()
    XCTAssertEqual(answer, .authorized)
    XCTAssertEqual(center.alarms.map(\.id), [alarms.alarmID(for: "tea")], "allowed: the waiting alarm is scheduled")
    XCTAssertEqual(center.alarms.first?.fireDate, manager.endDate(id: "tea"))
    center.requestAnswer = .denied
    let again = try await alarms.requestAuthorization()
    XCTAssertEqual(again, .authorized, "asked once: the answer stands")
    XCTAssertEqual(center.calls.filter { $0 == .requestAuthorization }.count, 2)
    manager.cancelAll()
  }

  func testTheAlarmsNotAuthorizedNamesAlarms() throws {
    try withAlarms(expectsFailures: true) { h in
      h.center.authorization = .denied
      try h.manager.start(id: "tea", for: .seconds(180)) { _, _, _ in }
      let id = h.alarmsOrFail.alarmID(for: "tea").uuidString
      XCTAssertEqual(
        h.failures.withLock { $0 }.map(\.description), ["CountdownAlertError: alarms are not authorized (\(id))"])
    }
  }
}

extension AlarmAuthorizationTests {
  /// While alarms are not allowed, each waiting alarm is reported once, not again at every change
  /// of another countdown; once scheduled, a new refusal is a new cause, reported once again.
  func testAWaitingAlarmIsReportedOncePerCause() throws {
    try withAlarms(expectsFailures: true) { h in
      h.center.authorization = .notDetermined
      for (id, seconds) in [("oven", 1_200), ("bread", 2_400), ("tea", 180)] {
        try h.manager.start(id: id, for: .seconds(seconds)) { _, _, _ in }
      }
      let alarm = { (id: String) in h.alarmsOrFail.alarmID(for: id).uuidString }
      XCTAssertEqual(
        h.failures.withLock { $0 }.map(\.requestIdentifier), ["oven", "bread", "tea"].map(alarm),
        "each waiting alarm once")
      XCTAssertEqual(Set(h.failures.withLock { $0 }), [.notAuthorized])
      h.center.authorization = .authorized
      h.assertHeld(["oven", "bread", "tea"], "scheduled once allowed")
      h.failures.withLock { $0 = [] }
      h.center.authorization = .denied
      try h.manager.addTime(.seconds(60), id: "bread")
      try h.manager.addTime(.seconds(60), id: "tea")
      h.manager.pause(id: "oven")
      h.alarmsOrFail.retry()
      XCTAssertEqual(
        h.failures.withLock { $0 }.map(\.requestIdentifier), ["bread", "tea"].map(alarm),
        "denied since: each alarm to schedule again once")
    }
  }
}
