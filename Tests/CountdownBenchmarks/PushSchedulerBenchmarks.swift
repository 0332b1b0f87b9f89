import CountdownTestSupport
import Foundation
import XCTest

/// A push scheduler following 10⁵ Pomodoros (smoke: 10²) beside the engine's own plain countdowns
/// and a Kit manager's Pomodoros, in one process: the CPU time of a follow (its first push sent),
/// of a token update, of a push when a step comes due, the resident bytes and the context switches
/// per sequence, each beside an engine registration, a start in phases (or their ends) of the same
/// round, for the article's Pomodoro and for one that runs on.
///
///     COUNTDOWN_BENCHMARKS=full swift test -c release --filter PushSchedulerBenchmarks
///
/// `COUNTDOWN_PUSH_SEQUENCES` sets the number of sequences, `COUNTDOWN_PUSH_PLAN` (`waits` or
/// `runs`) runs one plan alone, for a profile.
///
/// The sender and the store do nothing, so the figures are the scheduler's and the engine's.
final class PushSchedulerBenchmarks: XCTestCase {
  override func setUpWithError() throws {
    try SlowTests.require("the benchmarks' smoke run", orSet: "COUNTDOWN_BENCHMARKS")
  }

  func testTheSchedulerBesideTheEngine() async throws {
    let configuration = BenchmarkConfiguration.current
    let environment = ProcessInfo.processInfo.environment
    let sequences = environment["COUNTDOWN_PUSH_SEQUENCES"].flatMap(Int.init) ?? configuration.hotPathSize
    let plans = PushSchedulerRun.Plan.allCases.filter {
      environment["COUNTDOWN_PUSH_PLAN"].map($0.name.hasPrefix) ?? true
    }
    for plan in plans {
      let run = PushSchedulerRun(sequences: sequences, rounds: configuration.isFull ? 3 : 1, plan: plan)
      print(try await run.run())
    }
  }
}
