import CountdownKit
import Foundation
import XCTest

/// No input traps: every public entry point of the three products, given hostile values from
/// several threads, returns or throws the typed error its documentation promises, and the
/// countdowns already running are untouched. Seeded: `COUNTDOWN_FUZZ_SEED` replays a run,
/// `COUNTDOWN_FUZZ_CALLS` sizes it, `COUNTDOWN_FUZZ_TRACE=1` prints each call.
final class PublicAPIFuzzTests: XCTestCase {
  func testHostileCallsNeitherTrapNorTouchRunningCountdowns() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("needs Observation") }
    let settings = FuzzSettings.current
    let started = Date()
    let (failures, calls) = try MainActor.assumeIsolated { () throws -> ([String], Int) in
      let fuzzer = try PublicAPIFuzzer(settings: settings)
      // Other threads make calls of their own on the same manager meanwhile (ids of another
      // type, and what needs no main actor), each from its own seed.
      let others = FuzzOtherThreads(manager: fuzzer.manager, settings: settings)
      others.start()
      let failures = fuzzer.run(calls: settings.calls)
      let otherFailures = others.finish()
      drainMainQueue()
      return (failures + otherFailures, settings.calls + others.calls)
    }
    let seconds = Date().timeIntervalSince(started)
    print(
      "fuzz seed \(settings.seed): \(calls) calls in \(String(format: "%.2f", seconds)) s, \(Int(Double(calls) / seconds)) calls/s"
    )
    XCTAssertEqual(failures, [], "replay with COUNTDOWN_FUZZ_SEED=\(settings.seed)")
  }
}
