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
  /// How many phase ends of a countdown in phases the alerts request (`nil`: as many as the budget
  /// holds).
  let phaseEndsAhead: Int?
  /// The alerts delivered before the app was launched again (identifier and date): a milestone
  /// alert among them may be of a phase end the new process never saw, and stays (as a single
  /// countdown's that ended while the app was not running).
  private var deliveredBeforeRelaunch: Set<String> = []

  /// A fresh device: a wall clock, a center holding nothing, and a first process.
  init(budget: Int = 20, milestones: [Duration] = [], phaseEndsAhead: Int? = nil) throws {
    let wall = DeviceClock()
    center = FakeNotificationCenter(now: { wall.now })
    self.budget = budget
    self.milestones = milestones
    self.phaseEndsAhead = phaseEndsAhead
    try super.init(wall: wall)
    alerts = try makeAlerts()
  }

  func makeAlerts() throws(CountdownAlertError) -> CountdownNotifications<String> {
    try CountdownNotifications(
      String.self, manager: manager, center: center, namespace: "timers", budget: budget, milestones: milestones,
      clockChanges: clockChanges, onFailure: recordFailure, phaseEndsAhead: phaseEndsAhead,
      content: Self.describedContent)
  }

  /// What the app says for each alert, told what it is about: a single countdown's as
  /// ``content``; a phase end's names the phase, its ordinal, the next phase and when it ends.
  nonisolated static let describedContent: @Sendable (CountdownAlertContext<String>) -> CountdownAlertContent = {
    alert in
    guard let phaseEnd = alert.phaseEnd else { return content(alert.id, alert.moment) }
    return phaseContent(
      alert.id, alert.moment, phase: phaseEnd.phase.name, ordinal: phaseEnd.ordinal, next: phaseEnd.nextPhase?.name,
      until: phaseEnd.nextPhaseEndDate)
  }

  /// What the app says for the alert at `moment` of the end of `phase` (of `ordinal`), followed by
  /// `next` until `until`.
  nonisolated static func phaseContent(
    _ id: String, _ moment: CountdownAlertMoment, phase: String, ordinal: Int, next: String?, until: Date?
  ) -> CountdownAlertContent {
    let milliseconds = until.map { Int(($0.timeIntervalSince1970 * 1_000).rounded()) }
    return CountdownAlertContent(
      title: "\(id) \(phase) #\(ordinal) \(moment)",
      body: "next \(next ?? "none") until \(milliseconds.map(String.init) ?? "-")")
  }

  /// What the app says for each alert.
  nonisolated static let content: @Sendable (String, CountdownAlertMoment) -> CountdownAlertContent = { id, moment in
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

  /// The app is killed and launched again: the countdowns of `String` ids, those in phases too,
  /// come back from a snapshot taken now (or `damaged` bytes), on a new manager and new alerts, on
  /// the same center.
  @discardableResult
  func relaunch(damaged: Bool = false) throws -> (any Error)? {
    let data = damaged ? Data("{\"entries\": 7}".utf8) : try snapshot()
    alerts = nil  // the process ends: nothing is cancelled
    deliveredBeforeRelaunch.formUnion(center.delivered.map(Self.deliveredKey))
    try startNewProcess()
    alerts = try makeAlerts()
    do {
      let snapshot = try CountdownSnapshot<String>(decoding: data)
      try manager.restore(snapshot, { _, _, _ in }, phases: { _, _, _ in })
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
    (67, .change(.suspendOrResume)), (70, .calibrate), (74, .clockJump), (77, .relaunch), (80, .mirror(0)),
  ]

  /// A budget of 2 to 6, with a milestone 30 s before the end or none; the center holds a request
  /// of the app's own.
  static func make(using random: inout SplitMix64) throws -> Self {
    try make(using: &random, phaseEndsAhead: nil)
  }

  /// ``make(using:)``, the alerts requesting `phaseEndsAhead` phase ends (the model expects as many
  /// as the budget holds: fewer is a fault it must find).
  static func make(using random: inout SplitMix64, phaseEndsAhead: Int?) throws -> Self {
    let budget = Int.random(in: 2...6, using: &random)
    let milestones: [Duration] = Bool.random(using: &random) ? [.seconds(30)] : []
    let h = try Self(budget: budget, milestones: milestones, phaseEndsAhead: phaseEndsAhead)
    h.center.schedule(identifier: "app/reminder", content: .init(title: "", body: ""), fireDate: h.wall.now + 1e6)
    return h
  }

  func relaunch(using random: inout SplitMix64) throws -> String {
    if let error = try relaunch() { throw error }
    return "relaunch"
  }

  /// A delivered alert told apart from a later one under the same identifier.
  private static func deliveredKey(_ request: FakeNotificationCenter.PendingRequest) -> String {
    "\(request.identifier) \(request.fireDate.timeIntervalSinceReferenceDate)"
  }

  /// The app cancels `id`: no milestone alert of its phases is left delivered in the notification
  /// center (but those delivered before the last relaunch), as none of a single countdown's is
  /// once it is cancelled; a phase's went already when the phase was over.
  func mirrorStep(_ number: Int, of id: String) throws -> (action: String, broken: String?) {
    manager.cancel(id: id)
    drainMain()
    center.drain()
    let alerts = alertsOrFail
    let stale = center.delivered.first {
      alerts.countdownID(forRequest: $0.identifier) == id && alerts.phaseOrdinal(forRequest: $0.identifier) != nil
        && alerts.moment(forRequest: $0.identifier) != .end && !deliveredBeforeRelaunch.contains(Self.deliveredKey($0))
    }
    return ("cancel \(id), its delivered milestones checked", stale.map { "\($0.identifier) stays delivered" })
  }

  func mismatch() -> String? {
    mismatch(ids: Self.ids)
  }

  /// What differs between the center and the model for the countdowns of `ids`, or `nil`: the
  /// center's pending set is the soonest ends of the running countdowns, as many as the budget holds
  /// (those whose end passed unseen, while suspended, hold their place): a single countdown's end,
  /// and a countdown in phases' next phase ends (as many as the budget holds ends, up to the first
  /// phase after which the plan pauses, walked from the plan in the manager's snapshot, each under
  /// its ordinal), each with its request and its
  /// milestones still ahead (a phase end's within its phase), at the manager's dates, with the
  /// app's content (a phase end's names the next phase and when it ends).
  func mismatch(ids: [String]) -> String? {
    let h = self
    h.center.drain()
    let alerts = h.alertsOrFail
    let now = h.wall.now
    let capacity = budget / (1 + milestones.count)
    let ends = ids.flatMap { modelEnds(of: $0, capacity: capacity) }
    let passed = ends.filter { $0.end <= now }
    let ahead = ends.filter { $0.end > now }.sorted { $0.end < $1.end }
    let expectedCount = min(ahead.count, max(0, capacity - passed.count))
    // The ends with a request pending, read back from the identifiers.
    var byEnd: [String: [FakeNotificationCenter.PendingRequest]] = [:]
    for request in h.ownPending {
      let ordinal = alerts.phaseOrdinal(forRequest: request.identifier).map { "@\($0)" } ?? ""
      byEnd[alerts.countdownID(forRequest: request.identifier)! + ordinal, default: []].append(request)
    }
    guard byEnd.count == expectedCount else {
      return
        "\(byEnd.count) ends pending, the model has \(expectedCount) (capacity \(capacity), \(passed.count) passed, ahead: \(ahead.map { "\($0.name)@\($0.end.timeIntervalSince(now))" }), pending: \(byEnd.keys.sorted()))"
    }
    let pendingEnds = ahead.filter { byEnd[$0.name] != nil }.map(\.end)
    let waitingEnds = ahead.filter { byEnd[$0.name] == nil }.map(\.end)
    if let latest = pendingEnds.max(), let soonest = waitingEnds.min(), latest > soonest + 1e-6 {
      return
        "an end at +\(latest.timeIntervalSince(now)) is pending, one at +\(soonest.timeIntervalSince(now)) waits (pending: \(byEnd.keys.sorted()))"
    }
    for (name, requests) in byEnd {
      guard let end = ahead.first(where: { $0.name == name }) else { return "\(name) has requests but no end ahead" }
      var expected: [String: (Date, CountdownAlertContent)] = [:]
      for moment in [CountdownAlertMoment.end] + milestones.map({ .timeLeft($0) }) {
        let fire: Date
        if case .timeLeft(let left) = moment {
          fire = end.end - left.seconds
          guard fire > now, fire > (end.start ?? now) else { continue }
        } else {
          fire = end.end
        }
        let identifier =
          end.ordinal.map { alerts.identifier(for: end.id, phaseOrdinal: $0, moment: moment) }
          ?? alerts.identifier(for: end.id, moment: moment)
        expected[identifier] = (fire, end.content(moment))
      }
      guard Set(requests.map(\.identifier)) == Set(expected.keys) else {
        return "\(name): pending \(requests.map(\.identifier).sorted()), expected \(expected.keys.sorted())"
      }
      for request in requests {
        let (date, content) = expected[request.identifier]!
        guard abs(request.fireDate.timeIntervalSince(date)) < 1e-6 else {
          return
            "\(request.identifier) fires at +\(request.fireDate.timeIntervalSince(now)), expected +\(date.timeIntervalSince(now))"
        }
        guard request.content == content else {
          return "\(request.identifier) says \(request.content), expected \(content)"
        }
      }
    }
    return nil
  }

  /// One end of the model: its countdown's, or one phase end of a countdown in phases.
  struct ModelEnd {
    var id: String
    /// The phase's ordinal; `nil` for a single countdown.
    var ordinal: Int?
    var end: Date
    /// When the phase starts, for a phase end after the current one.
    var start: Date?
    /// What its alert at each moment says.
    var content: (CountdownAlertMoment) -> CountdownAlertContent

    /// How the failure messages name it: the id, and `@` the ordinal.
    var name: String { id + (ordinal.map { "@\($0)" } ?? "") }
  }

  /// The ends of `id`'s countdown the model expects to have their place among the pending: its end,
  /// or, in phases, its next `capacity` phase ends from the current one's (``CountdownKit/CountdownManager/endDate(id:)``),
  /// each the plan's phase lengths after the one before, walked from the plan in a snapshot taken now
  /// (one block of phases repeated some times or forever, as the property test starts them), up to
  /// the first phase after which the plan pauses, each with the next phase's name and end (that
  /// phase's with no next end: the next phase waits for the app). None while it is paused (by the
  /// app, or waiting after such a phase) or frozen.
  func modelEnds(of id: String, capacity: Int) -> [ModelEnd] {
    guard let end = manager.endDate(id: id) else { return [] }
    // The phase whose end the registration counts toward (one that passed unseen, while
    // suspended, holds its place): the snapshot's, as the end date's; the position says where the
    // plan is at this instant, past such an end.
    guard let entry = manager.snapshot(of: String.self).phaseEntries.first(where: { $0.id == id }),
      entry.plan.blocks.count == 1, entry.plan.warmUp.isEmpty, entry.plan.coolDown.isEmpty
    else {
      return [ModelEnd(id: id, ordinal: nil, end: end, start: nil) { Self.content(id, $0) }]
    }
    let plan = entry.plan
    let phases = plan.blocks[0].phases
    let position = (ordinal: entry.ordinal, phase: phases[entry.ordinal % phases.count])
    let count = plan.blocks[0].repetition.count.map { $0 * phases.count }
    // The phase of each ordinal from the current one, and when each ends: one more than the
    // budget holds, for the last one's next.
    var dates = [end]
    var names = [position.phase.name]
    var pauses = position.phase.pausesAfter
    for ordinal in (position.ordinal + 1)...(position.ordinal + capacity) {
      guard count.map({ ordinal < $0 }) ?? true else { break }
      let phase = phases[ordinal % phases.count]
      names.append(phase.name)
      // After a phase that pauses the plan, the next one waits for the app's resume: its end, and
      // every later one, is not known yet.
      guard !pauses else { break }
      dates.append(dates.last! + phase.duration.seconds)
      pauses = phase.pausesAfter
    }
    var ends: [ModelEnd] = []
    for index in 0..<min(capacity, dates.count) {
      let ordinal = position.ordinal + index
      let next = index + 1 < names.count ? names[index + 1] : nil
      let until = index + 1 < dates.count ? dates[index + 1] : nil
      let phase = names[index]
      ends.append(
        ModelEnd(id: id, ordinal: ordinal, end: dates[index], start: index > 0 ? dates[index - 1] : nil) { moment in
          Self.phaseContent(id, moment, phase: phase, ordinal: ordinal, next: next, until: until)
        })
    }
    return ends
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
