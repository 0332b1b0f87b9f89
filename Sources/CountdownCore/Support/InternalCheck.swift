/// Whether this build checks the unsafe paths and the engine's rules (`COUNTDOWN_CHECK_INVARIANTS`,
/// which Package.swift defines when `COUNTDOWN_INTERNAL_CHECKS=1`): the tests that show a check
/// traps skip where it is compiled out.
package let internalChecksAreCompiledIn: Bool = {
  #if COUNTDOWN_CHECK_INVARIANTS
    true
  #else
    false
  #endif
}()

/// Traps with `message` unless `condition` holds, in builds with internal checks; compiles to
/// nothing in others, where a pointer path pays for no check. `fatalError`, not `precondition`: its
/// message is printed in optimized builds too, so a trap says which check fired.
@inline(__always)
func checkInternally(
  _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String, file: StaticString = #fileID,
  line: UInt = #line
) {
  #if COUNTDOWN_CHECK_INVARIANTS
    if !condition() { fatalError(message(), file: file, line: line) }
  #endif
}

/// Where the engine's rule checks report in builds with internal checks: a trap, unless a test
/// records (the simulation does, so that a broken rule fails its seeded run with the seed and the
/// steps, which a trap would lose).
package enum BrokenRuleRecorder {
  /// The broken rules recorded so far, or `nil` while nobody records (the default: trap).
  private static let recorded = LockedState<[String]?>(nil)

  /// Reports `problems`, broken rules found by a check: traps with them, or records them while a
  /// test records.
  package static func report(_ problems: [String], _ what: String) {
    guard !problems.isEmpty else { return }
    let isRecording = recorded.withLock { recorded in
      recorded?.append(contentsOf: problems.map { "\(what) broken: \($0)" })
      return recorded != nil
    }
    precondition(isRecording, "\(what) broken: \(problems)")
  }

  /// Runs `body` recording broken rules instead of trapping; ``takeRecorded()`` hands them out.
  /// Not reentrant, and for one test at a time: the recording is process-wide.
  package static func recording<Result>(_ body: () throws -> Result) rethrows -> Result {
    recorded.withLock { $0 = [] }
    defer { recorded.withLock { $0 = nil } }
    return try body()
  }

  /// The broken rules recorded since the last call, removed from the record.
  package static func takeRecorded() -> [String] {
    recorded.withLock { recorded in
      defer { if recorded != nil { recorded = [] } }
      return recorded ?? []
    }
  }
}
