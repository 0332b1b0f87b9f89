import CountdownAlerts
import CountdownAlertsTesting
import CountdownKit
import CountdownTestSupport
import Dispatch
import Foundation
import XCTest

/// Changes from many threads at once: the one drain at a time reads each id's phase after its
/// change, so when the threads are done the alarm center holds exactly the model's alarms.
final class AlarmsConcurrencyTests: XCTestCase {
  /// The threads' changes come from a seed (``ManagerChanges/seed``): every failure names it, and
  /// `COUNTDOWN_MANAGER_CHANGES_SEED=<seed>` makes the same changes again.
  func testChangesFromManyThreadsEndInTheModelsAlarms() throws {
    try MainActor.assumeIsolated {
      let seed = ManagerChanges.seed
      let replay = ManagerChanges.replay(seed)
      let h = try AlarmsHarness()
      defer { h.manager.cancelAll() }
      let ids = ManagerChanges.fromManyThreads(on: h.manager, seed: seed).ids
      h.drainMain(replay)
      if let mismatch = h.mismatch(ids) { XCTFail("\(mismatch); \(replay)") }
      h.assertNoForeignCall(replay)
      XCTAssertEqual(h.failures.withLock { $0 }, [], replay)
    }
  }

  /// The person pauses, resumes and stops alarms on one thread while the app changes the same
  /// countdowns on others: when all are done, each countdown and its alarm agree.
  ///
  /// Each thread's changes come from a seed: a failure names it, with each thread's changes of
  /// the countdown that disagrees, and `COUNTDOWN_ALARMS_RACE_SEED=<seed>` makes the same changes
  /// again (the threads' interleaving is the machine's); `COUNTDOWN_ALARMS_RACE_RUNS` sets how many
  /// seeds run, from that one (1 by default).
  func testThePersonActingWhileTheAppChangesTheCountdownsEndsInStep() throws {
    let environment = ProcessInfo.processInfo.environment
    let firstSeed = environment["COUNTDOWN_ALARMS_RACE_SEED"].flatMap { UInt64($0) } ?? 41_381
    let runs = environment["COUNTDOWN_ALARMS_RACE_RUNS"].flatMap { Int($0) } ?? 1
    for seed in firstSeed..<(firstSeed + UInt64(runs)) {
      try personAndApp(seed: seed)
    }
  }

  /// One run of the person and the app on 8 countdowns: the person on one thread, the app on two,
  /// 400 changes each, from `seed`.
  private func personAndApp(seed: UInt64) throws {
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
      var seeds = SplitMix64(seed: seed)
      let workerSeeds = (0..<3).map { _ in seeds.next() }
      let logs = LockedState<[[(index: Int, change: String)]]>(Array(repeating: [], count: 3))
      DispatchQueue.concurrentPerform(iterations: 3) { worker in
        var random = SplitMix64(seed: workerSeeds[worker])
        var log: [(index: Int, change: String)] = []
        for _ in 0..<400 {
          let index = Int.random(in: 0..<ids.count, using: &random)
          let choice = Int.random(in: 0..<5, using: &random)
          if worker == 0 {
            switch choice {
            case 0, 1: log.append((index, "person pauses: \(center.personPauses(id: alarmIDs[index]))"))
            case 2, 3: log.append((index, "person resumes: \(center.personResumes(id: alarmIDs[index]))"))
            default: log.append((index, "person stops: \(center.personStops(id: alarmIDs[index]))"))
            }
          } else {
            switch choice {
            case 0:
              let seconds = Int.random(in: 60...900, using: &random)
              try? manager.start(id: ids[index], for: .seconds(seconds)) { _, _, _ in }
              log.append((index, "start \(seconds)s"))
            case 1, 2:
              manager.pause(id: ids[index])
              log.append((index, "pause"))
            case 3:
              manager.resume(id: ids[index])
              log.append((index, "resume"))
            default:
              let seconds = Int.random(in: 1...60, using: &random)
              _ = try? manager.addTime(.seconds(seconds), id: ids[index])
              log.append((index, "addTime \(seconds)s"))
            }
          }
        }
        logs.withLock { $0[worker] = log }
      }
      h.drainMain()
      if let mismatch = h.mismatch(ids) {
        let changes = logs.withLock { logs in
          logs.enumerated().map { worker, log in
            let own = log.filter { mismatch.hasPrefix("\(ids[$0.index]) ") }.map(\.change)
            return "thread \(worker): \(own.joined(separator: "; "))"
          }
        }
        XCTFail("seed \(seed): \(mismatch)\n\(changes.joined(separator: "\n"))")
      }
      h.assertNoForeignCall()
      XCTAssertLessThanOrEqual(h.alarmsOrFail.trackedAlarmCount, ids.count, "seed \(seed)")
    }
  }
}
