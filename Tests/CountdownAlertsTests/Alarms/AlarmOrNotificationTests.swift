import CountdownAlerts
import CountdownAlertsTesting
import CountdownKit
import CountdownTestSupport
import Foundation
import XCTest

/// One id, the right alert: an alarm where AlarmKit is there and allowed, a notification
/// otherwise, decided once per launch through the followers' `isFollowed`, as the article's sample
/// does; never both for one countdown, across launches and a grant between them.
final class AlarmOrNotificationTests: XCTestCase {
  /// One process: its manager, and the followers the article's sample makes.
  struct Launch {
    let manager: CountdownManager
    let alarms: CountdownAlarms<String>?
    let alerts: CountdownNotifications<String>
  }

  /// The article's recipe, on the fakes: `alarmCenter` is `nil` where AlarmKit is not (below iOS 26).
  private func launch(
    restoring data: Data?, alarmCenter: FakeAlarmCenter?, notificationCenter: FakeNotificationCenter,
    clock: ManualCountdownClock, wall: @escaping @Sendable () -> Date
  ) throws -> Launch {
    let manager = try CountdownManager(clock: clock, wallClock: wall)
    if let data { try manager.restore(CountdownSnapshot<String>(decoding: data)) { _, _, _ in } }
    let ringsAsAlarm = alarmCenter?.authorization == .authorized
    let alarms = try alarmCenter.map { center in
      try CountdownAlarms(String.self, manager: manager, center: center, isFollowed: { _ in ringsAsAlarm })
    }
    let alerts = try CountdownNotifications(
      String.self, manager: manager, center: notificationCenter, isFollowed: { _ in !ringsAsAlarm },
      content: { id, _ in CountdownAlertContent(title: "Timer", body: "\(id) is done.") })
    alarmCenter?.answerListings()
    notificationCenter.drain()
    return Launch(manager: manager, alarms: alarms, alerts: alerts)
  }

  func testAnIDRingsAsANotificationUntilAlarmsAreAllowedThenAsAnAlarmNeverBoth() throws {
    let clock = ManualCountdownClock()
    let start = Date()
    let wall: @Sendable () -> Date = { start + Double(clock.now.nanosecondsSinceOrigin) / 1e9 }
    let alarmCenter = FakeAlarmCenter(now: wall)
    alarmCenter.authorization = .notDetermined
    let notificationCenter = FakeNotificationCenter(now: wall)

    var process = try launch(
      restoring: nil, alarmCenter: alarmCenter, notificationCenter: notificationCenter, clock: clock, wall: wall)
    try process.manager.start(id: "tea", for: .seconds(600)) { _, _, _ in }
    notificationCenter.drain()
    XCTAssertEqual(notificationCenter.pending.map(\.identifier), [process.alerts.identifier(for: "tea")])
    XCTAssertEqual(alarmCenter.alarms.count, 0, "alarms not allowed at launch: a notification")

    alarmCenter.authorization = .authorized  // the person allows alarms: from the next launch on
    try process.manager.addTime(.seconds(60), id: "tea")
    notificationCenter.drain()
    XCTAssertEqual(alarmCenter.alarms.count, 0, "decided for this launch: still the notification only")
    XCTAssertEqual(notificationCenter.pending.count, 1)

    let data = try JSONEncoder().encode(process.manager.snapshot(of: String.self))
    process = try launch(
      restoring: data, alarmCenter: alarmCenter, notificationCenter: notificationCenter, clock: clock, wall: wall)
    XCTAssertEqual(notificationCenter.pending.count, 0, "the previous launch's notification is removed")
    XCTAssertEqual(alarmCenter.alarms.map(\.id), process.alarms.map { [$0.alarmID(for: "tea")] })
    XCTAssertEqual(alarmCenter.alarms.first?.fireDate, process.manager.endDate(id: "tea"))

    alarmCenter.authorization = .denied  // turned off in Settings: the next launch uses notifications again
    let again = try JSONEncoder().encode(process.manager.snapshot(of: String.self))
    process = try launch(
      restoring: again, alarmCenter: alarmCenter, notificationCenter: notificationCenter, clock: clock, wall: wall)
    XCTAssertEqual(notificationCenter.pending.map(\.identifier), [process.alerts.identifier(for: "tea")])
    XCTAssertEqual(alarmCenter.alarms.count, 0, "the previous launch's alarm is cancelled")
    process.manager.cancelAll()
  }

  func testBelowAlarmKitAnIDRingsAsANotification() throws {
    let clock = ManualCountdownClock()
    let start = Date()
    let wall: @Sendable () -> Date = { start + Double(clock.now.nanosecondsSinceOrigin) / 1e9 }
    let notificationCenter = FakeNotificationCenter(now: wall)
    let process = try launch(
      restoring: nil, alarmCenter: nil, notificationCenter: notificationCenter, clock: clock, wall: wall)
    try process.manager.start(id: "tea", for: .seconds(600)) { _, _, _ in }
    notificationCenter.drain()
    XCTAssertEqual(notificationCenter.pending.map(\.identifier), [process.alerts.identifier(for: "tea")])
    process.manager.cancelAll()
  }
}
