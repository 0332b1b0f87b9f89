import CountdownCore
import CountdownTestSupport
import XCTest

/// Our engine beside the alternatives a user would otherwise pick, in one run.
///
/// `COUNTDOWN_SLOW_TESTS=1 swift test` (as `.ci/run`) runs a smoke size (N = 100, short windows) in
/// a few seconds; a plain `swift test` skips it. The real run:
///
///     COUNTDOWN_BENCHMARKS=full swift test -c release --filter CountdownBenchmarks
///
/// No test asserts a speed; they assert only that every alternative really did its work.
final class CountdownBenchmarks: XCTestCase {
  override func setUpWithError() throws {
    try SlowTests.require("the benchmarks' smoke run", orSet: "COUNTDOWN_BENCHMARKS")
  }

  private let configuration = BenchmarkConfiguration.current

  /// Every metric, every alternative, every N: one table with ratios to ours.
  func testComparisonTable() throws {
    let started = ProcessProbe.now()
    var runs: [ComparisonRun] = []
    for number in 1...configuration.runs {
      var run = ComparisonRun(configuration)
      try run.runAll { print("[benchmark] run \(number) of \(configuration.runs): \($0)") }
      runs.append(run)
    }
    let table = ResultTable.median(of: runs.map(\.table))
    let mode = configuration.isFull ? "full" : "smoke (set COUNTDOWN_BENCHMARKS=full for the real run)"
    let build = BenchmarkConfiguration.build
    let title = """

      CountdownKit benchmarks — \(mode), \(build), \(ProcessInfo.processInfo.activeProcessorCount) cores, \
      interval 10 ms (100 Hz), window \(configuration.window), \(configuration.runs) run(s) one after \
      another in this process, took \(ComparisonRun.milliseconds(ProcessProbe.now() - started)) ms.
      value = the median of the runs, [min–max] at the start of the note.
      × ours = this figure ÷ ours at the same N (above 1: ours costs less; for the tick rate, below 1: ours \
      ticks faster). × H tuned = this figure ÷ H tuned's, the floor of a dense design, at the same N. \
      CPU per callback = getrusage user+sys of the whole process over the window; tick cost alone, \
      register and cancel = CPU time of the calling thread, which runs those loops alone.
      """
    print(table.render(title: title))

    for run in runs {
      for (fact, value) in run.sanity.sorted(by: { $0.key < $1.key }) {
        XCTAssertGreaterThan(value, 0, fact)
      }
      for n in configuration.sizes {
        XCTAssertEqual(run.sanity["ours prompt deliveries at \(n)"], n, "every receiver gets its first value, promptly")
      }
    }
  }

  /// The hot path of a tick: ours at 10⁵ receivers (smoke: 10²), one manual-clock advance per
  /// iteration, every receiver delivered.
  func testTickAt100k() throws {
    let n = configuration.hotPathSize
    let run = try OursManualRun(receivers: n, interval: configuration.interval)
    _ = try run.registerAll()
    XCTAssertEqual(try run.flushPromptDeliveries(), n)
    let firstValues = run.slots.copy()
    var ticks = 0
    try measureInRelease {
      XCTAssertEqual(try run.tickCost(ticks: 1).callbacks, n, "the engine counts a delivery per receiver per tick")
      ticks += 1
    }
    XCTAssertGreaterThan(ticks, 0)
    XCTAssertEqual(
      run.slots.totalDrop(from: firstValues), n * ticks, "every receiver's handler went down one value a tick")
    _ = run.cancelAll()
    XCTAssertEqual(run.engine.count, 0)
  }

  /// Register then cancel 10⁵ receivers (smoke: 10²) per iteration, manual clock, no ticks.
  func testRegisterCancelAt100k() throws {
    let n = configuration.hotPathSize
    let run = try OursManualRun(receivers: n, interval: configuration.interval)
    var rounds = 0
    try measureInRelease {
      _ = try run.registerAll()
      XCTAssertEqual(run.engine.count, n, "every receiver registered")
      _ = run.cancelAll()
      XCTAssertEqual(run.engine.count, 0, "every receiver cancelled")
      rounds += 1
    }
    XCTAssertGreaterThan(rounds, 0)
  }

  /// Runs `body` in a measure block in release builds; in debug builds (CI, the sanitizers) three
  /// times untimed, so that what the body asserts runs there too. A measure block fails when its
  /// runs spread more than 10 %: timing, not correctness, which debug and sanitizer builds on a
  /// shared machine cannot promise.
  private func measureInRelease(_ body: () throws -> Void) throws {
    #if DEBUG
      for _ in 0..<3 { try body() }
    #else
      measure {
        do {
          try body()
        } catch {
          XCTFail("\(error)")
        }
      }
    #endif
  }
}
