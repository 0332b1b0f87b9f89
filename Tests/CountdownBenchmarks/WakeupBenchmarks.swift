import CountdownTestSupport
import Foundation
import XCTest

/// What one wakeup costs: ours at 10 countdowns beside a bare repeating `DispatchSourceTimer`, both
/// at 100 Hz, in one run.
///
/// `swift test` runs short windows (a smoke run: debug figures say nothing). The real run:
///
///     COUNTDOWN_BENCHMARKS=full swift test -c release --filter WakeupBenchmarks
///
/// `COUNTDOWN_WAKEUP_WINDOWS` sets how many windows each contender gets (7 in the full run, 3 in
/// smoke; at least 3).
///
/// It asserts only that each contender woke, never a speed.
final class WakeupBenchmarks: XCTestCase {
  override func setUpWithError() throws {
    try SlowTests.require("the benchmarks' smoke run", orSet: "COUNTDOWN_BENCHMARKS")
  }

  func testCPUPerWakeupAtTen() throws {
    let environment = ProcessInfo.processInfo.environment
    let isFull = environment["COUNTDOWN_BENCHMARKS"] == "full"
    // More windows where the machine is noisy: the median steadies, the [min–max] shows the noise.
    let windows = environment["COUNTDOWN_WAKEUP_WINDOWS"].flatMap(Int.init).map { max(3, $0) } ?? (isFull ? 7 : 3)
    var run = WakeupRun(
      receivers: 10, interval: .milliseconds(10), warmup: .milliseconds(isFull ? 300 : 20),
      window: isFull ? .seconds(2) : .milliseconds(50), windows: windows)
    try run.run { print("[benchmark] \($0)") }
    let build = BenchmarkConfiguration.build
    let title = """

      CPU per wakeup at N = 10 (100 Hz) — \(isFull ? "full" : "smoke"), \(build), \
      \(ProcessInfo.processInfo.activeProcessorCount) cores, \(run.windowCount) windows of \
      \(run.windowNanoseconds / 1_000_000) ms per contender, in turn.
      CPU = getrusage user+sys of the whole process over the window ÷ the contender's wakeups in it.
      """
    print(WakeupTable.render(run, title: title))
    // That each woke, over all its windows: a smoke window is 50 ms, which a loaded machine can
    // hold a process off for whole; a timer that never fires still leaves every window at 0.
    XCTAssertGreaterThan(run.ours.reduce(0) { $0 + $1.wakeups }, 0, "the engine woke")
    XCTAssertGreaterThan(run.bare.reduce(0) { $0 + $1.wakeups }, 0, "the bare timer woke")
  }
}
