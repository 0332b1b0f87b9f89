import Foundation

/// How much the public-API fuzzer runs, and from which seed: `COUNTDOWN_FUZZ_SEED` and
/// `COUNTDOWN_FUZZ_CALLS` (the main thread's calls; each other thread makes a quarter as many).
/// A failure names its seed; running again with that seed replays the main thread's calls.
struct FuzzSettings {
  let seed: UInt64
  let calls: Int
  /// `COUNTDOWN_FUZZ_TRACE=1` prints each main-thread call before it is made: after a trap, the
  /// last line printed is the call that trapped.
  let traces: Bool

  static let defaultSeed: UInt64 = 31
  static let defaultCalls = 6_000

  static var current: FuzzSettings {
    let environment = ProcessInfo.processInfo.environment
    return FuzzSettings(
      seed: environment["COUNTDOWN_FUZZ_SEED"].flatMap { UInt64($0) } ?? defaultSeed,
      calls: environment["COUNTDOWN_FUZZ_CALLS"].flatMap { Int($0) } ?? defaultCalls,
      traces: environment["COUNTDOWN_FUZZ_TRACE"] == "1")
  }
}
