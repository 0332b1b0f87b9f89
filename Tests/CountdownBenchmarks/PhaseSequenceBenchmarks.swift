import CountdownCore
import CountdownKit
import CountdownProcessUsage
import CountdownTestSupport
import XCTest

/// Countdowns in phases beside plain countdowns, in one process, by id or by receiver
/// (`COUNTDOWN_PHASES_FORM`: `id`, `receiver` or `both`; unset, `id` in the full run and both in
/// the smoke).
///
/// `testPhasesBesidePlainCountdowns`: 10⁵ of each (smoke: 10²) on Kit managers of their own, on
/// manual clocks, on the main thread (the delivery queue): the CPU time of a registration, of a
/// tick per callback (no phase ends, as in most ticks), of a tick where every sequence ends a phase
/// and moves to the next, and the resident bytes each kind adds (by receiver: the registrations',
/// not the app's objects, made before). `testPhasesBesidePlainOnTheRealClock`: as an app runs
/// them, 10⁵ of each on a manager of 10 ms on the real clock, one manager at a time, for a window
/// of 3 s (smoke: 50 ms): the ticks a second each countdown gets (100: kept up) and the process's
/// CPU time per callback.
///
///     COUNTDOWN_BENCHMARKS=full swift test -c release --filter PhaseSequenceBenchmarks
///
/// The memory figure is the growth of the resident set while both populations are alive, the
/// first kind registered first in one process and second in the next (`COUNTDOWN_PHASES_FIRST`,
/// `plain` or `phases`), so that neither reuses what the other freed. The CPU figures alternate
/// the kinds, round after round; each round's ratio is of figures taken side by side.
final class PhaseSequenceBenchmarks: XCTestCase {
  override func setUpWithError() throws {
    try SlowTests.require("the benchmarks' smoke run", orSet: "COUNTDOWN_BENCHMARKS")
  }

  func testPhasesBesidePlainCountdowns() throws {
    let configuration = BenchmarkConfiguration.current
    let phasesFirst = ProcessInfo.processInfo.environment["COUNTDOWN_PHASES_FIRST"] == "phases"
    for form in PhasesBesidePlainRun.Form.selected(isFull: configuration.isFull) {
      let report = try MainActor.assumeIsolated {
        try PhasesBesidePlainRun(
          receivers: configuration.hotPathSize, rounds: configuration.isFull ? 5 : 1, phasesFirst: phasesFirst,
          form: form
        ).run()
      }
      print(report)
    }
  }

  func testPhasesBesidePlainOnTheRealClock() throws {
    let configuration = BenchmarkConfiguration.current
    let phasesFirst = ProcessInfo.processInfo.environment["COUNTDOWN_PHASES_FIRST"] == "phases"
    for form in PhasesBesidePlainRun.Form.selected(isFull: configuration.isFull) {
      let report = try MainActor.assumeIsolated {
        try PhasesOnTheRealClockRun(
          countdowns: configuration.hotPathSize, rounds: configuration.isFull ? 3 : 1, form: form,
          phasesFirst: phasesFirst, warmup: configuration.isFull ? .milliseconds(500) : configuration.warmup,
          window: configuration.isFull ? .seconds(3) : configuration.window
        ).run()
      }
      print(report)
    }
  }
}
