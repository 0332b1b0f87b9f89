import CountdownKit
import CountdownTestSupport
import Foundation
import XCTest

/// The public-API fuzzer can fail: each fault it is there to find, planted in the Kit
/// (``PlantedFault``, which exists only in builds with internal checks), is found by the fuzzer's
/// default seed within the calls a CI run makes. A trap ends the process, so that one runs in a
/// child process (``TrapRun``). `COUNTDOWN_FUZZ_SELF_TEST_SEED` runs them from another seed.
final class PublicAPIFuzzSelfTests: XCTestCase {
  #if COUNTDOWN_CHECK_INVARIANTS
    /// The seed and size of a CI run, so that what is found here is found there.
    static var settings: FuzzSettings {
      let seed = ProcessInfo.processInfo.environment["COUNTDOWN_FUZZ_SELF_TEST_SEED"].flatMap { UInt64($0) }
      return FuzzSettings(
        seed: seed ?? FuzzSettings.defaultSeed, calls: FuzzSettings.defaultCalls, traces: FuzzSettings.current.traces)
    }

    func testAPlantedUndocumentedErrorIsFound() throws {
      let failures = try Self.run(planting: .undocumentedError)
      XCTAssertTrue(
        failures.contains { $0.contains("threw invalidCombination, documented: [outOfRange]") },
        "a model's addTime throwing an error its doc does not name: \(failures)")
    }

    func testAPlantedRefusalThatChangesItsTargetIsFound() throws {
      let failures = try Self.run(planting: .refusalCancelsTarget)
      XCTAssertTrue(
        failures.contains { $0.contains("start(_:for:") && $0.contains("but changed its target") },
        "a refused start that cancels the receiver's countdown: \(failures)")
    }

    func testAPlantedRefusalThatPausesItsTargetIsFound() throws {
      let failures = try Self.run(planting: .refusalPausesTarget)
      XCTAssertTrue(
        failures.contains { $0.contains("start(_:for:") && $0.contains("but changed its target") },
        "a refused start that pauses the receiver's countdown: \(failures)")
    }

    func testAPlantedTrapIsFound() throws {
      let scenario = "planted trap"
      if TrapRun.scenario == scenario {
        _ = try Self.run(planting: .trap)
        return XCTFail("the fuzzer made no call that reached the planted trap")
      }
      try TrapRun.expectTrap(
        test: "CountdownKitTests.PublicAPIFuzzSelfTests/testAPlantedTrapIsFound", scenario: scenario,
        message: "planted trap")
    }

    /// Runs the fuzzer's main thread with `fault` planted; returns what it found.
    private static func run(planting fault: PlantedFault) throws -> [String] {
      guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("needs Observation") }
      PlantedFault.current = fault
      defer { PlantedFault.current = nil }
      let failures = try MainActor.assumeIsolated {
        let failures = try PublicAPIFuzzer(settings: settings).run(calls: settings.calls)
        drainMainQueue()
        return failures
      }
      print("planted \(fault), seed \(settings.seed): \(failures.first ?? "not found")")
      return failures
    }
  #else
    func testThePlantedFaultsNeedInternalChecks() throws {
      throw XCTSkip("the faults are planted only in builds with internal checks (COUNTDOWN_INTERNAL_CHECKS=1)")
    }
  #endif
}
