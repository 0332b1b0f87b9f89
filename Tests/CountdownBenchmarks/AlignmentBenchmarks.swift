import CountdownCore
import CountdownProcessUsage
import CountdownTestSupport
import Dispatch
import Foundation
import XCTest

/// What the alignment options cost, engine beside engine in one run, on the manual clock (the
/// engine's own work, in the calling thread's CPU time; no timer): per-countdown alignment
/// beside the shared grid, and ends on time beside ends on the grid. Printed as the median of
/// three rounds (one in the smoke) with [min–max]; nothing is asserted about speed, but every round asserts that each
/// countdown was called once for every value it went through and ended where the engine says. `swift test` runs 50 (a smoke
/// size); the real run, 10⁴ and 10⁵:
///
///     COUNTDOWN_BENCHMARKS=full swift test -c release --filter AlignmentBenchmarks
final class AlignmentBenchmarks: XCTestCase {
  override func setUpWithError() throws {
    try SlowTests.require("the benchmarks' smoke run", orSet: "COUNTDOWN_BENCHMARKS")
  }

  private var sizes: [Int] { BenchmarkConfiguration.current.isFull ? [10_000, 100_000] : [50] }

  /// Countdowns of about an hour whose deadlines spread over one second, 1 s interval: 20 wakeups
  /// a second with a 50 ms tolerance, each due for a twentieth of them; one a second on the grid.
  func testPerCountdownBesideShared() throws {
    var lines: [String] = []
    for n in sizes {
      var shared: [Double] = [], perCountdown: [Double] = [], ratio: [Double] = []
      var wakeups: (shared: Int64, perCountdown: Int64) = (0, 0)
      var memory: (shared: Double, perCountdown: Double) = (0, 0)
      for _ in 0..<BenchmarkConfiguration.current.rounds {
        let a = try run(n: n, alignment: .shared)
        let b = try run(n: n, alignment: .perCountdown(tolerance: .milliseconds(50)))
        Self.assertDelivered(a, "shared, N = \(n)")
        Self.assertDelivered(b, "per-countdown, N = \(n)")
        shared.append(a.nanosecondsPerCallback)
        perCountdown.append(b.nanosecondsPerCallback)
        ratio.append(b.nanosecondsPerCallback / a.nanosecondsPerCallback)
        wakeups = (a.wakeupsPerSecond, b.wakeupsPerSecond)
        memory = (a.bytesPerCountdown, b.bytesPerCountdown)
      }
      lines.append(
        """
          N = \(n): ns per callback: shared \(Self.summary(shared)), per-countdown (50 ms) \(Self.summary(perCountdown)); \
        per-countdown ÷ shared \(Self.summary(ratio, format: "%.2f")); wakeups per second \(wakeups.shared) and \
        \(wakeups.perCountdown); resident bytes per countdown (last round) \(Int(memory.shared)) and \(Int(memory.perCountdown))
        """)
    }
    print(
      "[alignment benchmark] \(Self.build), manual clock, 10 s in 10 ms steps per round:\n"
        + lines.joined(separator: "\n"))
  }

  /// Countdowns to random deadlines over 100 s (about n ÷ 100 ends a second), shared grid, 1 s
  /// interval: ends on time (the default, 50 ms) beside ends on the grid (an end tolerance of a
  /// whole interval, which is how ends came before).
  func testEndsOnTimeBesideEndsOnTheGrid() throws {
    var lines: [String] = []
    for n in sizes {
      var onTime: [Double] = [], onGrid: [Double] = []
      var wakeups: (onTime: Int64, onGrid: Int64) = (0, 0)
      for _ in 0..<BenchmarkConfiguration.current.rounds {
        let a = try run(n: n, alignment: .shared, endTolerance: nil, randomDeadlines: true)
        let b = try run(n: n, alignment: .shared, endTolerance: .seconds(1), randomDeadlines: true)
        Self.assertDelivered(a, "ends on time, N = \(n)")
        Self.assertDelivered(b, "ends on the grid, N = \(n)")
        onTime.append(a.nanosecondsPerCallback)
        onGrid.append(b.nanosecondsPerCallback)
        wakeups = (a.wakeupsPerSecond, b.wakeupsPerSecond)
      }
      lines.append(
        """
          N = \(n): ns per callback: ends on time \(Self.summary(onTime)), ends on the grid \(Self.summary(onGrid)); \
        wakeups per second \(wakeups.onTime) and \(wakeups.onGrid) (\(wakeups.onTime - wakeups.onGrid) extra for ends on time)
        """)
    }
    print(
      "[end benchmark] \(Self.build), manual clock, 10 s in 10 ms steps per round:\n" + lines.joined(separator: "\n"))
  }

  private struct Result {
    /// Countdowns whose calls in the timed steps were not one per value they went through, or
    /// whose last value is not the engine's: what a contender left undone (empty when it did it all).
    var undelivered: [String]
    var nanosecondsPerCallback: Double
    var wakeupsPerSecond: Int64
    var bytesPerCountdown: Double
  }

  private final class Receiver: Sendable {}

  /// Registers `n` countdowns, flushes their prompt deliveries, then advances 10 s in 10 ms steps
  /// and times that, in the calling thread's CPU time.
  private func run(
    n: Int, alignment: CountdownAlignment, endTolerance: Duration? = nil, randomDeadlines: Bool = false
  ) throws -> Result {
    let clock = ManualCountdownClock()
    let engine = try CountdownEngine(
      interval: .seconds(1), alignment: alignment, endTolerance: endTolerance, clock: clock, deliveryQueue: .main)
    let receivers = (0..<n).map { _ in Receiver() }
    let baseline = ProcessUsage.currentResidentBytes() ?? 0
    var generator = SplitMix64(seed: 42)
    // Each handler stores its value and counts its calls: the values and calls the round checks.
    let values = ValueSlots(count: n, repeating: -1), calls = ValueSlots(count: n)
    for (index, receiver) in receivers.enumerated() {
      let deadline =
        randomDeadlines
        ? 1_000_000_000 + Int64(generator.next() % 100_000_000_000)
        : 3_600_000_000_000 + Int64(index) * (1_000_000_000 / Int64(n))
      try engine.register(receiver, .deadline(CountdownInstant(nanosecondsSinceOrigin: deadline))) { value, _ in
        values.store(value, at: index)
        calls.store(calls[index] + 1, at: index)
      }
    }
    try clock.advance(by: .zero)
    let first = ValueSlots(count: n)
    for index in 0..<n { first.store(values[index], at: index) }
    calls.reset(to: 0)
    let before = engine.statistics
    let start = ProcessProbe.threadCPU()
    for _ in 0..<1_000 {
      try clock.advance(by: .milliseconds(10))
    }
    let cpu = ProcessProbe.threadCPU() - start
    let after = engine.statistics
    let resident = ProcessUsage.currentResidentBytes() ?? 0
    var undelivered: [String] = []
    for index in 0..<n {
      // A countdown that ended is gone from the engine: its last value was the final 0.
      let now = engine.value(for: receivers[index]) ?? 0
      let stepped = first[index] - values[index]
      if values[index] != now || calls[index] != stepped || stepped <= 0 {
        undelivered.append(
          "countdown \(index): first \(first[index]), last \(values[index]), engine \(now), \(calls[index]) calls")
      }
    }
    engine.cancelAll()
    withExtendedLifetime(receivers) {}
    let callbacks = after.deliveries - before.deliveries
    if Int(callbacks) != calls.sum() {
      undelivered.append("the engine counts \(callbacks) deliveries, the handlers \(calls.sum())")
    }
    return Result(
      undelivered: undelivered,
      nanosecondsPerCallback: Double(cpu) / Double(max(callbacks, 1)),
      wakeupsPerSecond: (after.wakeups - before.wakeups) / 10,
      bytesPerCountdown: Double(resident - baseline) / Double(n))
  }

  /// Fails with the first few countdowns a round left undone.
  private static func assertDelivered(
    _ result: Result, _ what: String, file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssert(
      result.undelivered.isEmpty, "\(what): \(result.undelivered.count) undelivered: \(result.undelivered.prefix(3))",
      file: file, line: line)
  }

  private static var build: String {
    #if DEBUG
      "debug build: not representative"
    #else
      "release build"
    #endif
  }

  private static func summary(_ values: [Double], format: String = "%.1f") -> String {
    let sorted = values.sorted()
    return String(format: "\(format) [\(format)–\(format)]", sorted[sorted.count / 2], sorted.first!, sorted.last!)
  }
}
