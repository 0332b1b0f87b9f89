import CountdownCore
import Dispatch
import XCTest

/// The real timer's delays never trap where `Int` is 32 bits (watchOS on arm64_32): the conversion
/// is generic over the count's width, so `Int32` stands in for that platform's `Int` here.
final class DispatchDelayTests: XCTestCase {
  typealias Timer = DispatchCountdownTimer

  func testThirtyTwoBitCountsPickTheFinestUnitThatFits() {
    let second: Int64 = 1_000_000_000
    let cases: [(nanoseconds: Int64, count: Int32, unit: Timer.DelayUnit)] = [
      (0, 0, .nanoseconds),
      (1, 1, .nanoseconds),
      (second, 1_000_000_000, .nanoseconds),
      (Int64(Int32.max), .max, .nanoseconds),  // 2.147483647 s
      (Int64(Int32.max) + 1, 2_147_484, .microseconds),
      (60 * second, 60_000_000, .microseconds),  // the README's per-minute manager
      (60 * second + 1, 60_000_001, .microseconds),  // rounded up: never early
      (Int64(Int32.max) * 1_000, .max, .microseconds),  // 35.8 minutes
      (Int64(Int32.max) * 1_000 + 1, 2_147_484, .milliseconds),
      (3_600 * second, 3_600_000, .milliseconds),
      (Int64(Int32.max) * 1_000_000, .max, .milliseconds),  // 24.8 days
      (Int64(Int32.max) * 1_000_000 + 1, 2_147_484, .seconds),
      (365 * 86_400 * second, 31_536_000, .seconds),
      (Timer.longestDelay, .max, .seconds),  // 68 years
      (Timer.longestDelay + 1, .max, .seconds),  // clamped
      (.max, .max, .seconds),
      (-5 * second, 0, .nanoseconds),  // a deadline already past
      (.min, 0, .nanoseconds),
    ]
    for (nanoseconds, count, unit) in cases {
      let delay = Timer.delay(nanoseconds: nanoseconds, as: Int32.self)
      XCTAssertEqual(delay.count, count, "\(nanoseconds) ns")
      XCTAssertEqual(delay.unit, unit, "\(nanoseconds) ns")
    }
  }

  func testRoundedUpByLessThanOneUnitAtEveryWidth() {
    var generator = SplitMix64(seed: 32)
    for _ in 0..<10_000 {
      let nanoseconds = Int64(bitPattern: generator.next()) & (1 << Int64(generator.next() % 62) - 1)
      Self.assertRoundedUp(nanoseconds, as: Int32.self)
      Self.assertRoundedUp(nanoseconds, as: Int64.self)
      Self.assertRoundedUp(nanoseconds, as: Int.self)
    }
  }

  func testSixtyFourBitCountsAreNanoseconds() {
    let delay = Timer.delay(nanoseconds: 60_000_000_000, as: Int64.self)
    XCTAssertEqual(delay.count, 60_000_000_000)
    XCTAssertEqual(delay.unit, .nanoseconds)
  }

  func testDispatchIntervalUsesThisPlatformsInt() {
    XCTAssertEqual(Timer.interval(nanoseconds: 1_500_000_000), .nanoseconds(1_500_000_000))
    // A minute of nanoseconds fits a 64-bit `Int`, not a 32-bit one.
    let minute = Timer.interval(nanoseconds: 60_000_000_000)
    if let nanoseconds = Int(exactly: 60_000_000_000 as Int64) {
      XCTAssertEqual(minute, .nanoseconds(nanoseconds))
    } else {
      XCTAssertEqual(minute, .microseconds(60_000_000))
    }
    XCTAssertEqual(Timer.interval(nanoseconds: -1), .nanoseconds(0))
  }

  /// `count` units cover the delay, and one unit less would not (up to the longest delay).
  private static func assertRoundedUp<Count: FixedWidthInteger>(
    _ nanoseconds: Int64, as _: Count.Type, file: StaticString = #filePath, line: UInt = #line
  ) {
    let (count, unit) = Timer.delay(nanoseconds: nanoseconds, as: Count.self)
    let expected = min(nanoseconds, Timer.longestDelay)
    let covered = Int64(count) * unit.nanoseconds
    XCTAssertGreaterThanOrEqual(covered, expected, "\(nanoseconds) ns as \(Count.self)", file: file, line: line)
    XCTAssertLessThan(
      covered - expected, unit.nanoseconds, "\(nanoseconds) ns as \(Count.self)", file: file, line: line)
  }
}
