import CountdownAlerts
import CountdownAlertsTesting
import CountdownKit
import CountdownTestSupport
import Foundation
import XCTest

/// One "process" of an app with alerts (``AppHarness``) and its alerts, on a notification center
/// that outlives it (the system's), so that a test can relaunch.
final class NotificationsHarness: AppHarness {
  let center: FakeNotificationCenter
  private(set) var alerts: CountdownNotifications<String>?
  let budget: Int
  let milestones: [Duration]

  /// A fresh device: a wall clock, a center holding nothing, and a first process.
  init(budget: Int = 20, milestones: [Duration] = []) throws {
    let wall = DeviceClock()
    center = FakeNotificationCenter(now: { wall.now })
    self.budget = budget
    self.milestones = milestones
    try super.init(wall: wall)
    alerts = try makeAlerts()
  }

  func makeAlerts() throws(CountdownAlertError) -> CountdownNotifications<String> {
    try CountdownNotifications(
      String.self, manager: manager, center: center, namespace: "timers", budget: budget, milestones: milestones,
      clockChanges: clockChanges, onFailure: recordFailure, content: Self.content)
  }

  /// What the app says for each alert.
  static let content: @Sendable (String, CountdownAlertMoment) -> CountdownAlertContent = { id, moment in
    switch moment {
    case .end: CountdownAlertContent(title: id, body: "Time's up", userInfo: ["id": id])
    case .timeLeft(let left): CountdownAlertContent(title: id, body: "\(left) left", sound: nil)
    }
  }

  var alertsOrFail: CountdownNotifications<String> { alerts! }

  /// Time passes: the manual clock, which the wall clock follows; ends are delivered, and the
  /// requests whose time came fire.
  override func advance(by seconds: Int) throws {
    try super.advance(by: seconds)
    center.drain()
  }

  /// The app is killed and launched again: the countdowns of `String` ids come back from a
  /// snapshot taken now (or `damaged` bytes), on a new manager and new alerts, on the same center.
  @discardableResult
  func relaunch(damaged: Bool = false) throws -> (any Error)? {
    let data = damaged ? Data("{\"entries\": 7}".utf8) : try snapshot()
    alerts = nil  // the process ends: nothing is cancelled
    try startNewProcess()
    alerts = try makeAlerts()
    do {
      let snapshot = try CountdownSnapshot<String>(decoding: data)
      try manager.restore(snapshot) { _, _, _ in }
    } catch {
      center.drain()
      return error
    }
    center.drain()
    return nil
  }

  /// The alerts' own pending requests, soonest first.
  var ownPending: [FakeNotificationCenter.PendingRequest] {
    center.pending.filter { $0.identifier.hasPrefix("countdown-alerts/timers/") }
  }

  /// Fails unless the center's own pending requests are exactly the ends of `ids` (and their
  /// milestones still ahead), each at the manager's end date, with the app's content.
  func assertPending(_ ids: [String], _ what: String = "", file: StaticString = #filePath, line: UInt = #line) {
    center.drain()
    let alerts = alertsOrFail
    var expected: [String: (Date, CountdownAlertContent)] = [:]
    for id in ids {
      guard let end = manager.endDate(id: id) else {
        XCTFail("\(what): \(id) has no end", file: file, line: line)
        continue
      }
      if end > wall.now { expected[alerts.identifier(for: id)] = (end, Self.content(id, .end)) }
      for left in milestones where end - left.seconds > wall.now {
        expected[alerts.identifier(for: id, moment: .timeLeft(left))] = (
          end - left.seconds, Self.content(id, .timeLeft(left))
        )
      }
    }
    let pending = ownPending
    XCTAssertEqual(Set(pending.map(\.identifier)), Set(expected.keys), what, file: file, line: line)
    for request in pending {
      guard let (date, content) = expected[request.identifier] else { continue }
      XCTAssertEqual(
        request.fireDate.timeIntervalSince1970, date.timeIntervalSince1970, accuracy: 1e-6,
        "\(what): \(request.identifier)", file: file, line: line)
      XCTAssertEqual(request.content, content, what, file: file, line: line)
    }
  }

  /// Fails if any call named a request that is not the alerts' own.
  /// `context` (such as a seed to replay) follows the message.
  func assertNoForeignCall(
    _ context: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line
  ) {
    let foreign = center.calls.flatMap(\.identifiers).filter { !$0.hasPrefix("countdown-alerts/timers/") }
    let context = context()
    let message = context.isEmpty ? "a call touched another's request" : "a call touched another's request; \(context)"
    XCTAssertEqual(foreign, [], message, file: file, line: line)
  }
}

extension Duration {
  var seconds: TimeInterval { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}

/// Runs `body` on the main actor (the tests run on the main thread) with a new harness whose
/// center also holds a request of the app's own; then checks that no call touched that request
/// (nor any other not the alerts' own), that nothing failed, and cancels what still counts.
func withNotifications(
  budget: Int = 20, milestones: [Duration] = [], file: StaticString = #filePath, line: UInt = #line,
  _ body: @MainActor (NotificationsHarness) throws -> Void
) throws {
  try MainActor.assumeIsolated {
    let harness = try NotificationsHarness(budget: budget, milestones: milestones)
    harness.center.schedule(
      identifier: "app/reminder", content: .init(title: "Water the plants", body: ""),
      fireDate: harness.wall.now + 7_200)
    defer { harness.manager.cancelAll() }
    try body(harness)
    harness.assertNoForeignCall(file: file, line: line)
    XCTAssertTrue(
      harness.center.pending.contains { $0.identifier == "app/reminder" }, "the app's request stays", file: file,
      line: line)
    XCTAssertEqual(harness.failures.withLock { $0 }, [], file: file, line: line)
  }
}

/// The device's wall clock: it moves with the manual clock of the running "process" (read at any
/// instant a delivery happens, even in the middle of an advance, both agree), and jumps when the
/// user changes it. A relaunch hands it the new process's clock, which starts again from zero.
final class DeviceClock: Sendable {
  private struct State {
    var base = Date(timeIntervalSince1970: 1_800_000_000)
    var clock: ManualCountdownClock?
  }
  private let state = LockedState(State())

  var now: Date {
    let (base, clock) = state.withLock { ($0.base, $0.clock) }
    // The clock is read outside the lock (it is code of its own).
    return base + (clock.map { Double($0.now.nanosecondsSinceOrigin) / 1e9 } ?? 0)
  }

  /// The user sets the clock `seconds` ahead (behind, if negative).
  func jump(by seconds: TimeInterval) {
    state.withLock { $0.base += seconds }
  }

  /// From now on the wall clock moves with `clock` (a new process's): where it stands now stays.
  func follow(_ clock: ManualCountdownClock) {
    let now = self.now
    state.withLock { $0 = State(base: now - Double(clock.now.nanosecondsSinceOrigin) / 1e9, clock: clock) }
  }
}
