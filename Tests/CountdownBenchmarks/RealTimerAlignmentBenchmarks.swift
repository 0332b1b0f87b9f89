import CountdownCore
import CountdownProcessUsage
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
/// countdown was called about once a second. `swift test` runs 10³ in one round of 1 s windows (a
/// smoke run: its debug build checks the engine's rules after every change); the real run, three
/// rounds of 5 s windows at 10⁴ and 10⁵:
///
///     COUNTDOWN_BENCHMARKS=full swift test -c release --filter RealTimerAlignmentBenchmarks
final class RealTimerAlignmentBenchmarks: XCTestCase {
  private struct Window {
    var nanosecondsPerCallback: Double
    var wakeupsPerSecond: Double
    var callbacks: Int64
  }

  private final class Receiver: Sendable {}

  func testPerCountdownBesideSharedOnTheRealTimer() throws {
    let isFull = BenchmarkConfiguration.current.isFull
    let sizes = isFull ? [10_000, 100_000] : [1_000]
    let seconds = isFull ? 5 : 1
    let rounds = isFull ? 3 : 1
    let bare = bareWakeupNanoseconds(perSecond: 20, seconds: seconds, windows: rounds)
    var lines: [String] = []
    for n in sizes {
      var shared: [Window] = [], perCountdown: [Window] = []
      for round in 0..<rounds {
        let sharedFirst = round % 2 == 0
        for alignment in sharedFirst ? [true, false] : [false, true] {
          let window = try run(
            n: n, alignment: alignment ? .shared : .perCountdown(tolerance: .milliseconds(50)), seconds: seconds)
          XCTAssertGreaterThanOrEqual(window.callbacks, Int64(n * (seconds - 1)), "N = \(n): about one call a second each")
          XCTAssertLessThanOrEqual(window.callbacks, Int64(n * (seconds + 1)), "N = \(n): about one call a second each")
          if alignment { shared.append(window) } else { perCountdown.append(window) }
        }
      }
      let ratio = zip(perCountdown, shared).map { $0.nanosecondsPerCallback / $1.nanosecondsPerCallback }
      // What the extra wakeups would cost at the bare timer's price, per callback.
      let extra = zip(perCountdown, shared).map {
        ($0.wakeupsPerSecond - $1.wakeupsPerSecond) * bare.median / (Double($0.callbacks) / Double(seconds))
      }
      lines.append(
        """
          N = \(n): CPU ns per callback: shared \(Self.summary(shared.map(\.nanosecondsPerCallback))), \
        per-countdown (50 ms) \(Self.summary(perCountdown.map(\.nanosecondsPerCallback))); per-countdown ÷ shared \
        \(Self.summary(ratio, format: "%.2f")); wakeups a second \(Self.summary(shared.map(\.wakeupsPerSecond))) and \
        \(Self.summary(perCountdown.map(\.wakeupsPerSecond))); the extra wakeups at the bare timer's price \
        \(Self.summary(extra)) ns per callback
        """)
    }
    print(
      """
      [real-timer alignment benchmark] \(BenchmarkConfiguration.build), \(ProcessInfo.processInfo.activeProcessorCount) \
      cores, 1 s interval, \(seconds) s windows, median of \(rounds) [min–max], process CPU (getrusage):
        a bare repeating DispatchSourceTimer at 20 Hz, empty handler: \(Self.summary(bare.all.map { $0 / 1_000 })) µs \
      per wakeup
      """ + "\n" + lines.joined(separator: "\n"))
  }

  /// The process's CPU per wakeup of a bare repeating timer, one figure per window, in nanoseconds.
  private func bareWakeupNanoseconds(perSecond: Int, seconds: Int, windows: Int) -> (median: Double, all: [Double]) {
    var all: [Double] = []
    for _ in 0..<windows {
      var timer = BareRepeatingTimer(interval: .nanoseconds(1_000_000_000 / perSecond))
      timer.start()
      ProcessProbe.sleep(until: ProcessProbe.now() + 200_000_000)
      let (cpu, woken) = (ProcessUsage.cpuNanoseconds(), timer.wakeups())
      ProcessProbe.sleep(until: ProcessProbe.now() + Int64(seconds) * 1_000_000_000)
      let (spent, wakeups) = (ProcessUsage.cpuNanoseconds() - cpu, timer.wakeups() - woken)
      timer.stop()
      all.append(Double(spent) / Double(max(wakeups, 1)))
    }
    return (all.sorted()[all.count / 2], all)
  }

  /// Registers `n` countdowns on an engine with the real clock and timer, lets their prompt
  /// deliveries and one interval pass, then measures a window of `seconds`.
  private func run(n: Int, alignment: CountdownAlignment, seconds: Int) throws -> Window {
    let queue = DispatchQueue(label: "benchmark.alignment.real")
    let engine = try CountdownEngine(interval: .seconds(1), alignment: alignment, deliveryQueue: queue)
    let receivers = (0..<n).map { _ in Receiver() }
    let values = ValueSlots(count: n, repeating: -1)
    for (index, receiver) in receivers.enumerated() {
      let spread = Duration.nanoseconds(Int64(index) * (1_000_000_000 / Int64(n)))
      try engine.register(receiver, .duration(.seconds(3_600) + spread)) { value, _ in
        values.store(value, at: index)
      }
    }
    ProcessProbe.sleep(until: ProcessProbe.now() + 1_100_000_000)
    queue.sync {}
    let (cpu, before) = (ProcessUsage.cpuNanoseconds(), engine.statistics)
    ProcessProbe.sleep(until: ProcessProbe.now() + Int64(seconds) * 1_000_000_000)
    let (spent, after) = (ProcessUsage.cpuNanoseconds() - cpu, engine.statistics)
    engine.cancelAll()
    queue.sync {}
    withExtendedLifetime(receivers) {}
    let callbacks = after.deliveries - before.deliveries
    return Window(
      nanosecondsPerCallback: Double(spent) / Double(max(callbacks, 1)),
      wakeupsPerSecond: Double(after.wakeups - before.wakeups) / Double(seconds), callbacks: callbacks)
  }

  private static func summary(_ values: [Double], format: String = "%.1f") -> String {
    let sorted = values.sorted()
    return String(format: "\(format) [\(format)–\(format)]", sorted[sorted.count / 2], sorted.first!, sorted.last!)
  }
}
