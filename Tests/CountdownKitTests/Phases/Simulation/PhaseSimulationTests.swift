import CountdownCore
import CountdownTestSupport
import XCTest

@testable import CountdownKit

/// The seeded model-based simulation of countdowns in phases (``PhaseSimulationRun``): random plans
/// walked through every operation of an id, between calls and from inside the handler's calls
/// (its first, inside the start or restore, and later ones), suspensions and stalls on a clock
/// that is late, early and moves during a pass, every call checked against the reference model.
///
/// `COUNTDOWN_PHASES_SIMULATION_STEPS` sets the steps (6 000 in CI and with internal checks, the
/// planted faults' size; 1 800 in a plain `swift test`; in runs of 300, one seed each),
/// `COUNTDOWN_PHASES_SIMULATION_SEED` the first seed (default 66 001): a failure names its seed,
/// and that seed with `COUNTDOWN_PHASES_SIMULATION_STEPS=300` replays it alone.
final class PhaseSimulationTests: XCTestCase {
  static let stepsPerRun = 300
  static var steps: Int {
    TestSize.of("COUNTDOWN_PHASES_SIMULATION_STEPS", full: 6_000, editLoop: 1_800)
  }
  static var firstSeed: UInt64 {
    UInt64(ProcessInfo.processInfo.environment["COUNTDOWN_PHASES_SIMULATION_SEED"] ?? "") ?? 66_001
  }

  func testCountdownsInPhasesAgreeWithTheModel() throws {
    var ends = 0
    var summaries = 0
    var insideReplacement = 0
    var coverage = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
    let runs = max(1, Self.steps / Self.stepsPerRun)
    for seed in Self.firstSeed..<(Self.firstSeed + UInt64(runs)) {
      let failure = try MainActor.assumeIsolated { () throws -> String? in
        let run = try PhaseSimulationRun(seed: seed)
        defer {
          ends += run.endsDelivered
          summaries += run.summariesDelivered
          insideReplacement += run.callsInsideTheirReplacement
          for (index, count) in [
            run.frozenPlans, run.receiverPlans, run.receiversReleased, run.relaunches, run.plansRestored,
            run.observableModels, run.streams, run.relaunchesWithAnEndDue, run.operationsInCalls,
            run.operationsInsideStarts, run.operationsAtEnds, run.startsInCalls,
          ].enumerated() {
            coverage[index] += count
          }
        }
        return try run.run(steps: Self.stepsPerRun)
      }
      if let failure { return XCTFail(failure) }
    }
    print(
      "countdowns in phases, \(runs) runs of \(Self.stepsPerRun) steps from seed \(Self.firstSeed): \(ends) ends,"
        + " \(summaries) summaries, \(insideReplacement) calls owed before a replacement made inside it;"
        + " \(coverage[0]) plans frozen while suspended, \(coverage[1]) started by receiver, \(coverage[2]) receivers"
        + " released, \(coverage[3]) relaunches (\(coverage[7]) with an end due) restoring \(coverage[4]) plans,"
        + " \(coverage[5]) observable models, \(coverage[6]) streams; \(coverage[8]) operations made from inside a"
        + " call (\(coverage[9]) inside their start or restore, \(coverage[10]) in a call with ends),"
        + " \(coverage[11]) starts of another slot from inside a call"
    )
    // The runs reach what they are there to check: many ends, and absences summed up. A failure's
    // replay (a run or a few alone) is checked against the model only.
    guard runs > 2 else { return }
    XCTAssertGreaterThan(ends, runs * 20)
    XCTAssertGreaterThan(summaries, 0)
    for (count, what) in zip(
      coverage,
      [
        "frozen plans", "receivers' plans", "releases", "relaunches", "restored plans", "observable models", "streams",
        "relaunches with an end due", "operations from inside a call", "operations inside a start or restore",
        "operations in a call with ends", "starts from inside a call",
      ])
    {
      XCTAssertGreaterThan(count, runs / 2, what)
    }
  }

  #if COUNTDOWN_CHECK_INVARIANTS
    /// A phase end delivered twice, planted in the Kit, is found within the default run's seeds.
    func testThePlantedDoubleEndIsFound() throws {
      try expectFound(.phaseEndDeliveredTwice, "double end")
    }

    /// A plan started `whileSuspended: .pauses` that walks on while the manager is suspended (its
    /// walk registered as one that keeps running) is found.
    func testThePlantedFrozenPlanWalkingOnIsFound() throws {
      try expectFound(.frozenPlanNotFollowed, "frozen plan walking on")
    }

    /// A receiver held by its countdown in phases (a released receiver still called) is found.
    func testThePlantedReceiverHeldIsFound() throws {
      try expectFound(.phaseReceiverHeld, "receiver held")
    }

    /// A plan started `whileSuspended: .pauses` saved with its phase end due and not delivered,
    /// saved without how overdue it was (its end then restored on time), is found by a relaunch.
    func testThePlantedSnapshotDroppingTheOverdueTimeIsFound() throws {
      try expectFound(.snapshotDropsTheOverdueTime, "snapshot dropping the overdue time")
    }

    /// An observable model that keeps showing the first phase ends it was given is found by its
    /// twin.
    func testThePlantedObservableModelKeepingItsFirstEndsIsFound() throws {
      try expectFound(.observableKeepsFirstEnds, "observable model keeping its first ends")
    }

    /// A stream that drops the ends of the updates its consumer did not take (rather than merging
    /// them into the newest) is found when its reader falls behind.
    func testThePlantedStreamDroppingEndsIsFound() throws {
      try expectFound(.streamDropsEarlierEnds, "stream dropping ends")
    }

    /// Plants `fault` in the Kit and expects a run of the default seeds to fail; prints the first
    /// failure (its seed and step).
    private func expectFound(_ fault: PlantedFault, _ what: String) throws {
      PlantedFault.current = fault
      defer { PlantedFault.current = nil }
      let runs = max(1, Self.steps / Self.stepsPerRun)
      for seed in Self.firstSeed..<(Self.firstSeed + UInt64(runs)) {
        let failure = try MainActor.assumeIsolated { () throws -> String? in
          try PhaseSimulationRun(seed: seed).run(steps: Self.stepsPerRun)
        }
        if let failure {
          print("the planted \(what) found: \(failure)")
          return
        }
      }
      XCTFail("no seed found the planted \(what)")
    }
  #else
    /// The planted faults need internal checks (COUNTDOWN_INTERNAL_CHECKS=1), where a fault can be
    /// planted.
    func testThePlantedFaultsAreFound() throws {
      throw XCTSkip("needs internal checks (COUNTDOWN_INTERNAL_CHECKS=1), where the faults can be planted")
    }
  #endif
}
