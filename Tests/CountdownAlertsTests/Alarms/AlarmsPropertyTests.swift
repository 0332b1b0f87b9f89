import CountdownAlerts
import CountdownAlertsTesting
import CountdownKit
import CountdownTestSupport
import Foundation
import XCTest

/// Random sequences of every change a countdown can go through (start, replace, pause, resume,
/// time added or taken, cancel, cancelAll, a suspension and its end, a change of the device's
/// clock, a relaunch with a restore (the alarms made before or after it), time passing), and of
/// what the person does in the system's alarm UI (pause, resume, stop, on these alarms or on the
/// app's own), on the manual clock and the fake alarm center. After every step the center holds
/// exactly the model's alarms: each running countdown's counting down to its end date, each
/// paused one's paused with its time left, nothing else of ours but ringing ones, the app's own
/// untouched; after the person's action the countdown did what the person did to its alarm; and
/// nothing is kept for an alarm that has neither a countdown nor a place in the center.
///
/// Replayable: a failure names its seed and step; `COUNTDOWN_ALARMS_SEED=<seed>` runs that seed
/// first, `COUNTDOWN_ALARMS_RUNS` sets how many seeds run (20 by default).
final class AlarmsPropertyTests: XCTestCase {
  static let ids = (0..<6).map { "t\($0)" }

  func testTheCenterAgreesWithTheModelAfterEveryStep() throws {
    let environment = ProcessInfo.processInfo.environment
    let firstSeed = environment["COUNTDOWN_ALARMS_SEED"].flatMap { UInt64($0) } ?? 0xA1A2
    let runs = environment["COUNTDOWN_ALARMS_RUNS"].flatMap { Int($0) } ?? 20
    for seed in firstSeed..<(firstSeed + UInt64(runs)) {
      try run(seed: seed, steps: 150)
    }
  }

  private func run(seed: UInt64, steps: Int) throws {
    var random = SplitMix64(seed: seed)
    try MainActor.assumeIsolated {
      let h = try AlarmsHarness()
      defer { h.manager.cancelAll() }
      var log: [String] = []
      for step in 0..<steps {
        let id = Self.ids.randomElement(using: &random)!
        let action: String
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<26:
          action = try ManagerChanges.make(.start, of: id, on: h.manager, using: &random)
        case 26..<36:
          action = try ManagerChanges.make(.pause, of: id, on: h.manager, using: &random)
        case 36..<46:
          action = try ManagerChanges.make(.resume, of: id, on: h.manager, using: &random)
        case 46..<56:
          action = try ManagerChanges.make(.addTime, of: id, on: h.manager, using: &random)
        case 56..<62:
          action = try ManagerChanges.make(.cancel, of: id, on: h.manager, using: &random)
        case 62..<64:
          action = try ManagerChanges.make(.cancelAll, of: id, on: h.manager, using: &random)
        case 64..<70:
          action = try ManagerChanges.make(.suspendOrResume, of: id, on: h.manager, using: &random)
        case 70..<74:
          let alarmsFirst = Bool.random(using: &random)
          action = "relaunch (alarms first: \(alarmsFirst))"
          try h.relaunch(alarmsFirst: alarmsFirst)
        case 74..<76:
          let seconds = Double(Int.random(in: -3_600...3_600, using: &random))
          action = "clock jump \(seconds)s"
          h.jumpWallClock(by: seconds)
        case 76..<79:
          action = "the person pauses \(id)'s alarm"
          if h.center.personPauses(id: h.alarmsOrFail.alarmID(for: id)), h.manager.timerDates(id: id)?.isFrozen != true
          {
            XCTFail("seed \(seed) step \(step): \(id) was not paused with its alarm")
          }
        case 79..<82:
          action = "the person resumes \(id)'s alarm"
          // A countdown frozen by a suspension stays frozen, and its alarm is paused again.
          if h.center.personResumes(id: h.alarmsOrFail.alarmID(for: id)), !h.manager.isSuspended,
            h.manager.timerDates(id: id)?.isFrozen != false
          {
            XCTFail("seed \(seed) step \(step): \(id) was not resumed with its alarm")
          }
        case 82..<86:
          let alarmID = h.alarmsOrFail.alarmID(for: id)
          let wasCounting = h.center.alarms.first { $0.id == alarmID }.map { $0.state != .alerting } ?? false
          action = "the person stops \(id)'s alarm (\(wasCounting ? "counting or paused" : "ringing, or none"))"
          if h.center.personStops(id: alarmID), wasCounting, h.manager.contains(id: id) {
            XCTFail("seed \(seed) step \(step): \(id) was not cancelled with its alarm")
          }
        case 86..<87:
          action = "the person pauses and resumes the app's own alarm"
          h.center.personPauses(id: h.foreign)
          h.center.personResumes(id: h.foreign)
        default:
          let seconds = Int.random(in: 1...90, using: &random)
          action = "advance \(seconds)s"
          try h.advance(by: seconds)
        }
        log.append(action)
        h.drainMain()
        if let mismatch = h.mismatch(Self.ids) {
          XCTFail("seed \(seed) step \(step) (\(action)): \(mismatch)\nsteps: \(log.joined(separator: "; "))")
          return
        }
        let alarms = h.alarmsOrFail
        let bound =
          Self.ids.filter { h.manager.contains(id: $0) }.count
          + h.center.alarms.filter { alarms.isOwnAlarm($0.id) }.count
        if alarms.trackedAlarmCount > bound {
          XCTFail("seed \(seed) step \(step) (\(action)): \(alarms.trackedAlarmCount) alarms kept, over \(bound)")
          return
        }
      }
      h.assertNoForeignCall()
      XCTAssertEqual(h.failures.withLock { $0 }, [], "seed \(seed)")
    }
  }
}
