import Foundation
import XCTest

/// The tests that are slow for an edit loop: the benchmarks' smoke run and the tests on real
/// timers. They run where `COUNTDOWN_SLOW_TESTS=1` (`.ci/run` sets it) or, for the benchmarks,
/// `COUNTDOWN_BENCHMARKS` is set; a plain `swift test` skips them.
package enum SlowTests {
  /// Whether the slow tests run.
  package static var areOn: Bool {
    ProcessInfo.processInfo.environment["COUNTDOWN_SLOW_TESTS"] == "1"
  }

  /// Skips the calling test class's tests unless the slow tests run (`what`: why they are slow).
  package static func require(_ what: String, orSet variable: String? = nil) throws {
    let set = variable.map { ProcessInfo.processInfo.environment[$0] != nil } ?? false
    guard areOn || set else {
      throw XCTSkip("\(what): COUNTDOWN_SLOW_TESTS=1 runs it (.ci/run does)")
    }
  }
}
