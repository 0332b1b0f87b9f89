import CountdownAlerts
import CountdownKit
import Dispatch
import Foundation
import XCTest

/// Changes from many threads at once: the one drain at a time reads each id's phase after its
/// change, so when the threads are done the alarm center holds exactly the model's alarms.
final class AlarmsConcurrencyTests: XCTestCase {
  func testChangesFromManyThreadsEndInTheModelsAlarms() throws {
    try MainActor.assumeIsolated {
      let h = try AlarmsHarness()
      defer { h.manager.cancelAll() }
      let ids = (0..<32).map { "c\($0)" }
      let manager = h.manager
      DispatchQueue.concurrentPerform(iterations: 4) { worker in
        var random = SystemRandomNumberGenerator()
        for step in 0..<300 {
          let id = ids[worker * 8 + Int.random(in: 0..<8, using: &random)]
          switch Int.random(in: 0..<6, using: &random) {
          case 0, 1: try? manager.start(id: id, for: .seconds(Int.random(in: 10...900, using: &random))) { _, _, _ in }
          case 2: manager.pause(id: id)
          case 3: manager.resume(id: id)
          case 4: _ = try? manager.addTime(.seconds(Int.random(in: -5...60, using: &random)), id: id)
          default: if step.isMultiple(of: 3) { manager.cancel(id: id) }
          }
        }
      }
      h.drainMain()
      if let mismatch = h.mismatch(ids) { XCTFail(mismatch) }
      h.assertNoForeignCall()
      XCTAssertEqual(h.failures.withLock { $0 }, [])
    }
  }
}
