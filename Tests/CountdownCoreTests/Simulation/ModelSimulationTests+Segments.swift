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
    let firstSeed = ProcessInfo.processInfo.environment["COUNTDOWN_SIMULATION_SEED"].flatMap { UInt64($0) } ?? 0x5EED
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
    for what in [
      "predicted calls", "predicted ends", "predicted summaries", "predicted paused calls", "predicted plan ends",
      "moves moved, predicted", "moves endedPlan", "invalid seeks",
    ] {
      XCTAssertGreaterThan(coverage[what], 0, what)
    }
    XCTAssertGreaterThan(coverage["predicted calls"], coverage["calls"] / 2, "most calls predicted")
  }
}
