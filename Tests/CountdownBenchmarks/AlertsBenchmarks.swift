import CountdownAlerts
import CountdownCore
import CountdownKit
import CountdownTestSupport
import Dispatch
import Foundation
import XCTest

/// What keeping the system's alerts in step costs per change: N countdowns (10³ to 10⁵; smoke:
/// 100) followed by one ``CountdownNotifications`` with the default budget (20), on the manual clock and a
/// center that only counts its calls. Each round times 2 000 `addTime` calls, ±1 s in turn, once
/// on ids picked at random among all N (most of them waiting, outside the budget) and once on the
/// soonest-ending id (always pending: each change re-adds its request), beside the same calls on a
/// manager without alerts; the difference is the reconciler's. Printed as the median of three
/// rounds (one in the smoke) with [min–max]:
///
///     COUNTDOWN_INTERNAL_CHECKS= COUNTDOWN_BENCHMARKS=full COUNTDOWN_TEST_TARGETS=CountdownBenchmarks \
///       swift test -c release --filter AlertsBenchmarks
final class AlertsBenchmarks: XCTestCase {
  override func setUpWithError() throws {
    try SlowTests.require("the benchmarks' smoke run", orSet: "COUNTDOWN_BENCHMARKS")
  }

  /// A center that counts the calls and does nothing else.
  private final class CountingCenter: CountdownAlertCenter {
    let calls = LockedState(0)
    func add(_ request: CountdownAlertRequest, completion: @escaping @Sendable ((any Error)?) -> Void) {
      calls.withLock { $0 += 1 }
    }
    func removePendingRequests(withIdentifiers identifiers: [String]) { calls.withLock { $0 += 1 } }
    func removeDeliveredNotifications(withIdentifiers identifiers: [String]) { calls.withLock { $0 += 1 } }
    func pendingRequestIdentifiers(_ completion: @escaping @Sendable ([String]) -> Void) {}
    func authorizationStatus(_ completion: @escaping @Sendable (CountdownAlertAuthorization) -> Void) {}
  }

  private static let changes = 2_000

  func testOneChangeAmongManyFollowedCountdowns() throws {
    let sizes = BenchmarkConfiguration.current.isFull ? [1_000, 10_000, 100_000] : [100]
    var lines: [String] = []
    for n in sizes {
      var rows: [String: [ChangeCost]] = [:]
      for _ in 0..<BenchmarkConfiguration.current.rounds {
        for (name, alerts, soonest) in [
          ("random id, no alerts", false, false), ("random id, alerts", true, false),
          ("soonest id, no alerts", false, true), ("soonest id, alerts", true, true),
        ] {
          rows[name, default: []].append(try run(n: n, alerts: alerts, soonest: soonest))
        }
      }
      for name in ["random id, no alerts", "random id, alerts", "soonest id, no alerts", "soonest id, alerts"] {
        lines.append(ChangeCost.row(n: n, name: name, nameWidth: 22, rows[name]!))
      }
    }
    print(
      """
      [alerts benchmark] \(BenchmarkConfiguration.build), manual clock, budget 20, \(Self.changes) addTime calls \
      (±1 s in turn), median of \(BenchmarkConfiguration.current.rounds) [min–max]:
        N        | change                 | ns per change              | center calls per change
      \(lines.joined(separator: "\n"))
      """)
  }

  /// A countdown in phases' change among N followed ones (10³ and 10⁴; smoke: 100), each a plan
  /// of 25 and 5 minutes repeated forever (distinct ends, id 0 the soonest): `addTime` on random ids
  /// (most of them outside the budget) and on the soonest, whose every phase end ahead the budget
  /// holds is pending (each moves: one add each, the system having no add of several), and the
  /// soonest again with `phaseEndsAhead: 1`; then one countdown in phases followed alone, all of
  /// the budget its phase ends; printed as the other rows are.
  func testOneChangeOfACountdownInPhasesAmongManyFollowed() throws {
    let sizes = BenchmarkConfiguration.current.isFull ? [1_000, 10_000] : [100]
    let rowNames = [
      "random, no alerts", "random, alerts", "soonest, no alerts", "soonest, alerts", "soonest, 1 end ahead",
      "alone, alerts", "alone, 1 end ahead",
    ]
    var lines: [String] = []
    for n in sizes {
      var rows: [String: [ChangeCost]] = [:]
      for _ in 0..<BenchmarkConfiguration.current.rounds {
        for (name, alerts, soonest, ahead) in [
          ("random, no alerts", false, false, nil), ("random, alerts", true, false, nil),
          ("soonest, no alerts", false, true, nil), ("soonest, alerts", true, true, nil),
          ("soonest, 1 end ahead", true, true, 1), ("alone, alerts", true, true, nil),
          ("alone, 1 end ahead", true, true, 1),
        ] as [(String, Bool, Bool, Int?)] {
          rows[name, default: []].append(
            try runPhases(n: name.hasPrefix("alone") ? 1 : n, alerts: alerts, soonest: soonest, phaseEndsAhead: ahead))
        }
      }
      for name in rowNames {
        lines.append(ChangeCost.row(n: name.hasPrefix("alone") ? 1 : n, name: name, nameWidth: 22, rows[name]!))
      }
    }
    print(
      """
      [alerts benchmark, countdowns in phases] \(BenchmarkConfiguration.build), manual clock, budget 20, \(Self.changes) \
      addTime calls (±1 s in turn), median of \(BenchmarkConfiguration.current.rounds) [min–max]:
        N        | change                 | ns per change              | center calls per change
      \(lines.joined(separator: "\n"))
      """)
  }

  private func runPhases(n: Int, alerts followed: Bool, soonest: Bool, phaseEndsAhead: Int?) throws -> ChangeCost {
    try MainActor.assumeIsolated {
      let clock = ManualCountdownClock()
      let manager = try CountdownManager(clock: clock, wallClock: { Date(timeIntervalSince1970: 1_800_000_000) })
      defer { manager.cancelAll() }
      let center = CountingCenter()
      let alerts =
        followed
        ? try CountdownNotifications(Int.self, manager: manager, center: center, phaseEndsAhead: phaseEndsAhead) { _ in
          CountdownAlertContent(title: "Timer", body: "Done")
        } : nil
      for id in 0..<n {
        // Distinct ends, id 0 the soonest.
        let plan = try CountdownPlan(blocks: [
          CountdownPlan.Block(
            [CountdownPhase("Focus", .seconds(1_500 + id * 7)), CountdownPhase("Break", .seconds(300))],
            repeated: .forever)
        ])
        try manager.start(id: id, plan: plan, delivering: .onlyTheEnd) { _, _, _ in }
      }
      var random = SplitMix64(seed: 0xA1E7)
      let ids = (0..<Self.changes).map { _ in soonest ? 0 : Int.random(in: 0..<n, using: &random) }
      let cost = try ChangeCost.measure(manager, ids: ids) { center.calls.withLock { $0 } }
      withExtendedLifetime(alerts) {}
      return cost
    }
  }

  private func run(n: Int, alerts followed: Bool, soonest: Bool) throws -> ChangeCost {
    try MainActor.assumeIsolated {
      let clock = ManualCountdownClock()
      let manager = try CountdownManager(clock: clock, wallClock: { Date(timeIntervalSince1970: 1_800_000_000) })
      defer { manager.cancelAll() }
      let center = CountingCenter()
      let alerts =
        followed
        ? try CountdownNotifications(Int.self, manager: manager, center: center) { _, _ in
          CountdownAlertContent(title: "Timer", body: "Done")
        } : nil
      for id in 0..<n {
        // Distinct ends, id 0 the soonest.
        try manager.start(id: id, for: .seconds(3_600 + id * 7), delivering: .onlyTheEnd) { _, _, _ in }
      }
      var random = SplitMix64(seed: 0xA1E7)
      let ids = (0..<Self.changes).map { _ in soonest ? 0 : Int.random(in: 0..<n, using: &random) }
      let cost = try ChangeCost.measure(manager, ids: ids) { center.calls.withLock { $0 } }
      withExtendedLifetime(alerts) {}
      return cost
    }
  }
}
