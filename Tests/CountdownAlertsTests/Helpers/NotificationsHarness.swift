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

extension NotificationsHarness: MirrorHarness {
  static let ids = (0..<8).map { "t\($0)" }

  static let steps: [(below: Int, step: MirrorStep)] = [
    (20, .change(.start)), (28, .change(.startPlan)), (32, .change(.skipPhase)), (38, .change(.pause)),
    (44, .change(.resume)), (54, .change(.addTime)), (60, .change(.cancel)), (62, .change(.cancelAll)),
    (67, .change(.suspendOrResume)), (70, .calibrate), (74, .clockJump), (77, .relaunch),
  ]

  /// A budget of 2 to 6, with a milestone 30 s before the end or none; the center holds a request
  /// of the app's own.
  static func make(using random: inout SplitMix64) throws -> Self {
    let budget = Int.random(in: 2...6, using: &random)
    let milestones: [Duration] = Bool.random(using: &random) ? [.seconds(30)] : []
    let h = try Self(budget: budget, milestones: milestones)
    h.center.schedule(identifier: "app/reminder", content: .init(title: "", body: ""), fireDate: h.wall.now + 1e6)
    return h
  }

  func relaunch(using random: inout SplitMix64) throws -> String {
    if let error = try relaunch() { throw error }
    return "relaunch"
  }

  func mismatch() -> String? {
    mismatch(ids: Self.ids)
  }

  /// What differs between the center and the model for the countdowns of `ids`, or `nil`: the
  /// center's pending set is the running countdowns sorted by end, as many as the budget holds
  /// (those whose end passed unseen, while suspended, hold their place), each with its end's
  /// request and its milestones still ahead, at the manager's dates, with the app's content.
  func mismatch(ids: [String]) -> String? {
    let h = self
    h.center.drain()
    let alerts = h.alertsOrFail
    let now = h.wall.now
    let capacity = budget / (1 + milestones.count)
    let running = ids.compactMap { id in h.manager.endDate(id: id).map { (id: id, end: $0) } }
    let passed = running.filter { $0.end <= now }
    let ahead = running.filter { $0.end > now }.sorted { $0.end < $1.end }
    let expectedCount = min(ahead.count, max(0, capacity - passed.count))
    // The ids with a request pending, read back from the identifiers.
    var byID: [String: [FakeNotificationCenter.PendingRequest]] = [:]
    for request in h.ownPending {
      byID[String(request.identifier.split(separator: "/").last!), default: []].append(request)
    }
    guard byID.count == expectedCount else {
      return
        "\(byID.count) countdowns pending, the model has \(expectedCount) (capacity \(capacity), \(passed.count) passed, ahead: \(ahead.map { "\($0.id)@\($0.end.timeIntervalSince(now))" }))"
    }
    let pendingEnds = ahead.filter { byID[$0.id] != nil }.map(\.end)
    let waitingEnds = ahead.filter { byID[$0.id] == nil }.map(\.end)
    if let latest = pendingEnds.max(), let soonest = waitingEnds.min(), latest > soonest + 1e-6 {
      return
        "a countdown ending at +\(latest.timeIntervalSince(now)) is pending, one ending at +\(soonest.timeIntervalSince(now)) waits"
    }
    for (id, requests) in byID {
      guard let end = ahead.first(where: { $0.id == id })?.end else { return "\(id) has requests but no end ahead" }
      var expected: [String: (Date, CountdownAlertContent)] = [
        alerts.identifier(for: id): (end, NotificationsHarness.content(id, .end))
      ]
      for left in milestones where end - left.seconds > now {
        expected[alerts.identifier(for: id, moment: .timeLeft(left))] = (
          end - left.seconds, NotificationsHarness.content(id, .timeLeft(left))
        )
      }
      guard Set(requests.map(\.identifier)) == Set(expected.keys) else {
        return "\(id): pending \(requests.map(\.identifier).sorted()), expected \(expected.keys.sorted())"
      }
      for request in requests {
        let (date, content) = expected[request.identifier]!
        guard abs(request.fireDate.timeIntervalSince(date)) < 1e-6, request.content == content else {
          return
            "\(request.identifier) fires at +\(request.fireDate.timeIntervalSince(now)), expected +\(date.timeIntervalSince(now))"
        }
      }
    }
    return nil
  }

  func assertFinally(_ context: String) {
    assertNoForeignCall(context)
    XCTAssertTrue(center.pending.contains { $0.identifier == "app/reminder" }, "\(context): the app's request stays")
    XCTAssertEqual(failures.withLock { $0 }, [], context)
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
