import CountdownAlerts
import CountdownAlertsTesting
import CountdownKit
import Foundation
import XCTest

/// The alerts as an app developer uses them from the README and the alerts article alone: each
/// test is one scenario written the way the documentation shows it, asserting what it promises.
/// The scenarios are numbered as in the article; a class per mirror (``OutsideConsumerNotificationsTests``,
/// ``OutsideConsumerAlarmsTests``, ``OutsideConsumerLiveActivitiesTests``,
/// ``OutsideConsumerWidgetsTests``) holds its own, on what this one sets up as the article does.
class OutsideConsumerTestCase: XCTestCase {
  /// The app's alert for every countdown: "Timer", "<id> is done.".
  static let done: @Sendable (String, CountdownAlertMoment) -> CountdownAlertContent = { id, _ in
    CountdownAlertContent(title: "Timer", body: "\(id) is done.")
  }

  /// A device, its notification center and the app's alerts for `String` ids, made as the article
  /// shows them.
  func notifications() throws -> (Device, FakeNotificationCenter, CountdownNotifications<String>) {
    let device = try Device()
    let center = FakeNotificationCenter(now: device.wall)
    let alerts = try CountdownNotifications(String.self, manager: device.manager, center: center, content: Self.done)
    return (device, center, alerts)
  }

  /// Notifications denied, failures recorded, and "tea" started for 3 minutes: the denied
  /// authorization's first report has been made.
  func deniedWithTeaStarted() throws -> (
    Device, FakeNotificationCenter, Recorder<CountdownAlertError>, CountdownNotifications<String>
  ) {
    let device = try Device()
    let center = FakeNotificationCenter(now: device.wall)
    center.authorization = .denied
    let failures = Recorder<CountdownAlertError>()
    let alerts = try CountdownNotifications(
      String.self, manager: device.manager, center: center, onFailure: { failures.append($0) },
      content: Self.done)
    try device.manager.start(id: "tea", for: .seconds(180)) { _, _, _ in }
    center.drain()
    return (device, center, failures, alerts)
  }

  /// The article's setup: a manual clock, the device's wall clock moving with it, a manager on both.
  struct Device {
    let clock = ManualCountdownClock()
    /// The wall clock's date when the device was made: a fixed one gives the same "10:35" at every run.
    let start: Date
    let wall: @Sendable () -> Date
    let manager: CountdownManager

    init(start: Date = Date()) throws {
      let clock = clock
      self.start = start
      wall = { start + Double(clock.now.nanosecondsSinceOrigin) / 1e9 }
      manager = try CountdownManager(clock: clock, wallClock: wall)
    }

    /// Moves the clocks on to `seconds` after ``start``.
    func advance(to seconds: TimeInterval) throws {
      let elapsed = wall().timeIntervalSince(start)
      try clock.advance(by: .milliseconds(Int64(((seconds - elapsed) * 1_000).rounded())))
    }
  }

  /// What a Live Activity of the app shows.
  struct TimerState: Codable, Hashable, Sendable {
    var range: ClosedRange<Date>
    var pausedAt: Date?
    var title: String
  }

  /// The app's stop intent, as `CountdownAlarmStops` shows it, without AppIntents (not on Linux).
  struct StopTimerIntent: Sendable {
    let alarmID: UUID
    let suiteName: String

    func perform() {
      CountdownAlarmStops(suiteName: suiteName).record(alarmID: alarmID)
    }
  }

  /// Values reported on any thread (`onFailure`), read by the test.
  final class Recorder<Value: Sendable>: @unchecked Sendable {
    // `lock` guards `recorded`.
    private let lock = NSLock()
    private var recorded: [Value] = []

    var values: [Value] { lock.withLock { recorded } }

    func append(_ value: Value) {
      lock.withLock { recorded.append(value) }
    }
  }

  func identifiers(_ ids: [String], of alerts: CountdownNotifications<String>?) -> Set<String> {
    Set(ids.compactMap { alerts?.identifier(for: $0) })
  }
}
