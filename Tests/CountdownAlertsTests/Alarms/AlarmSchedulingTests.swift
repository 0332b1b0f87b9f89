import CountdownAlerts
import CountdownAlertsTesting
import CountdownKit
import CountdownTestSupport
import Foundation
import XCTest

/// When an alarm is scheduled and for how long: the duration counted from the moment of the call,
/// and what the app adds to it (intents, sound, snooze).
final class AlarmSchedulingTests: XCTestCase {
  /// A center whose calls wait behind others (AlarmKit's `schedule` runs on a task after those
  /// before it): `backlog` runs before each schedule reaches the fake.
  final class BackloggedCenter: CountdownAlarmCenter {
    let fake: FakeAlarmCenter
    let backlog: @Sendable () -> Void

    init(fake: FakeAlarmCenter, backlog: @escaping @Sendable () -> Void) {
      self.fake = fake
      self.backlog = backlog
    }

    func schedule(_ request: CountdownAlarmRequest, completion: @escaping @Sendable ((any Error)?) -> Void) {
      backlog()
      fake.schedule(request, completion: completion)
    }
    func pause(id: UUID, completion: @escaping @Sendable ((any Error)?) -> Void) { fake.pause(id: id, completion: completion) }
    func resume(id: UUID, completion: @escaping @Sendable ((any Error)?) -> Void) {
      fake.resume(id: id, completion: completion)
    }
    func cancel(id: UUID, completion: @escaping @Sendable ((any Error)?) -> Void) {
      fake.cancel(id: id, completion: completion)
    }
    func alarms(_ completion: @escaping @Sendable (Result<[CountdownAlarmSnapshot], any Error>) -> Void) {
      fake.alarms(completion)
    }
    func observeAlarms(_ onChange: @escaping @Sendable ([CountdownAlarmSnapshot]) -> Void) -> CountdownAlarmObservation {
      fake.observeAlarms(onChange)
    }
  }

  func testTheDurationIsTakenFromTheDeadlineWhenTheCallIsMade() throws {
    try MainActor.assumeIsolated {
      let clock = ManualCountdownClock()
      let start = Date()
      let wall: @Sendable () -> Date = { start + Double(clock.now.nanosecondsSinceOrigin) / 1e9 }
      let manager = try CountdownManager(clock: clock, wallClock: wall)
      let fake = FakeAlarmCenter(now: wall)
      // Four seconds pass between the turn that planned the schedule and the call.
      let center = BackloggedCenter(fake: fake) { try? clock.advance(by: .seconds(4)) }
      let alarms = try CountdownAlarms(String.self, manager: manager, center: center)
      try manager.start(id: "tea", for: .seconds(180)) { _, _, _ in }
      let alarm = fake.alarms.first { $0.id == alarms.alarmID(for: "tea") }
      XCTAssertEqual(
        alarm?.fireDate?.timeIntervalSince(manager.endDate(id: "tea") ?? .distantPast) ?? .infinity, 0, accuracy: 1e-6,
        "the alarm rings at the countdown's end, not the backlog's time later")
      manager.cancelAll()
    }
  }
}
