import CountdownTestSupport
import Foundation

/// How much the public-API fuzzer runs, and from which seed: `COUNTDOWN_FUZZ_SEED` and
/// `COUNTDOWN_FUZZ_CALLS` (the main thread's calls, ``defaultCalls`` at full size and
/// ``editLoopCalls`` in a plain `swift test`; each other thread makes a quarter as many).
/// A failure names its seed; running again with that seed replays the main thread's calls.
struct FuzzSettings {
  let seed: UInt64
  let calls: Int
  /// `COUNTDOWN_FUZZ_TRACE=1` prints each main-thread call before it is made: after a trap, the
  /// last line printed is the call that trapped.
  let traces: Bool

  static let defaultSeed: UInt64 = 31
  /// The calls of a full-size run (``CountdownTestSupport/TestSize``), CI's, which the self-tests'
  /// planted faults must be found within.
  static let defaultCalls = 6_000
  /// The calls of a plain `swift test`.
  static let editLoopCalls = 1_500

  static var current: FuzzSettings {
    let environment = ProcessInfo.processInfo.environment
    return FuzzSettings(
      seed: environment["COUNTDOWN_FUZZ_SEED"].flatMap { UInt64($0) } ?? defaultSeed,
      calls: TestSize.of("COUNTDOWN_FUZZ_CALLS", full: defaultCalls, editLoop: editLoopCalls),
      traces: environment["COUNTDOWN_FUZZ_TRACE"] == "1")
  }
}
