import CountdownCore
import CountdownKit
import CountdownProcessUsage
import Foundation
import XCTest

/// One run of ``PhaseSequenceBenchmarks``' real-clock test: `countdowns` plain countdowns, then as
/// many in phases (or the other way round, alternating from round to round), each on a Kit manager
/// of its own on the real clock at `interval`, delivering on the main queue, started through the
/// public API in one `form` as an app starts them. Per kind and round: the main thread's CPU time
/// of a start, the ticks a second each countdown got in the window (100 at 10 ms: the manager kept
/// up) and the process's CPU time per callback in it (every thread: the timer's pass and the
/// main queue's deliveries).
///
/// The main thread serves the main run loop through the warm-up and the window, as
/// ``KitManagerContender`` does; only one manager is alive at a time.
@MainActor
struct PhasesOnTheRealClockRun {
  typealias Kind = PhasesBesidePlainRun.Kind

  let countdowns: Int
  let rounds: Int
  let form: PhasesBesidePlainRun.Form
  let phasesFirst: Bool
  let interval = Duration.milliseconds(10)
  let warmup: Duration
  let window: Duration

  /// One kind's figures in one round.
  struct Figures {
    var register: Double
    var ticksPerSecond: Double
    var cpuPerCallback: Double
  }

  func run() throws -> String {
    let order: [Kind] = phasesFirst ? [.phases, .plain] : [.plain, .phases]
    var figures: [Kind: [Figures]] = [:]
    let loadBefore = Self.loadAverage()
    for round in 0..<rounds {
      for kind in round % 2 == 0 ? order : order.reversed() {
        figures[kind, default: []].append(try measure(kind))
      }
    }
    return report(figures, load: "\(loadBefore) before, \(Self.loadAverage()) after")
  }

  private func measure(_ kind: Kind) throws -> Figures {
    let manager = try CountdownManager(interval: interval)
    let objects = form == .receiver ? KitReceiver.make(countdowns) : []
    var sink = 0
    let start = ProcessProbe.threadCPU()
    try PhasesBesidePlainRun.register(
      kind, form, countdowns, on: manager, objects: objects, plan: PhasesBesidePlainRun.longPhases
    ) { sink &+= $0 }
    let register = Double(ProcessProbe.threadCPU() - start) / Double(countdowns)
    XCTAssertEqual(manager.engine.count, countdowns)

    // Each countdown's first value is one delivery; the window counts the timer's, after the
    // warm-up and not before the first of them (waiting at most 5 s).
    let timerCallbacks = { Int(manager.engine.statistics.deliveries) - countdowns }
    let warmupEnd = ProcessProbe.now() + warmup.nanosecondsSaturating
    let timeout = ProcessProbe.now() + 5_000_000_000
    while timerCallbacks() <= 0 && ProcessProbe.now() < timeout {
      KitManagerContender.spinMainRunLoop(until: min(timeout, ProcessProbe.now() + WindowReading.pollNanoseconds))
    }
    KitManagerContender.spinMainRunLoop(until: warmupEnd)
    let first = WindowReading.take(callbacks: timerCallbacks())
    KitManagerContender.spinMainRunLoop(until: first.wall + window.nanosecondsSaturating)
    let last = WindowReading.take(callbacks: timerCallbacks())
    let sample = WindowReading.sample(from: first, to: last, setup: 0)
    XCTAssertGreaterThan(sample.callbacksInRun, 0, "\(form) \(kind): the timer called back")

    manager.cancelAll()
    // Let a pass already queued on the main queue run (it finds nothing to deliver).
    KitManagerContender.spinMainRunLoop(until: ProcessProbe.now() + interval.nanosecondsSaturating)
    XCTAssertNotEqual(sink, 0)
    withExtendedLifetime(objects) {}
    return Figures(
      register: register, ticksPerSecond: sample.tickRate(receivers: countdowns),
      cpuPerCallback: sample.cpuPerCallback ?? .infinity)
  }

  /// The system's load averages over 1, 5 and 15 minutes, where `/proc/loadavg` tells them.
  static func loadAverage() -> String {
    guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return "unknown" }
    return text.split(separator: " ").prefix(3).joined(separator: " ")
  }

  private func report(_ figures: [Kind: [Figures]], load: String) -> String {
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    func line(_ name: String, _ format: String, _ unit: String, _ value: (Figures) -> Double) -> String {
      func figure(_ kind: Kind) -> String {
        let values = figures[kind]!.map(value)
        return String(format: "\(format)\(unit) [\(format)–\(format)]", median(values), values.min()!, values.max()!)
      }
      let each = zip(figures[.phases]!, figures[.plain]!).map { value($0) / value($1) }
      let ratio = String(format: "%.2f× [%.2f–%.2f]", median(each), each.min()!, each.max()!)
      return "[phases real clock] \(name): plain \(figure(.plain)), phases \(figure(.phases)), \(ratio)"
    }
    return """

      [phases real clock] by \(form.rawValue), N = \(countdowns) on a manager of 10 ms on the real clock, \
      \(rounds) round(s) of a \(window) window, \(phasesFirst ? "phases" : "plain") first; median [min–max]; \
      × = phases ÷ plain of the same round; load average \(load)
      \(line("start (main thread's CPU)", "%.0f", " ns", \.register))
      \(line("ticks a second (100: kept up)", "%.1f", "", \.ticksPerSecond))
      \(line("process CPU per callback", "%.1f", " ns", \.cpuPerCallback))
      """
  }
}
