public import Dispatch

#if os(Linux) || os(Android)
  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Musl)
    import Musl
  #elseif canImport(Android)
    import Android
  #endif
#endif

/// The default clock: Swift's `ContinuousClock`, which keeps counting while the device sleeps and
/// is not moved when the user changes the wall clock.
///
/// Wakeups come from one `DispatchSourceTimer` per engine. A timer that fires late (the device
/// slept, the process was suspended) is harmless: the engine computes every remaining value from
/// this clock, never from the number of ticks.
public struct ContinuousCountdownClock: CountdownClock {
  /// The reading every instant is measured from: the first use of this clock in the process.
  private static let origin = reading()

  /// Creates the clock. All instances read the same time.
  public init() {}

  /// The time since the first use of this clock in the process.
  public var now: CountdownInstant {
    CountdownInstant(nanosecondsSinceOrigin: Self.reading() &- Self.origin)
  }

  #if os(Linux) || os(Android)
    /// The clock Swift's `ContinuousClock` reads on Linux (CLOCK_BOOTTIME: it counts through
    /// suspend), in nanoseconds, read directly: every wakeup reads it, and going through
    /// `ContinuousClock.Instant` and `Duration` costs 128-bit arithmetic and generic calls each time.
    private static func reading() -> Int64 {
      var time = timespec()
      clock_gettime(CLOCK_BOOTTIME, &time)
      return Int64(time.tv_sec) &* 1_000_000_000 &+ Int64(time.tv_nsec)
    }
  #else
    /// Where the reading below counts from.
    private static let base = ContinuousClock.now

    /// Swift's `ContinuousClock`, in nanoseconds since `base`.
    private static func reading() -> Int64 {
      base.duration(to: ContinuousClock.now).nanosecondsSaturating
    }
  #endif

  /// Makes the engine's one `DispatchSourceTimer`, firing on `queue`.
  public func makeTimer(
    on queue: DispatchQueue,
    handler: @escaping @Sendable (CountdownTimerEvent) -> Void
  ) -> any CountdownTimer {
    DispatchCountdownTimer(clock: self, queue: queue, handler: handler)
  }
}

extension CountdownClock where Self == ContinuousCountdownClock {
  /// The continuous clock (counts through sleep, ignores wall-clock changes).
  public static var continuous: ContinuousCountdownClock { ContinuousCountdownClock() }
}

/// The real timer behind ``ContinuousCountdownClock``: one `DispatchSourceTimer`, a one-shot per
/// wakeup (an idle engine costs none), or repeating while the engine wakes every window (Dispatch
/// re-arms it itself, less work than a one-shot re-armed from its handler).
package final class DispatchCountdownTimer: CountdownTimer, @unchecked Sendable {
  // @unchecked Sendable: the only state is the dispatch source, whose `schedule` and `cancel`
  // are thread-safe by Dispatch's contract, and an immutable clock.
  private let source: any DispatchSourceTimer
  private let clock: ContinuousCountdownClock

  /// The longest delay armed at once: 2³¹ − 1 seconds (68 years), which fits 32 bits as seconds.
  package static let longestDelay = Int64(Int32.max) * 1_000_000_000

  init(
    clock: ContinuousCountdownClock,
    queue: DispatchQueue,
    handler: @escaping @Sendable (CountdownTimerEvent) -> Void
  ) {
    self.clock = clock
    source = DispatchSource.makeTimerSource(queue: queue)
    source.setEventHandler { handler(.fired) }
    source.schedule(deadline: .distantFuture)
    source.activate()
  }

  package func schedule(at deadline: CountdownInstant?, leeway: Duration) {
    guard let deadline else {
      source.schedule(deadline: .distantFuture)
      return
    }
    source.schedule(deadline: dispatchTime(of: deadline), leeway: Self.leeway(leeway))
  }

  package var supportsRepeating: Bool { true }

  package func schedule(at deadline: CountdownInstant, repeating interval: Duration, leeway: Duration) {
    // Dispatch takes the fires it missed (a busy queue) as one, late, and keeps to its grid.
    source.schedule(
      deadline: dispatchTime(of: deadline), repeating: Self.interval(nanoseconds: interval.nanosecondsSaturating),
      leeway: Self.leeway(leeway))
  }

  /// A leeway as a `DispatchTimeInterval`, rounded down (see ``interval(nanoseconds:roundedUp:)``),
  /// so that Dispatch is never given more than was asked for.
  package static func leeway(_ leeway: Duration) -> DispatchTimeInterval {
    interval(nanoseconds: leeway.nanosecondsSaturating, roundedUp: false)
  }

  /// Dispatch's own clock may stop during sleep; converting through a delay from "now" keeps the
  /// deadline on the continuous clock, and the engine corrects a late fire.
  private func dispatchTime(of deadline: CountdownInstant) -> DispatchTime {
    let delay = max(0, deadline.nanosecondsSinceOrigin - clock.now.nanosecondsSinceOrigin)
    return .now() + Self.interval(nanoseconds: delay)
  }

  package func cancel() {
    source.cancel()
  }

  deinit {
    source.cancel()
  }

  /// A delay as a `DispatchTimeInterval`, whose counts are `Int`s: 32 bits on watchOS's arm64_32,
  /// where a count of nanoseconds holds no more than 2.1 s. See ``delay(nanoseconds:as:roundedUp:)``.
  package static func interval(nanoseconds: Int64, roundedUp: Bool = true) -> DispatchTimeInterval {
    let (count, unit) = delay(nanoseconds: nanoseconds, as: Int.self, roundedUp: roundedUp)
    switch unit {
    case .nanoseconds: return .nanoseconds(count)
    case .microseconds: return .microseconds(count)
    case .milliseconds: return .milliseconds(count)
    case .seconds: return .seconds(count)
    }
  }

  /// A delay as a count of the finest unit whose count fits in `Count`: with 32 bits, nanoseconds
  /// up to 2.1 s, microseconds up to 35 minutes, milliseconds up to 24 days, seconds beyond.
  ///
  /// Rounded up (a deadline's delay: never before the deadline) or, if `roundedUp` is `false`,
  /// down (a leeway: never more than asked for). Clamped to `0...longestDelay`.
  package static func delay<Count: FixedWidthInteger>(
    nanoseconds: Int64, as _: Count.Type, roundedUp: Bool = true
  ) -> (count: Count, unit: DelayUnit) {
    let nanoseconds = min(max(nanoseconds, 0), longestDelay)
    for unit in [DelayUnit.nanoseconds, .microseconds, .milliseconds, .seconds] {
      // Cannot overflow, as 0 <= nanoseconds <= Int64.max.
      let count =
        roundedUp && nanoseconds > 0
        ? (nanoseconds - 1) / unit.nanoseconds + 1 : nanoseconds / unit.nanoseconds
      if let fitting = Count(exactly: count) {
        return (fitting, unit)
      }
    }
    return (.max, .seconds)  // only for counts narrower than 32 bits
  }

  /// The unit of a ``delay(nanoseconds:as:roundedUp:)``.
  package enum DelayUnit: Sendable {
    case nanoseconds, microseconds, milliseconds, seconds

    /// The unit's length in nanoseconds.
    package var nanoseconds: Int64 {
      switch self {
      case .nanoseconds: 1
      case .microseconds: 1_000
      case .milliseconds: 1_000_000
      case .seconds: 1_000_000_000
      }
    }
  }
}
