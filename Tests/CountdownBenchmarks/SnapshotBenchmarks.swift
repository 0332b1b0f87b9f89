import CountdownKit
import CountdownTestSupport
import Foundation
import XCTest

/// What a snapshot of 10⁴ countdowns costs: its size as JSON, and the time to take, encode,
/// decode and restore it. Printed as the median of three rounds (one in the smoke) with [min–max]; nothing is
/// asserted about speed. `swift test` runs it at 10² (a smoke size); the real run:
///
///     COUNTDOWN_BENCHMARKS=full swift test -c release --filter SnapshotBenchmarks
final class SnapshotBenchmarks: XCTestCase {
  override func setUpWithError() throws {
    try SlowTests.require("the benchmarks' smoke run", orSet: "COUNTDOWN_BENCHMARKS")
  }

  func testSnapshotOfTenThousandCountdowns() throws {
    try MainActor.assumeIsolated {
      let n = BenchmarkConfiguration.current.isFull ? 10_000 : 100
      let clock = ManualCountdownClock()
      let now = Date()
      let manager = try CountdownManager(clock: clock, wallClock: { now })
      // A mix like an app's: mostly running countdowns, some quiz clocks, paused ones and count-ups.
      for index in 0..<n {
        let id = "order-\(index)"
        switch index % 10 {
        case 0: manager.listen(id: id) { _, _, _ in }
        case 1: try manager.start(id: id, for: .seconds(600), whileSuspended: .pauses) { _, _, _ in }
        default: try manager.start(id: id, for: .seconds(60 + index)) { _, _, _ in }
        }
        if index % 10 == 2 { manager.pause(id: id) }
      }
      try clock.advance(by: .zero)

      var take: [Double] = [], encode: [Double] = [], decode: [Double] = [], restore: [Double] = []
      var size = 0
      for _ in 0..<BenchmarkConfiguration.current.rounds {
        var start = DispatchTime.now().uptimeNanoseconds
        let snapshot = manager.snapshot(of: String.self)
        take.append(Self.milliseconds(since: start))
        start = DispatchTime.now().uptimeNanoseconds
        let data = try JSONEncoder().encode(snapshot)
        encode.append(Self.milliseconds(since: start))
        size = data.count
        start = DispatchTime.now().uptimeNanoseconds
        let decoded = try CountdownSnapshot<String>(decoding: data)
        decode.append(Self.milliseconds(since: start))
        XCTAssertEqual(decoded.entries.count, n)
        let target = try CountdownManager(clock: ManualCountdownClock(), wallClock: { now })
        start = DispatchTime.now().uptimeNanoseconds
        let restoration = try target.restore(decoded) { _, _, _ in }
        restore.append(Self.milliseconds(since: start))
        XCTAssertEqual(restoration.ids.count, n)
        target.cancelAll()
      }
      manager.cancelAll()
      #if DEBUG
        let build = "debug build: not representative"
      #else
        let build = "release build"
      #endif
      print(
        """
        [snapshot benchmark] \(n) countdowns, \(build): JSON \(size) bytes (\(size / n) B per countdown)
          take   \(Self.summary(take))
          encode \(Self.summary(encode))
          decode \(Self.summary(decode))
          restore \(Self.summary(restore))
        """)
    }
  }

  private static func milliseconds(since start: UInt64) -> Double {
    Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
  }

  private static func summary(_ values: [Double]) -> String {
    let sorted = values.sorted()
    return String(format: "%.1f ms [%.1f–%.1f]", sorted[sorted.count / 2], sorted.first!, sorted.last!)
  }
}
