import Foundation

/// How large the property tests, the simulations and the fuzzer run: smaller in a plain
/// `swift test`, the edit loop, and at full size where `COUNTDOWN_SLOW_TESTS=1` (`.ci/run` sets it)
/// or in builds with internal checks (`COUNTDOWN_INTERNAL_CHECKS=1`), so that CI, and a run that
/// checks the rules after every change, walk as far as they always did. Each size's own variable,
/// set, wins over both (CONTRIBUTING.md lists them).
package enum TestSize {
  /// Whether the tests run at full size.
  package static var isFull: Bool {
    #if COUNTDOWN_CHECK_INVARIANTS
      true
    #else
      SlowTests.areOn
    #endif
  }

  /// The size `variable` says, if it is set to a number; else `full` at full size (``isFull``),
  /// `editLoop` otherwise.
  package static func of(_ variable: String, full: Int, editLoop: Int) -> Int {
    if let size = ProcessInfo.processInfo.environment[variable].flatMap({ Int($0) }) { return size }
    return isFull ? full : editLoop
  }
}
