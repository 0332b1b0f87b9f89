import CountdownCore
import CountdownTestSupport
import Dispatch
import Foundation
import XCTest

/// What milestones save: 10⁵ two-hour countdowns (smoke: 20 of 12 minutes) delivered at 3
/// milestones and the end, beside the same countdowns delivering every change, both driven on the
/// manual clock through the 2 hours (12 minutes) in 1 s steps (the engine's own work, in the
/// calling thread's CPU time; no timer).
/// Deadlines spread over one second, 1 s interval, the default end tolerance (50 ms): each
/// milestone's instants fall in the 20 or so end windows of that second, so the milestone run
/// wakes about 4 × 21 times, where one countdown alone wakes 4. Every round
/// asserts that each countdown was called with exactly what it should have been: 600, 60, 10 and
/// 0, or every value from 7 200 (720) down to 0. Printed as a ratio table, the median of three rounds
/// (one in the smoke) with [min–max]:
///
///     COUNTDOWN_INTERNAL_CHECKS= COUNTDOWN_BENCHMARKS=full swift test -c release --filter MilestoneBenchmarks
final class MilestoneBenchmarks: XCTestCase {
  override func setUpWithError() throws {
    try SlowTests.require("the benchmarks' smoke run", orSet: "COUNTDOWN_BENCHMARKS")
  }

  /// Smoke: 20 countdowns of 12 minutes (the milestones all fall in them), so that a debug build
  /// with internal checks (which walk the table after every transition) takes seconds, not minutes.
  private var n: Int { BenchmarkConfiguration.current.isFull ? 100_000 : 20 }
  /// The countdowns' length in seconds: 2 hours (smoke: 12 minutes).
  private static var length: Int64 { BenchmarkConfiguration.current.isFull ? 7_200 : 720 }
  private static let milestones: Set<Int> = [600, 60, 10]

  func testMilestonesBesideEveryChange() throws {
    var everyChange: [Result] = [], milestones: [Result] = []
    for _ in 0..<BenchmarkConfiguration.current.rounds {
      let a = try run(n: n, deliveries: .everyChange)
      let b = try run(n: n, deliveries: .milestones(Self.milestones))
      XCTAssert(a.wrong.isEmpty, "every change: \(a.wrong.count) wrong: \(a.wrong.prefix(3))")
      XCTAssert(b.wrong.isEmpty, "milestones: \(b.wrong.count) wrong: \(b.wrong.prefix(3))")
      everyChange.append(a)
      milestones.append(b)
    }
    func row(_ name: String, _ figure: (Result) -> Double, format: String = "%.0f") -> String {
      let a = everyChange.map(figure), b = milestones.map(figure)
      let ratio = zip(a, b).map { $0 / max($1, 1e-9) }
      return "  \(name.padding(toLength: 28, withPad: " ", startingAt: 0)) | "
        + "\(Self.summary(a, format: format).padding(toLength: 34, withPad: " ", startingAt: 0)) | "
        + "\(Self.summary(b, format: format).padding(toLength: 28, withPad: " ", startingAt: 0)) | "
        + Self.summary(ratio, format: "%.1f")
    }
    print(
      """
      [milestone benchmark] \(BenchmarkConfiguration.build), manual clock, N = \(n) countdowns of \
      \(Self.length) s, driven through in 1 s steps, median of \(BenchmarkConfiguration.current.rounds) [min–max]:
        figure                       | every change                       | milestones (600, 60, 10, 0)  | every change ÷ milestones
      \(row("wakeups", { Double($0.wakeups) }))
      \(row("callbacks", { Double($0.callbacks) }))
      \(row("CPU, ms", { Double($0.cpu) / 1e6 }, format: "%.1f"))
      \(row("CPU per countdown, µs", { Double($0.cpu) / 1e3 / Double(self.n) }, format: "%.2f"))
      """)
  }

  /// The milestone run's 2 hours (smoke: 12 minutes) alone, in a measure block that times the
  /// drive, not the registrations (release; in debug builds, untimed runs, one a round).
  func testTwoHoursOfMilestones() throws {
    let n = self.n
    #if DEBUG
      for _ in 0..<BenchmarkConfiguration.current.rounds {
        XCTAssertEqual(try run(n: n, deliveries: .milestones(Self.milestones)).wrong, [])
      }
    #else
      measureMetrics([.wallClockTime], automaticallyStartMeasuring: false) {
        do {
          let result = try run(n: n, deliveries: .milestones(Self.milestones)) { drive in
            startMeasuring()
            defer { stopMeasuring() }
            try drive()
          }
          XCTAssertEqual(result.wrong, [])
        } catch {
          XCTFail("\(error)")
        }
      }
    #endif
  }

  private struct Result {
    /// Countdowns not called with exactly what they should have been (empty when all were).
    var wrong: [String]
    var wakeups: Int64
    var callbacks: Int64
    /// Nanoseconds of the calling thread's CPU for the drive through ``length``.
    var cpu: Int64
  }

  private final class Receiver: Sendable {}

  /// Registers `n` countdowns of ``length`` seconds, flushes what is delivered at once, then
  /// advances through them in 1 s steps (inside `around`, for a measure block) and times that.
  private func run(
    n: Int, deliveries: CountdownDeliveries, around: (_ drive: () throws -> Void) throws -> Void = { try $0() }
  ) throws -> Result {
    let clock = ManualCountdownClock()
    let engine = try CountdownEngine(interval: .seconds(1), clock: clock, deliveryQueue: .main)
    let receivers = (0..<n).map { _ in Receiver() }
    let values = ValueSlots(count: n, repeating: -1), calls = ValueSlots(count: n)
    // A milestone countdown's values, packed: each one seen shifts it on (at most 4 fit).
    let seen = ValueSlots(count: n)
    for (index, receiver) in receivers.enumerated() {
      let deadline = Self.length * 1_000_000_000 + Int64(index) * (1_000_000_000 / Int64(n))
      try engine.register(
        receiver, .deadline(CountdownInstant(nanosecondsSinceOrigin: deadline)), delivering: deliveries
      ) {
        value, _ in
        values.store(value, at: index)
        calls.store(calls[index] + 1, at: index)
        seen.store(seen[index] &* 1_000 &+ value, at: index)
      }
    }
    try clock.advance(by: .zero)
    let before = engine.statistics
    let start = ProcessProbe.threadCPU()
    try around {
      for _ in 0...Self.length {
        try clock.advance(by: .seconds(1))
      }
    }
    let cpu = ProcessProbe.threadCPU() - start
    let after = engine.statistics
    var wrong: [String] = []
    let isEveryChange = deliveries == .everyChange
    // 600, 60, 10, 0 packed three digits apiece.
    let expected = ((600 * 1_000 + 60) * 1_000 + 10) * 1_000
    for index in 0..<n {
      // Every value from the first (the length, or one more for a deadline a fraction of a second
      // later) to 0.
      let first = index == 0 ? Int(Self.length) : Int(Self.length) + 1
      let right = isEveryChange ? calls[index] == first + 1 : seen[index] == expected
      if !right || values[index] != 0 || engine.contains(receivers[index]) {
        wrong.append("countdown \(index): last \(values[index]), \(calls[index]) calls, seen \(seen[index])")
      }
    }
    engine.cancelAll()
    withExtendedLifetime(receivers) {}
    return Result(
      wrong: wrong, wakeups: after.wakeups - before.wakeups,
      callbacks: after.deliveries - before.deliveries + (isEveryChange ? Int64(n) : 0), cpu: cpu)
  }

  private static func summary(_ values: [Double], format: String) -> String {
    let sorted = values.sorted()
    return String(format: "\(format) [\(format)–\(format)]", sorted[sorted.count / 2], sorted.first!, sorted.last!)
  }
}
