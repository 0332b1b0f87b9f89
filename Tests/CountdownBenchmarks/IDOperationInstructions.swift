import CountdownAlerts
import CountdownCore
import CountdownKit
import CountdownTestSupport
import Foundation
import XCTest

/// A single countdown's operations by id in instructions, for callgrind: skipped unless
/// `COUNTDOWN_ID_OPERATION` names one, so a plain run pays nothing. Counts repeat exactly from run
/// to run of one build.
///
/// A manager on a manual clock, on the main thread, has 2 000 countdowns by `Int` id (an hour and
/// more, distinct ends, delivering only the end); the loop makes the operation once on each id, in
/// order, and is alone collected, so the count divided by 2 000 is one operation:
///
/// - `start`: `start(id:for:)` of 2 000 new ids; `replace`: of the ids that have one;
/// - `pause`, `resume` (of the ids paused before the loop), `addTime` (±1 s in turn), `cancel`;
/// - `timeLeft`, `isPaused`, `timerDates`, `contains`: the reads.
///
/// `COUNTDOWN_ID_FOLLOWER=notifications` has a ``CountdownNotifications`` (budget 20, a center that
/// only counts its calls) follow the ids, as the alerts' benchmarks do: each change then pays for
/// the follower's reconcile. It uses only API that 1.1.0 had, so the file builds in a tree of that
/// release too, and both are measured by the same code. Deterministic hashing makes the counts
/// comparable between builds: a dictionary's probe lengths otherwise follow the addresses of its
/// storage, and an id's comparison is costly. In a release build of the benchmarks:
///
///     SWIFT_DETERMINISTIC_HASHING=1 COUNTDOWN_ID_OPERATION=addTime COUNTDOWN_ID_FOLLOWER=notifications \
///       valgrind --tool=callgrind \
///       --toggle-collect='*IDOperationInstructions*operationLoop*' \
///       .build-release/release/CountdownKitPackageTests.xctest \
///       CountdownBenchmarks.IDOperationInstructions/testOperationLoop
final class IDOperationInstructions: XCTestCase {
  /// How many countdowns the manager has, and how many operations the loop makes.
  static let countdowns = 2_000

  private enum Operation: String, CaseIterable {
    case start, replace, pause, resume, addTime, cancel, timeLeft, isPaused, timerDates, contains
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

  func testOperationLoop() throws {
    let environment = ProcessInfo.processInfo.environment
    guard let operation = environment["COUNTDOWN_ID_OPERATION"].flatMap(Operation.init(rawValue:)) else {
      let names = Operation.allCases.map(\.rawValue).joined(separator: ", ")
      throw XCTSkip("set COUNTDOWN_ID_OPERATION to one of \(names), and run it under callgrind")
    }
    let followed = environment["COUNTDOWN_ID_FOLLOWER"] == "notifications"
    try MainActor.assumeIsolated {
      let clock = ManualCountdownClock()
      let manager = try CountdownManager(clock: clock, wallClock: { Date(timeIntervalSince1970: 1_800_000_000) })
      defer { manager.cancelAll() }
      let center = CountingCenter()
      let notifications =
        followed
        ? try CountdownNotifications(Int.self, manager: manager, center: center) { _, _ in
          CountdownAlertContent(title: "Timer", body: "Done")
        } : nil
      let ids = 0..<Self.countdowns
      for id in ids {
        // Distinct ends, id 0 the soonest.
        try manager.start(id: id, for: .seconds(3_600 + id * 7), delivering: .onlyTheEnd) { _, _, _ in }
      }
      if operation == .resume {
        for id in ids { manager.pause(id: id) }
      }
      let answered = try Self.operationLoop { () throws(CountdownError) -> Int in
        try Self.make(operation, on: ids, of: manager)
      }
      XCTAssertEqual(answered, Self.countdowns, "\(operation.rawValue): every id answered")
      withExtendedLifetime(notifications) {}
    }
  }

  /// The loop callgrind collects, out of line so that `--toggle-collect` can name it.
  @inline(never)
  static func operationLoop(_ loop: () throws(CountdownError) -> Int) throws(CountdownError) -> Int {
    try loop()
  }

  /// Makes `operation` once on each of `ids`; returns on how many it found the countdown it
  /// expected.
  @MainActor
  private static func make(_ operation: Operation, on ids: Range<Int>, of manager: CountdownManager)
    throws(CountdownError) -> Int
  {
    var answered = 0
    for id in ids {
      let found: Bool
      switch operation {
      case .start:
        try manager.start(id: id + ids.count, for: .seconds(3_600 + id * 7), delivering: .onlyTheEnd) { _, _, _ in }
        found = true
      case .replace:
        try manager.start(id: id, for: .seconds(3_601 + id * 7), delivering: .onlyTheEnd) { _, _, _ in }
        found = true
      case .pause: found = manager.pause(id: id)
      case .resume: found = manager.resume(id: id)
      case .addTime: found = try manager.addTime(.seconds(id.isMultiple(of: 2) ? 1 : -1), id: id)
      case .cancel: found = manager.cancel(id: id)
      case .timeLeft: found = manager.timeLeft(id: id) != nil
      case .isPaused: found = !manager.isPaused(id: id)
      case .timerDates: found = manager.timerDates(id: id) != nil
      case .contains: found = manager.contains(id: id)
      }
      if found { answered += 1 }
    }
    return answered
  }
}
