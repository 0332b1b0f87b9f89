import CountdownCore
import CountdownTestSupport
import Dispatch
import Foundation
import XCTest

/// What a tick costs beside countdowns that deliver only their end or at milestones: one label
/// counting down every second beside N quiet countdowns of an hour (only the end, or milestones at
/// 10 and 1 minutes), against the label alone and the quiet countdowns alone, at N = 10³, 10⁴ and
/// 10⁵ (smoke: 10²). Each run drives the engine on the manual clock through ``ticks`` 1 s steps
/// (the engine's own work, in the calling thread's CPU time; no timer, no quiet countdown's end or
/// milestone among them) and reports CPU per step and the registrations passes looked at per step.
/// The quiet countdowns wait in the ends to come, so the label beside them should cost what it
/// costs alone: the ratio (label beside them) ÷ (label alone), of the same round, is the figure,
/// near 1 (the quiet countdowns alone cost what stepping the clock does: nothing wakes the engine).
/// Every round checks that the label got each value once and no quiet countdown was called.
/// Printed as a table, the median of three rounds (one in the smoke) with [min–max]:
///
///     COUNTDOWN_INTERNAL_CHECKS= COUNTDOWN_BENCHMARKS=full swift test -c release --filter QuietCrowdBenchmarks
final class QuietCrowdBenchmarks: XCTestCase {
  override func setUpWithError() throws {
    try SlowTests.require("the benchmarks' smoke run", orSet: "COUNTDOWN_BENCHMARKS")
  }

  private var sizes: [Int] { BenchmarkConfiguration.current.isFull ? [1_000, 10_000, 100_000] : [100] }
  /// The 1 s steps each run drives through.
  private static let ticks = 200
  /// The quiet countdowns' milestones, in seconds left: none falls in the run's steps.
  private static let milestones: Set<Int> = [600, 60]

  private enum Quiet: String, CaseIterable {
    case onlyTheEnd = "only the end"
    case milestones = "milestones"

    var deliveries: CountdownDeliveries {
      switch self {
      case .onlyTheEnd: .onlyTheEnd
      case .milestones: .milestones(QuietCrowdBenchmarks.milestones)
      }
    }
  }

  func testOneLabelBesideQuietCountdowns() throws {
    let rounds = BenchmarkConfiguration.current.rounds
    var rows: [String] = []
    let alone = try (0..<rounds).map { _ in try run(quiet: 0, kind: .onlyTheEnd, label: true) }
    for n in sizes {
      for kind in Quiet.allCases {
        var quietAlone: [Result] = [], beside: [Result] = []
        for _ in 0..<rounds {
          quietAlone.append(try run(quiet: n, kind: kind, label: false))
          beside.append(try run(quiet: n, kind: kind, label: true))
        }
        for result in quietAlone + beside {
          XCTAssert(result.wrong.isEmpty, "N = \(n), \(kind.rawValue): \(result.wrong.prefix(3))")
        }
        // Each round's beside ÷ the same round's label alone.
        let ratios = (0..<rounds).map { round in beside[round].cpuPerTick / max(alone[round].cpuPerTick, 1e-9) }
        rows.append(
          "  \(String(n).padding(toLength: 7, withPad: " ", startingAt: 0)) | "
            + "\(kind.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0)) | "
            + "\(Self.summary(quietAlone.map(\.cpuPerTick)).padding(toLength: 26, withPad: " ", startingAt: 0)) | "
            + "\(Self.summary(beside.map(\.cpuPerTick)).padding(toLength: 26, withPad: " ", startingAt: 0)) | "
            + "\(Self.summary(beside.map(\.examinedPerTick), format: "%.0f").padding(toLength: 24, withPad: " ", startingAt: 0)) | "
            + Self.summary(ratios, format: "%.2f"))
      }
    }
    print(
      """
      [quiet crowd benchmark] \(BenchmarkConfiguration.build), manual clock, \(Self.ticks) steps of 1 s, \
      median of \(rounds) [min–max]; CPU per step in µs. The label alone: \
      \(Self.summary(alone.map(\.cpuPerTick))) µs, \(Self.summary(alone.map(\.examinedPerTick), format: "%.0f")) looked at.
        N       | quiet        | quiet alone, µs            | label beside them, µs      | looked at per step       | beside ÷ label alone
      \(rows.joined(separator: "\n"))
      """)
  }

  /// The label beside 10⁵ one-shots of an hour (smoke: 10²), in a measure block that times the
  /// drive, not the registrations (release; in debug builds, untimed runs, one a round).
  func testOneLabelBesideTenToTheFiveOneShots() throws {
    let n = sizes.last!
    #if DEBUG
      for _ in 0..<BenchmarkConfiguration.current.rounds {
        XCTAssertEqual(try run(quiet: n, kind: .onlyTheEnd, label: true).wrong, [])
      }
    #else
      measureMetrics([.wallClockTime], automaticallyStartMeasuring: false) {
        do {
          let result = try run(quiet: n, kind: .onlyTheEnd, label: true) { drive in
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
    /// What was not delivered as it should have been (empty when all was).
    var wrong: [String]
    /// Microseconds of the calling thread's CPU per 1 s step.
    var cpuPerTick: Double
    /// Registrations the passes looked at, per step.
    var examinedPerTick: Double
  }

  private final class Receiver: Sendable {}

  /// Registers `quiet` countdowns of an hour delivering as `kind` says, and a label of an hour if
  /// `label`, flushes what is delivered at once, then drives through ``ticks`` 1 s steps (inside
  /// `around`, for a measure block) and times them.
  private func run(
    quiet: Int, kind: Quiet, label: Bool, around: (_ drive: () throws -> Void) throws -> Void = { try $0() }
  ) throws -> Result {
    let clock = ManualCountdownClock()
    let engine = try CountdownEngine(interval: .seconds(1), clock: clock, deliveryQueue: .main)
    let receivers = (0..<quiet).map { _ in Receiver() }
    let quietCalls = ValueSlots(count: 1)
    for receiver in receivers {
      try engine.register(receiver, .duration(.seconds(3_600)), delivering: kind.deliveries) { _, _ in
        quietCalls.store(quietCalls[0] + 1, at: 0)
      }
    }
    let labelReceiver = Receiver()
    let labelValues = ValueSlots(count: 2, repeating: 0)  // the last value, and how many came
    if label {
      try engine.register(labelReceiver, .duration(.seconds(3_600))) { value, _ in
        labelValues.store(value, at: 0)
        labelValues.store(labelValues[1] + 1, at: 1)
      }
    }
    try clock.advance(by: .zero)
    let examined = engine.examinedRegistrations
    let start = ProcessProbe.threadCPU()
    try around {
      for _ in 0..<Self.ticks {
        try clock.advance(by: .seconds(1))
      }
    }
    let cpu = ProcessProbe.threadCPU() - start
    let looked = engine.examinedRegistrations - examined
    var wrong: [String] = []
    if quietCalls[0] != 0 { wrong.append("quiet countdowns called \(quietCalls[0]) times") }
    if label, labelValues[0] != 3_600 - Self.ticks || labelValues[1] != Self.ticks + 1 {
      wrong.append("the label's last value \(labelValues[0]) after \(labelValues[1]) calls")
    }
    engine.cancelAll()
    withExtendedLifetime((receivers, labelReceiver)) {}
    return Result(
      wrong: wrong, cpuPerTick: Double(cpu) / 1e3 / Double(Self.ticks),
      examinedPerTick: Double(looked) / Double(Self.ticks))
  }

  private static func summary(_ values: [Double], format: String = "%.2f") -> String {
    let sorted = values.sorted()
    return String(format: "\(format) [\(format)–\(format)]", sorted[sorted.count / 2], sorted.first!, sorted.last!)
  }
}
