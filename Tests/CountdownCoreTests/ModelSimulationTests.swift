import CountdownCore
import Foundation
import XCTest

/// Seeded random sequences of register, replace, cancel, pause, resume, suspend, resume-all,
/// receiver release, clock advances and jumps, on a manual clock with real-world jitter, with every
/// delivered value checked against a reference model (see `SimulationModel`): consecutive values,
/// labels flipping in the same batch, never less time than is left nor more than one interval
/// over, never above the duration, exactly one 0, nothing after a cancel returned.
///
/// `swift test` runs 100 000 steps. A long run:
/// `COUNTDOWN_SIMULATION_STEPS=10000000 swift test -c release --filter ModelSimulationTests`;
/// `COUNTDOWN_SIMULATION_SEED` picks another series of seeds.
final class ModelSimulationTests: XCTestCase {
  static let stepsPerRun = 1_000

  func testEveryDeliveredValueMatchesTheModel() throws {
    let environment = ProcessInfo.processInfo.environment
    let total = environment["COUNTDOWN_SIMULATION_STEPS"].flatMap { Int($0) } ?? 100_000
    let firstSeed = environment["COUNTDOWN_SIMULATION_SEED"].flatMap { UInt64($0) } ?? 0x5EED
    let started = Date()
    for run in 0..<max(1, total / Self.stepsPerRun) {
      let seed = firstSeed &+ UInt64(run)
      var generator = SplitMix64(seed: seed)
      let steps = (0..<Self.stepsPerRun).map { _ in
        SimulationStep.random(slots: SimulationRun.slots, using: &generator)
      }
      guard let failure = try SimulationRun(seed: seed).run(steps) else { continue }
      let shortest = try shrink(Array(steps.prefix(failure.index + 1)), seed: seed)
      XCTFail(
        """
        seed \(seed) failed at step \(failure.index): \(failure.message)
        shortest failing sequence (\(shortest.steps.count) steps), failing with: \(shortest.message)
        \(shortest.steps.map(\.description).joined(separator: "\n"))
        """)
      return
    }
    print("simulation: \(total) steps in \(String(format: "%.1f", Date().timeIntervalSince(started))) s")
  }

  /// Removes chunks of steps, then single steps, as long as the run still fails.
  func shrink(_ steps: [SimulationStep], seed: UInt64) throws -> (steps: [SimulationStep], message: String) {
    var steps = steps
    var message = try SimulationRun(seed: seed).run(steps)?.message ?? "(did not fail again)"
    var chunk = max(1, steps.count / 2)
    while chunk >= 1 {
      var start = 0
      while start < steps.count {
        var candidate = steps
        candidate.removeSubrange(start..<min(start + chunk, steps.count))
        if let failure = try SimulationRun(seed: seed).run(candidate) {
          steps = Array(candidate.prefix(failure.index + 1))
          message = failure.message
        } else {
          start += chunk
        }
      }
      chunk /= 2
    }
    return (steps, message)
  }
}
