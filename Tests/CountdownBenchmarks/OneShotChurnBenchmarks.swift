import CountdownCore
import CountdownTestSupport
import XCTest

/// The debounce pattern at scale: 10⁶ one-shots (smoke: 100), each registered for the same receiver
/// and cancelled at once, to random deadlines between half an hour and two hours, beside 10⁴ (smoke:
/// 10) one-shots that wait for their ends about an hour away, on the manual clock (the engine's own
/// work, in the calling thread's CPU time; no timer). On the shared grid the one-shots wait in the
/// ends to come; with per-countdown alignment (50 ms), in the wheel, far ahead. Printed as ns per
/// register and cancel, the median of three rounds (one in the smoke) with [min–max], and what the index held after
/// the churn:
///
///     COUNTDOWN_BENCHMARKS=full swift test -c release --filter OneShotChurnBenchmarks
final class OneShotChurnBenchmarks: XCTestCase {
  override func setUpWithError() throws {
    try SlowTests.require("the benchmarks' smoke run", orSet: "COUNTDOWN_BENCHMARKS")
  }

  private final class Receiver: Sendable {}

  func testRegisterAndCancelOfAMillionOneShots() throws {
    let isFull = BenchmarkConfiguration.current.isFull
    let (churns, waiting) = isFull ? (1_000_000, 10_000) : (100, 10)
    var lines: [String] = []
    for (name, alignment) in [
      ("shared", CountdownAlignment.shared), ("per-countdown", .perCountdown(tolerance: .milliseconds(50))),
    ] {
      var perChurn: [Double] = []
      var held = (ends: 0, wheel: 0)
      for round in 0..<BenchmarkConfiguration.current.rounds {
        let clock = ManualCountdownClock()
        let engine = try CountdownEngine(
          interval: .seconds(1), alignment: alignment, clock: clock, deliveryQueue: .main)
        let receivers = (0..<waiting).map { _ in Receiver() }
        for (index, receiver) in receivers.enumerated() {
          let length = Duration.milliseconds(3_600_000 + Int64(index) * 7)
          try engine.register(receiver, .duration(length), delivering: .onlyTheEnd) { _, _ in }
        }
        let debounced = Receiver()
        var random = SplitMix64(seed: UInt64(round))
        let start = ProcessProbe.threadCPU()
        for _ in 0..<churns {
          let length = Duration.milliseconds(1_800_000 + random.upTo(5_400_000))
          try engine.register(debounced, .duration(length), delivering: .onlyTheEnd) { _, _ in }
          XCTAssertTrue(engine.cancel(debounced))
        }
        perChurn.append(Double(ProcessProbe.threadCPU() - start) / Double(churns))
        held = engine.indexSizes
        XCTAssertEqual(engine.count, waiting)
        engine.cancelAll()
        withExtendedLifetime(receivers) {}
      }
      let sorted = perChurn.sorted()
      lines.append(
        String(
          format: "  %@: ns per register and cancel %.0f [%.0f–%.0f]; entries held after: ends %d, wheel %d",
          name, sorted[sorted.count / 2], sorted[0], sorted[sorted.count - 1], held.ends, held.wheel))
    }
    print(
      "[one-shot churn benchmark] \(churns) churns beside \(waiting) waiting one-shots:\n"
        + lines.joined(separator: "\n"))
  }
}
