import CountdownAlerts
import CountdownCore
import CountdownKit
import CountdownTestSupport
import Dispatch
import Foundation
import XCTest

/// What keeping alarms and Live Activities in step costs per change, as ``AlertsBenchmarks``
/// measures it for notifications: N countdowns (10³ to 10⁵; smoke: 100) followed by one
/// ``CountdownAlarms`` or one ``CountdownLiveActivities``, on the manual clock and a center that
/// only counts its calls. Each round times 2 000 `addTime` calls, ±1 s in turn, on ids picked at
/// random among all N, beside the same calls on a manager that nothing follows; the difference is
/// the follower's. Printed as the median of three rounds (one in the smoke) with [min–max]:
///
///     COUNTDOWN_INTERNAL_CHECKS= COUNTDOWN_BENCHMARKS=full COUNTDOWN_TEST_TARGETS=CountdownBenchmarks \
///       swift test -c release --scratch-path .build-release --filter AlarmsAndActivitiesBenchmarks
final class AlarmsAndActivitiesBenchmarks: XCTestCase {
  override func setUpWithError() throws {
    try SlowTests.require("the benchmarks' smoke run", orSet: "COUNTDOWN_BENCHMARKS")
  }

  /// An alarm center that counts the calls, holds nothing and refuses nothing.
  private final class CountingAlarmCenter: CountdownAlarmCenter {
    let calls = LockedState(0)
    func schedule(_ request: CountdownAlarmRequest, completion: @escaping @Sendable ((any Error)?) -> Void) {
      calls.withLock { $0 += 1 }
      completion(nil)
    }
    func pause(id: UUID, completion: @escaping @Sendable ((any Error)?) -> Void) {
      calls.withLock { $0 += 1 }
      completion(nil)
    }
    func resume(id: UUID, completion: @escaping @Sendable ((any Error)?) -> Void) {
      calls.withLock { $0 += 1 }
      completion(nil)
    }
    func cancel(id: UUID, completion: @escaping @Sendable ((any Error)?) -> Void) {
      calls.withLock { $0 += 1 }
      completion(nil)
    }
    func alarms(_ completion: @escaping @Sendable (Result<[CountdownAlarmSnapshot], any Error>) -> Void) {
      completion(.success([]))
    }
    func observeAlarms(_ onChange: @escaping @Sendable ([CountdownAlarmSnapshot]) -> Void) -> CountdownAlarmObservation
    {
      CountdownAlarmObservation(onCancel: {})
    }
  }

  /// An activity center that counts the calls and lists no activity.
  private final class CountingActivityCenter: CountdownActivityCenter {
    let calls = LockedState(0)
    func update(countdownID: String, state: CountdownTimerDates, staleDate: Date?) { calls.withLock { $0 += 1 } }
    func end(countdownID: String, state: CountdownTimerDates?, staleDate: Date?, dismissal: CountdownActivityDismissal)
    {
      calls.withLock { $0 += 1 }
    }
    func end(activityID: String, dismissal: CountdownActivityDismissal) { calls.withLock { $0 += 1 } }
    func activities(_ completion: @escaping @Sendable ([CountdownActivitySnapshot]) -> Void) { completion([]) }
  }

  private enum Follower: String, CaseIterable {
    case none = "nothing follows"
    case alarms = "alarms"
    case activities = "Live Activities"
  }

  private static let changes = 2_000

  func testOneChangeAmongManyFollowedCountdowns() throws {
    let sizes = BenchmarkConfiguration.current.isFull ? [1_000, 10_000, 100_000] : [100]
    var lines: [String] = []
    for n in sizes {
      var rows: [Follower: [ChangeCost]] = [:]
      for _ in 0..<BenchmarkConfiguration.current.rounds {
        for follower in Follower.allCases {
          rows[follower, default: []].append(try run(n: n, follower: follower))
        }
      }
      for follower in Follower.allCases {
        lines.append(ChangeCost.row(n: n, name: follower.rawValue, nameWidth: 16, rows[follower]!))
      }
    }
    print(
      """
      [alarms and Live Activities benchmark] \(BenchmarkConfiguration.build), manual clock, \(Self.changes) addTime \
      calls (±1 s in turn) on random ids, median of \(BenchmarkConfiguration.current.rounds) [min–max]:
        N        | follower         | ns per change              | center calls per change
      \(lines.joined(separator: "\n"))
      """)
  }

  private func run(n: Int, follower: Follower) throws -> ChangeCost {
    try MainActor.assumeIsolated {
      let clock = ManualCountdownClock()
      let manager = try CountdownManager(clock: clock, wallClock: { Date(timeIntervalSince1970: 1_800_000_000) })
      defer { manager.cancelAll() }
      let alarmCenter = CountingAlarmCenter()
      let activityCenter = CountingActivityCenter()
      let alarms = follower == .alarms ? try CountdownAlarms(Int.self, manager: manager, center: alarmCenter) : nil
      let activities =
        follower == .activities
        ? CountdownLiveActivities(Int.self, manager: manager, center: activityCenter) { _, dates in dates } : nil
      let calls = { alarmCenter.calls.withLock { $0 } + activityCenter.calls.withLock { $0 } }
      for id in 0..<n {
        try manager.start(id: id, for: .seconds(3_600 + id * 7), delivering: .onlyTheEnd) { _, _, _ in }
      }
      var random = SplitMix64(seed: 0xA1E7)
      let ids = (0..<Self.changes).map { _ in Int.random(in: 0..<n, using: &random) }
      let cost = try ChangeCost.measure(manager, ids: ids, calls: calls)
      withExtendedLifetime((alarms, activities)) {}
      return cost
    }
  }
}
