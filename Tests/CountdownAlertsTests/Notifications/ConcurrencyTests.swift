import CountdownAlerts
import CountdownKit
import Dispatch
import Foundation
import XCTest

/// Changes from many threads at once: the one drain at a time reads each id's phase after its
/// change, so when the threads are done the center holds exactly the model's requests.
///
/// The threads' changes come from a seed (``ManagerChanges/seed``): every failure names it, and
/// `COUNTDOWN_MANAGER_CHANGES_SEED=<seed>` makes the same changes again.
final class ConcurrencyTests: XCTestCase {
  func testChangesFromManyThreadsEndInTheModelsPendingSet() throws {
    try MainActor.assumeIsolated {
      let seed = ManagerChanges.seed
      let replay = ManagerChanges.replay(seed)
      let h = try NotificationsHarness(budget: 6)
      defer { h.manager.cancelAll() }
      let ids = ManagerChanges.fromManyThreads(on: h.manager, seed: seed).ids
      h.drainMain(replay)
      if let mismatch = h.mismatch(ids: ids) {
        XCTFail("\(mismatch); \(replay)")
      }
      h.assertNoForeignCall(replay)
      XCTAssertEqual(h.failures.withLock { $0 }, [], replay)
    }
  }

  /// The same seed makes the same changes on each thread, whatever the interleaving.
  func testTheSameSeedMakesTheSameChanges() throws {
    try MainActor.assumeIsolated {
      let seed = ManagerChanges.seed
      var runs: [[[String]]] = []
      for _ in 0..<2 {
        let h = try NotificationsHarness(budget: 6)
        defer { h.manager.cancelAll() }
        runs.append(ManagerChanges.fromManyThreads(on: h.manager, seed: seed).changes)
        h.drainMain(ManagerChanges.replay(seed))
      }
      XCTAssertEqual(runs[0], runs[1], ManagerChanges.replay(seed))
      XCTAssertEqual(runs[0].count, 4, "a log per thread")
      XCTAssertNotEqual(
        runs[0],
        ManagerChanges.fromManyThreads(on: try NotificationsHarness(budget: 6).manager, seed: seed + 1).changes,
        "another seed, other changes")
    }
  }
}
