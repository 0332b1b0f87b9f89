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
    func pause(id: UUID, completion: @escaping @Sendable ((any Error)?) -> Void) {
      fake.pause(id: id, completion: completion)
    }
    func resume(id: UUID, completion: @escaping @Sendable ((any Error)?) -> Void) {
      fake.resume(id: id, completion: completion)
    }
    func cancel(id: UUID, completion: @escaping @Sendable ((any Error)?) -> Void) {
      fake.cancel(id: id, completion: completion)
    }
    func alarms(_ completion: @escaping @Sendable (Result<[CountdownAlarmSnapshot], any Error>) -> Void) {
      fake.alarms(completion)
    }
    func observeAlarms(_ onChange: @escaping @Sendable ([CountdownAlarmSnapshot]) -> Void) -> CountdownAlarmObservation
    {
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

extension AlarmSchedulingTests {
  /// An intent of the app's, as the options carry it (the app's `LiveActivityIntent`).
  struct TestIntent: Sendable, Equatable {
    var name: String
    var alarmID: UUID
  }

  func testTheAppsIntentsSoundAndSnoozeReachTheCenter() throws {
    try withAlarms { h in
      h.options = { id, alarmID in
        CountdownAlarmOptions(
          stopIntent: TestIntent(name: "stop \(id)", alarmID: alarmID),
          secondaryIntent: TestIntent(name: "repeat \(id)", alarmID: alarmID), soundName: "chime.caf", postAlert: 300)
      }
      try h.relaunch()
      try h.manager.start(id: "egg", for: .seconds(60)) { _, _, _ in }
      let egg = h.alarmsOrFail.alarmID(for: "egg")
      let options = h.center.options(for: egg)
      XCTAssertEqual(options?.stopIntent as? TestIntent, TestIntent(name: "stop egg", alarmID: egg))
      XCTAssertEqual(options?.secondaryIntent as? TestIntent, TestIntent(name: "repeat egg", alarmID: egg))
      let held = h.center.alarms.first { $0.id == egg }
      XCTAssertEqual(held?.soundName, "chime.caf")
      XCTAssertEqual(held?.postAlert, 300)
      try h.advance(by: 60)
      XCTAssertEqual(h.center.alarms.first { $0.id == egg }?.state, .alerting)
      h.center.clearCalls()
      XCTAssertTrue(h.center.personSnoozes(id: egg))
      let snoozed = h.center.alarms.first { $0.id == egg }
      XCTAssertEqual(snoozed?.state, .countdown)
      XCTAssertEqual(snoozed?.fireDate, h.wall.now + 300, "the snooze counts down the post-alert duration")
      XCTAssertEqual(h.center.calls, [], "a snooze is the person's: nothing answers it")
    }
  }

  func testASnoozeOfZeroOrLessIsReportedAndLeftOut() throws {
    try withAlarms(expectsFailures: true) { h in
      h.options = { _, _ in CountdownAlarmOptions(soundName: "chime.caf", postAlert: 0) }
      try h.relaunch()
      try h.manager.start(id: "egg", for: .seconds(60)) { _, _, _ in }
      let egg = h.alarmsOrFail.alarmID(for: "egg")
      XCTAssertEqual(h.failures.withLock { $0 }, [.invalidAlarmOptions])
      XCTAssertEqual(h.failures.withLock { $0 }.first?.requestIdentifier, egg.uuidString)
      let held = h.center.alarms.first { $0.id == egg }
      XCTAssertEqual(held?.postAlert, 60, "left out: a snooze counts the countdown's length")
      XCTAssertEqual(held?.soundName, "chime.caf", "the rest kept")
      h.assertHeld(["egg"], "scheduled nonetheless")
    }
  }
}

extension AlarmSchedulingTests {
  /// Without a snooze of the app's, the alarm's snooze counts down the countdown's whole length,
  /// not the time that was left when the alarm was last scheduled (AlarmKit's default reuses the
  /// timer's duration).
  func testASnoozeCountsTheCountdownsLengthUnlessTheAppChoseOne() throws {
    try withAlarms { h in
      try h.manager.start(id: "egg", for: .seconds(600)) { _, _, _ in }
      let egg = h.alarmsOrFail.alarmID(for: "egg")
      XCTAssertEqual(h.center.alarms.first { $0.id == egg }?.postAlert, 600)
      try h.advance(by: 300)
      try h.manager.addTime(.seconds(60), id: "egg")  // scheduled again, with 360 s to go
      let held = h.center.alarms.first { $0.id == egg }
      XCTAssertEqual(held?.duration ?? 0, 360, accuracy: 1e-6)
      XCTAssertEqual(held?.postAlert ?? 0, 660, accuracy: 1e-6, "the countdown's length, with the time added")
      try h.advance(by: 360)
      XCTAssertTrue(h.center.personSnoozes(id: egg))
      let snoozed = h.center.alarms.first { $0.id == egg }
      XCTAssertEqual(
        snoozed?.fireDate?.timeIntervalSince(h.wall.now) ?? 0, 660, accuracy: 1e-6, "the snooze counts it all again")
      try h.relaunch()
      h.center.answerListings()
      try h.manager.start(id: "tea", for: .seconds(180)) { _, _, _ in }
      try h.advance(by: 60)
      try h.relaunch()
      h.center.answerListings()
      let tea = h.center.alarms.first { $0.id == h.alarmsOrFail.alarmID(for: "tea") }
      XCTAssertEqual(tea?.duration ?? 0, 120, accuracy: 1e-6, "scheduled again at the relaunch, for what is left")
      XCTAssertEqual(tea?.postAlert ?? 0, 180, accuracy: 1e-6, "its snooze: the countdown's length")
    }
  }

  /// Time taken past the end ends the countdown at once, in the app: its alarm, which has nothing
  /// left to count, is cancelled rather than rung; a countdown counting overtime keeps no alarm.
  func testTimeTakenPastTheEndEndsTheCountdownAndCancelsItsAlarm() throws {
    try withAlarms { h in
      try h.manager.start(id: "tea", for: .seconds(180)) { _, _, _ in }
      try h.manager.start(id: "talk", for: .seconds(180), pastTheEnd: .countsOvertime) { _, _, _ in }
      let tea = h.alarmsOrFail.alarmID(for: "tea")
      let talk = h.alarmsOrFail.alarmID(for: "talk")
      try h.advance(by: 60)
      h.center.clearCalls()
      _ = try? h.manager.addTime(.seconds(-150), id: "tea")
      _ = try? h.manager.addTime(.seconds(-150), id: "talk")
      h.drainMain()
      XCTAssertFalse(h.manager.contains(id: "tea"), "ended by the time taken")
      XCTAssertTrue(h.manager.contains(id: "talk"), "counts overtime")
      XCTAssertFalse(
        h.center.alarms.contains { $0.id == tea || $0.id == talk }, "no alarm rings for an end the app made")
      XCTAssertEqual(h.center.calls, [.cancel(tea), .cancel(talk)])
    }
  }
}
