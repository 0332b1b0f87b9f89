import CountdownCore
import CountdownTestSupport
import XCTest

// The simulation's walks of segments: how much the model predicted, and a fault planted in the
// engine's walk that a run must find.

extension ModelSimulationTests {
  /// The default run's seeds walk segments in every way the steps make them: the model predicted
  /// calls (ends one by one and in summaries, paused, the plan's end), and saw moves of every
  /// outcome and invalid seeks.
  func testWalksAreFollowedByTheModel() throws {
    let coverage = WalkCoverage()
    let chosenSeed = ProcessInfo.processInfo.environment["COUNTDOWN_SIMULATION_SEED"].flatMap { UInt64($0) }
    let firstSeed = chosenSeed ?? 0x5EED
    for seed in firstSeed..<(firstSeed + 3) {
      var generator = SplitMix64(seed: seed)
      let steps = (0..<Self.stepsPerRun).map { _ in
        SimulationStep.random(slots: SimulationRun.slots, using: &generator)
      }
      var run = SimulationRun(seed: seed)
      run.coverage = coverage
      let failure = try run.run(steps)
      XCTAssertNil(failure?.message, "seed \(seed)")
    }
    print(
      "walks: \(coverage.counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))")
    // Other seeds (a fresh run's) are checked against the model; the coverage is the default seeds'.
    guard chosenSeed == nil else { return }
    for what in [
      "predicted calls", "predicted ends", "predicted summaries", "predicted paused calls", "predicted plan ends",
      "moves moved, predicted", "moves endedPlan", "invalid seeks",
    ] {
      XCTAssertGreaterThan(coverage[what], 0, what)
    }
    XCTAssertGreaterThan(coverage["predicted calls"], coverage["calls"] / 2, "most calls predicted")
  }
}

extension ModelSimulationTests {
  #if COUNTDOWN_CHECK_INVARIANTS
    /// A move that keeps the walk's old deadline, planted in the engine, is found within the
    /// default run's seeds; prints the first failure (its seed and step).
    func testThePlantedSegmentFaultIsFound() throws {
      PlantedSegmentFault.current = .moveKeepsTheOldDeadline
      defer { PlantedSegmentFault.current = nil }
      let firstSeed =
        ProcessInfo.processInfo.environment["COUNTDOWN_SIMULATION_SEED"].flatMap { UInt64($0) } ?? 0x5EED
      let runs = max(1, totalSteps / Self.stepsPerRun)
      for seed in firstSeed..<(firstSeed + UInt64(runs)) {
        var generator = SplitMix64(seed: seed)
        let steps = (0..<Self.stepsPerRun).map { _ in
          SimulationStep.random(slots: SimulationRun.slots, using: &generator)
        }
        if let failure = try SimulationRun(seed: seed).run(steps) {
          print("the planted segment fault found: seed \(seed), step \(failure.index): \(failure.message)")
          return
        }
      }
      XCTFail("no seed found the planted segment fault")
    }
  #else
    /// The planted segment fault needs internal checks (COUNTDOWN_INTERNAL_CHECKS=1), where it can
    /// be planted.
    func testThePlantedSegmentFaultIsFound() throws {
      throw XCTSkip("needs internal checks (COUNTDOWN_INTERNAL_CHECKS=1), where the fault can be planted")
    }
  #endif
}
