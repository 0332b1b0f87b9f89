import CountdownAlerts
import CountdownKit
import Dispatch
import Foundation
import XCTest

/// Changes from many threads at once: the one drain at a time reads each id's phase after its
/// change, so when the threads are done the center holds exactly the model's requests.
final class ConcurrencyTests: XCTestCase {
  func testChangesFromManyThreadsEndInTheModelsPendingSet() throws {
    try MainActor.assumeIsolated {
      let h = try AlertsHarness(budget: 6)
      defer { h.manager.cancelAll() }
      let ids = ManagerChanges.fromManyThreads(on: h.manager)
      h.drainMain()
      if let mismatch = AlertsPropertyTests.check(h, budget: 6, milestones: [], ids: ids) {
        XCTFail(mismatch)
      }
      h.assertNoForeignCall()
      XCTAssertEqual(h.failures.withLock { $0 }, [])
    }
  }
}
