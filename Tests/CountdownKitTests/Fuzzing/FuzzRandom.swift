import CountdownKit
import Foundation

/// A seeded source of hostile values for the public-API fuzzer: the edges a caller can hand an
/// entry point (zero, negative, NaN, ±infinity, the integer types' ends, durations far beyond
/// and far below anything a countdown uses, empty and out-of-range sets, any locale identifier,
/// random bytes), mixed with ordinary values so that calls also reach the paths behind the checks.
/// The same seed gives the same values, so a failure replays from its seed alone.
struct FuzzRandom: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  /// SplitMix64: small, fast and good enough to spread the choices.
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `0..<bound`.
  mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

  /// True once in `n` calls, on average.
  mutating func oneIn(_ n: Int) -> Bool { below(n) == 0 }

  mutating func pick<Value>(_ values: [Value]) -> Value { values[below(values.count)] }

  mutating func bool() -> Bool { next() & 1 == 0 }

  // MARK: Numbers

  mutating func int() -> Int {
    switch below(8) {
    case 0: pick([0, 1, -1, Int.max, Int.min, Int.max - 1, Int.min + 1, Int(Int32.max), Int(Int32.min)])
    case 1: Int(truncatingIfNeeded: next())
    case 2: -below(100)
    default: below(120)
    }
  }

  mutating func int64() -> Int64 {
    switch below(6) {
    case 0: pick([0, 1, -1, Int64.max, Int64.min, Int64.max - 1, Int64.min + 1, 1 << 55, -(1 << 55), 1 << 62])
    case 1: Int64(bitPattern: next())
    default: Int64(below(10_000_000_000)) - 5_000_000_000
    }
  }

  mutating func double() -> Double {
    switch below(6) {
    case 0:
      pick([
        0, -0.0, .nan, .signalingNaN, .infinity, -.infinity, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
        .leastNonzeroMagnitude, -.leastNonzeroMagnitude, 1e300, -1e300, 9.3e18, -9.3e18, 9.2e9, 1e-9, 0.5,
      ])
    case 1: Double(bitPattern: next())
    default: Double(below(200_000)) / 100 - 500
    }
  }

  // MARK: Time

  /// A duration: often small and ordinary, else an edge.
  mutating func duration() -> Duration {
    switch below(10) {
    case 0:
      pick([
        .zero, .nanoseconds(1), .nanoseconds(-1), Duration(secondsComponent: 0, attosecondsComponent: 1),
        Duration(secondsComponent: 0, attosecondsComponent: -1), .seconds(Int64.max), .seconds(Int64.min),
        Duration(secondsComponent: Int64.max, attosecondsComponent: 999_999_999_999_999_999),
        Duration(secondsComponent: Int64.min, attosecondsComponent: -999_999_999_999_999_999),
        .nanoseconds(Int64.max), .nanoseconds(Int64.min), .seconds(9_223_372_036), .seconds(9_223_372_037),
        .seconds(-9_223_372_037), .nanoseconds(Int64.max - 1), .seconds(1 << 33), .milliseconds(1),
        .seconds(Int64.max) + .seconds(Int64.max), .seconds(Int64.min) - .seconds(Int64.max),
      ])
    case 1: .nanoseconds(int64())
    case 2: Duration(secondsComponent: int64(), attosecondsComponent: Int64(below(1_000_000_000_000_000_000)))
    case 3: .milliseconds(below(5_000) - 1_000)
    default: .seconds(below(200) - 20)
    }
  }

  /// A duration the manual clock can advance the sentinels' clock by without firing more than a
  /// few ticks, or one it must refuse.
  mutating func shortOrRefusedAdvance() -> Duration {
    switch below(6) {
    case 0: pick([.nanoseconds(-1), .seconds(-1), .seconds(Int64.min), .seconds(Int64.max), .seconds(9_223_372_037)])
    case 1: .zero
    default: .milliseconds(below(2_500))
    }
  }

  mutating func date(around now: Date) -> Date {
    switch below(8) {
    case 0:
      pick([
        .distantPast, .distantFuture, Date(timeIntervalSinceReferenceDate: .nan),
        Date(timeIntervalSinceReferenceDate: .infinity), Date(timeIntervalSinceReferenceDate: -.infinity),
        Date(timeIntervalSinceReferenceDate: .greatestFiniteMagnitude), Date(timeIntervalSince1970: 0),
        now.addingTimeInterval(9.3e9), now.addingTimeInterval(-9.3e9),
      ])
    case 1: Date(timeIntervalSinceReferenceDate: double())
    default: now.addingTimeInterval(Double(below(400)) - 100)
    }
  }

  // MARK: Options

  mutating func policy() -> SuspensionPolicy { bool() ? .keepsRunning : .pauses }

  mutating func ending() -> CountdownEnding { oneIn(4) ? .countsOvertime : .stops }

  mutating func deliveries() -> CountdownDeliveries {
    switch below(6) {
    case 0: .onlyTheEnd
    case 1: .milestones(milestones())
    default: .everyChange
    }
  }

  /// Empty, duplicate-free by nature, negative, beyond any countdown, at the integer edges.
  mutating func milestones() -> Set<Int> {
    Set((0..<below(5)).map { _ in oneIn(3) ? int() : below(30) })
  }

  mutating func durations() -> Set<Duration> {
    Set((0..<below(5)).map { _ in oneIn(3) ? duration() : .seconds(below(30)) })
  }

  mutating func alignment() -> CountdownAlignment {
    oneIn(3) ? .perCountdown(tolerance: oneIn(2) ? duration() : .milliseconds(50)) : .shared
  }

  // MARK: Text and bytes

  /// Any locale identifier: real ones, empty, malformed, with keywords, not text at all.
  mutating func localeIdentifier() -> String {
    switch below(4) {
    case 0:
      pick([
        "", "en_US", "ar", "he_IL", "ja_JP", "zh-Hant", "pt-BR", "sr_Latn_RS", "zz_ZZ", "@calendar=hebrew",
        "en_US@numbers=arab", "root", "x-private", "und", "\u{0}", "🙂", String(repeating: "a", count: 300),
        "en_US_POSIX", "tlh", "fr_FR@currency=EUR;collation=phonebook",
      ])
    case 1: String(decoding: bytes(upTo: 12), as: UTF8.self)
    default: pick(["en", "fr", "de", "es", "ru", "pl", "cs", "ko", "th", "hi", "vi", "tr", "uk", "el"])
    }
  }

  mutating func text() -> String {
    pick(["", "a", "/", "a/b", "🙂", "\u{0}", "%@", "%@ %@ %d", "%", "%n", String(repeating: "x", count: 1_000)])
  }

  mutating func bytes(upTo count: Int = 64) -> Data {
    Data((0..<below(count + 1)).map { _ in UInt8(truncatingIfNeeded: next()) })
  }
}
