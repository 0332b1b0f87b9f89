import CountdownTestSupport
import XCTest

/// The soak: 10⁶ receivers on one engine for 60 ticks, then all cancelled; resident
/// memory at the baseline, at the peak and after the cancel.
///
/// The full soak runs only with `COUNTDOWN_BENCHMARKS=full` (release):
///
///     COUNTDOWN_BENCHMARKS=full swift test -c release --filter CountdownBenchmarks
///
/// Plain `swift test` runs it at 250 receivers and 5 ticks. It prints the figures and asserts only
/// that the work was done (every callback delivered, every receiver cancelled, the engine freed),
/// never a speed or a memory bound.
final class CountdownSoak: XCTestCase {
  override func setUpWithError() throws {
    try SlowTests.require("the benchmarks' smoke run", orSet: "COUNTDOWN_BENCHMARKS")
  }

  func testSoak() throws {
    let configuration = BenchmarkConfiguration.current
    let n = configuration.soakReceivers
    let ticks = configuration.soakTicks
    let started = ProcessProbe.now()
    let report = try SoakRun(receivers: n, ticks: ticks, interval: configuration.interval).run()
    let build = BenchmarkConfiguration.build
    let mode = configuration.isFull ? "full" : "smoke (set COUNTDOWN_BENCHMARKS=full for 10^6 × 60 ticks)"
    print(
      report.render(
        title: """

          CountdownKit soak — \(mode), \(build), Core engine, ManualCountdownClock, delivery on .main, \
          took \(ComparisonRun.milliseconds(ProcessProbe.now() - started)) ms.
          """))

    XCTAssertEqual(report.promptDeliveries, n, "every receiver gets its first value, promptly")
    XCTAssertEqual(report.tickDeliveries, n * ticks, "every receiver is delivered every tick")
    XCTAssertTrue(report.lastValuesRight, "every receiver saw the last tick's value")
    XCTAssertEqual(report.cancelledLive, n, "every cancel found its live receiver")
    XCTAssertEqual(report.countAfterCancel, 0)
    XCTAssertEqual(report.deliveriesAfterCancel, 0, "nothing is delivered after cancel")
    XCTAssertFalse(report.timerAfterCancel, "the cancel that empties the table disarms the timer")
    XCTAssertTrue(report.engineDeallocated, "the engine is freed once released")
  }
}
