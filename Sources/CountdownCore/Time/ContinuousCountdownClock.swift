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
