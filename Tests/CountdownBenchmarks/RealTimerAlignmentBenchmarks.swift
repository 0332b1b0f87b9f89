import CountdownCore
import CountdownProcessUsage
import CountdownTestSupport
import Dispatch
import Foundation
import XCTest

/// Per-countdown alignment beside the shared grid on the real timer (the continuous clock and a
/// `DispatchSourceTimer`), with the platform's own price of a wakeup beside them: the whole
/// process's CPU time per callback, so the wakeups per-countdown alignment adds are counted.
///
/// Countdowns of about an hour with a 1 s interval, deadlines spread over one second, delivered on
/// a serial queue: the shared grid wakes once a second for all of them, a 50 ms tolerance twenty
/// times a second for a twentieth each. A bare repeating `DispatchSourceTimer` at 20 Hz with an
/// empty handler gives what twenty wakeups a second cost with nothing to do. Rounds alternate
/// which alignment runs first. Nothing is asserted about speed; every window asserts each
/// countdown was called about once an interval. `swift test` runs a smoke run, everything twenty
/// times faster (a 50 ms interval, a 2.5 ms tolerance, the bare timer at 400 Hz) at 10² in one
/// round of 150 ms windows (its debug build checks the engine's rules after every change); the
/// real run, three rounds of 5 s windows at 10⁴ and 10⁵:
///
///     COUNTDOWN_BENCHMARKS=full swift test -c release --filter RealTimerAlignmentBenchmarks
final class RealTimerAlignmentBenchmarks: XCTestCase {
  override func setUpWithError() throws {
    try SlowTests.require("the benchmarks' smoke run", orSet: "COUNTDOWN_BENCHMARKS")
  }

  private struct Window {
    var nanosecondsPerCallback: Double
    var wakeupsPerSecond: Double
    var callbacks: Int64
  }

  private final class Receiver: Sendable {}

  func testPerCountdownBesideSharedOnTheRealTimer() throws {
    let isFull = BenchmarkConfiguration.current.isFull
    let sizes = isFull ? [10_000, 100_000] : [100]
    let interval: Duration = isFull ? .seconds(1) : .milliseconds(50)
    // The window, in intervals.
    let intervals = isFull ? 5 : 3
    let rounds = isFull ? 3 : 1
    let bare = bareWakeupNanoseconds(period: interval / 20, window: interval * intervals, windows: rounds)
    var lines: [String] = []
    for n in sizes {
      var shared: [Window] = [], perCountdown: [Window] = []
      for round in 0..<rounds {
        let sharedFirst = round % 2 == 0
        for alignment in sharedFirst ? [true, false] : [false, true] {
          let window = try run(
            n: n, alignment: alignment ? .shared : .perCountdown(tolerance: interval / 20), interval: interval,
            intervals: intervals)
          XCTAssertGreaterThanOrEqual(
            window.callbacks, Int64(n * (intervals - 1)), "N = \(n): about one call an interval each")
          XCTAssertLessThanOrEqual(
            window.callbacks, Int64(n * (intervals + 1)), "N = \(n): about one call an interval each")
          if alignment { shared.append(window) } else { perCountdown.append(window) }
        }
      }
      let ratio = zip(perCountdown, shared).map { $0.nanosecondsPerCallback / $1.nanosecondsPerCallback }
      // What the extra wakeups would cost at the bare timer's price, per callback.
      let extra = zip(perCountdown, shared).map {
        ($0.wakeupsPerSecond - $1.wakeupsPerSecond) * bare.median
          / (Double($0.callbacks) / (Double((interval * intervals).nanosecondsSaturating) / 1e9))
      }
      lines.append(
        """
          N = \(n): CPU ns per callback: shared \(Self.summary(shared.map(\.nanosecondsPerCallback))), \
        per-countdown (\(interval / 20)) \(Self.summary(perCountdown.map(\.nanosecondsPerCallback))); per-countdown ÷ shared \
        \(Self.summary(ratio, format: "%.2f")); wakeups a second \(Self.summary(shared.map(\.wakeupsPerSecond))) and \
        \(Self.summary(perCountdown.map(\.wakeupsPerSecond))); the extra wakeups at the bare timer's price \
        \(Self.summary(extra)) ns per callback
        """)
    }
    print(
      """
      [real-timer alignment benchmark] \(BenchmarkConfiguration.build), \(ProcessInfo.processInfo.activeProcessorCount) \
      cores, \(interval) interval, \(interval * intervals) windows, median of \(rounds) [min–max], process CPU \
      (getrusage):
        a bare repeating DispatchSourceTimer every \(interval / 20), empty handler: \(Self.summary(bare.all.map { $0 / 1_000 })) µs \
      per wakeup
      """ + "\n" + lines.joined(separator: "\n"))
  }

  /// The process's CPU per wakeup of a bare repeating timer firing every `period`, one figure per
  /// window of `window` (after a fifth of it to settle), in nanoseconds.
  private func bareWakeupNanoseconds(period: Duration, window: Duration, windows: Int) -> (
    median: Double, all: [Double]
  ) {
    var all: [Double] = []
    for _ in 0..<windows {
      var timer = BareRepeatingTimer(interval: period)
      timer.start()
      ProcessProbe.sleep(until: ProcessProbe.now() + (window / 5).nanosecondsSaturating)
      let (cpu, woken) = (ProcessUsage.cpuNanoseconds(), timer.wakeups())
      ProcessProbe.sleep(until: ProcessProbe.now() + window.nanosecondsSaturating)
      let (spent, wakeups) = (ProcessUsage.cpuNanoseconds() - cpu, timer.wakeups() - woken)
      timer.stop()
      all.append(Double(spent) / Double(max(wakeups, 1)))
    }
    return (all.sorted()[all.count / 2], all)
  }

  /// Registers `n` countdowns of about 3 600 intervals on an engine with the real clock and timer,
  /// their deadlines spread over one interval, lets their prompt deliveries and one interval pass
  /// (and a tenth), then measures a window of `intervals` intervals.
  private func run(n: Int, alignment: CountdownAlignment, interval: Duration, intervals: Int) throws -> Window {
    let queue = DispatchQueue(label: "benchmark.alignment.real")
    let engine = try CountdownEngine(interval: interval, alignment: alignment, deliveryQueue: queue)
    let receivers = (0..<n).map { _ in Receiver() }
    let values = ValueSlots(count: n, repeating: -1)
    for (index, receiver) in receivers.enumerated() {
      let spread = (interval / n) * index
      try engine.register(receiver, .duration(interval * 3_600 + spread)) { value, _ in
        values.store(value, at: index)
      }
    }
    ProcessProbe.sleep(until: ProcessProbe.now() + (interval * 1.1).nanosecondsSaturating)
    queue.sync {}
    let (cpu, before) = (ProcessUsage.cpuNanoseconds(), engine.statistics)
    let window = interval * intervals
    ProcessProbe.sleep(until: ProcessProbe.now() + window.nanosecondsSaturating)
    let (spent, after) = (ProcessUsage.cpuNanoseconds() - cpu, engine.statistics)
    engine.cancelAll()
    queue.sync {}
    withExtendedLifetime(receivers) {}
    let callbacks = after.deliveries - before.deliveries
    return Window(
      nanosecondsPerCallback: Double(spent) / Double(max(callbacks, 1)),
      wakeupsPerSecond: Double(after.wakeups - before.wakeups) / (Double(window.nanosecondsSaturating) / 1e9),
      callbacks: callbacks)
  }

  private static func summary(_ values: [Double], format: String = "%.1f") -> String {
    let sorted = values.sorted()
    return String(format: "\(format) [\(format)–\(format)]", sorted[sorted.count / 2], sorted.first!, sorted.last!)
  }
}
