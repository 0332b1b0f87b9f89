import CountdownAlerts
import CountdownAlertsTesting
import CountdownKit
import CountdownTestSupport
import Foundation
import XCTest

/// Random sequences of every change a countdown can go through (start, replace, pause, resume,
/// time added or taken, cancel, cancelAll, a suspension and its end, calibration, a change of the
/// device's clock, a relaunch with a restore, time passing), on the manual clock and the fake
/// center. After every step the center's pending set is the model's: the running countdowns
/// sorted by end, as many as the budget holds (those whose end passed unseen, while suspended,
/// hold their place), each with its end's request and its milestones still ahead, at the
/// manager's dates, with the app's content; nothing else of the alerts', nothing of the app's
/// touched.
///
/// Replayable: a failure names its seed and step; `COUNTDOWN_ALERTS_SEED=<seed>` runs that seed
/// first, `COUNTDOWN_ALERTS_RUNS` sets how many seeds run (20 by default).
final class NotificationsPropertyTests: XCTestCase {
  static let ids = (0..<8).map { "t\($0)" }

  func testTheCenterAgreesWithTheModelAfterEveryStep() throws {
    let environment = ProcessInfo.processInfo.environment
    let firstSeed = environment["COUNTDOWN_ALERTS_SEED"].flatMap { UInt64($0) } ?? 0xA1E7
    let runs = environment["COUNTDOWN_ALERTS_RUNS"].flatMap { Int($0) } ?? 20
    for seed in firstSeed..<(firstSeed + UInt64(runs)) {
      try run(seed: seed, steps: 150)
    }
  }

  private func run(seed: UInt64, steps: Int) throws {
    var random = SplitMix64(seed: seed)
    let budget = Int.random(in: 2...6, using: &random)
    let milestones: [Duration] = Bool.random(using: &random) ? [.seconds(30)] : []
    try MainActor.assumeIsolated {
      let h = try NotificationsHarness(budget: budget, milestones: milestones)
      h.center.schedule(identifier: "app/reminder", content: .init(title: "", body: ""), fireDate: h.wall.now + 1e6)
      defer { h.manager.cancelAll() }
      var log: [String] = []
      for step in 0..<steps {
        let id = Self.ids.randomElement(using: &random)!
        let action: String
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<28:
          action = try ManagerChanges.make(.start, of: id, on: h.manager, using: &random)
        case 28..<36:
          action = try ManagerChanges.make(.pause, of: id, on: h.manager, using: &random)
        case 36..<44:
          action = try ManagerChanges.make(.resume, of: id, on: h.manager, using: &random)
        case 44..<54:
          action = try ManagerChanges.make(.addTime, of: id, on: h.manager, using: &random)
        case 54..<60:
          action = try ManagerChanges.make(.cancel, of: id, on: h.manager, using: &random)
        case 60..<62:
          action = try ManagerChanges.make(.cancelAll, of: id, on: h.manager, using: &random)
        case 62..<67:
          action = try ManagerChanges.make(.suspendOrResume, of: id, on: h.manager, using: &random)
        case 67..<70:
          action = "calibrate"
          try h.manager.calibrate(serverNow: h.wall.now + Double(Int.random(in: -600...600, using: &random)))
        case 70..<74:
          let seconds = Double(Int.random(in: -3_600...3_600, using: &random))
          action = "clock jump \(seconds)s"
          h.jumpWallClock(by: seconds)
        case 74..<77:
          action = "relaunch"
          try XCTUnwrap(h.relaunch() == nil ? () : nil, "seed \(seed) step \(step): the restore failed")
        default:
          let seconds = Int.random(in: 1...90, using: &random)
          action = "advance \(seconds)s"
          try h.advance(by: seconds)
        }
        log.append(action)
        h.drainMain()
        let mismatch = Self.check(h, budget: budget, milestones: milestones)
        if let mismatch {
          XCTFail("seed \(seed) step \(step) (\(action)): \(mismatch)\nsteps: \(log.joined(separator: "; "))")
          return
        }
      }
      h.assertNoForeignCall()
      XCTAssertTrue(
        h.center.pending.contains { $0.identifier == "app/reminder" }, "seed \(seed): the app's request stays")
      XCTAssertEqual(h.failures.withLock { $0 }, [], "seed \(seed)")
    }
  }

  /// What differs between the center and the model, or `nil`.
  @MainActor
  static func check(_ h: NotificationsHarness, budget: Int, milestones: [Duration], ids: [String] = ids) -> String? {
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
}
