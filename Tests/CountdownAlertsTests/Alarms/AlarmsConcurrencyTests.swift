import CountdownAlerts
import CountdownAlertsTesting
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
      let ids = ManagerChanges.fromManyThreads(on: h.manager)
      h.drainMain()
      if let mismatch = h.mismatch(ids) { XCTFail(mismatch) }
      h.assertNoForeignCall()
      XCTAssertEqual(h.failures.withLock { $0 }, [])
    }
  }

  /// The person pauses, resumes and stops alarms on one thread while the app changes the same
  /// countdowns on others: when all are done, each countdown and its alarm agree.
  func testThePersonActingWhileTheAppChangesTheCountdownsEndsInStep() throws {
    try MainActor.assumeIsolated {
      let h = try AlarmsHarness()
      defer { h.manager.cancelAll() }
      let ids = (0..<8).map { "p\($0)" }
      let manager = h.manager
      let center = h.center
      let alarmIDs = ids.map(h.alarmsOrFail.alarmID(for:))
      for id in ids {
        try manager.start(id: id, for: .seconds(600)) { _, _, _ in }
      }
      DispatchQueue.concurrentPerform(iterations: 3) { worker in
        var random = SystemRandomNumberGenerator()
        for _ in 0..<400 {
          let index = Int.random(in: 0..<ids.count, using: &random)
          let choice = Int.random(in: 0..<5, using: &random)
          if worker == 0 {
            switch choice {
            case 0, 1: center.personPauses(id: alarmIDs[index])
            case 2, 3: center.personResumes(id: alarmIDs[index])
            default: center.personStops(id: alarmIDs[index])
            }
          } else {
            switch choice {
            case 0:
              try? manager.start(id: ids[index], for: .seconds(Int.random(in: 60...900, using: &random))) { _, _, _ in }
            case 1, 2: manager.pause(id: ids[index])
            case 3: manager.resume(id: ids[index])
            default: _ = try? manager.addTime(.seconds(Int.random(in: 1...60, using: &random)), id: ids[index])
            }
          }
        }
      }
      h.drainMain()
      if let mismatch = h.mismatch(ids) { XCTFail(mismatch) }
      h.assertNoForeignCall()
      XCTAssertLessThanOrEqual(h.alarmsOrFail.trackedAlarmCount, ids.count)
    }
  }
}
