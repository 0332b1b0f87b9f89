public import Dispatch

/// The default clock: Swift's `ContinuousClock`, which keeps counting while the device sleeps and
/// is not moved when the user changes the wall clock.
///
/// Wakeups come from one `DispatchSourceTimer` per engine. A timer that fires late (the device
/// slept, the process was suspended) is harmless: the engine computes every remaining value from
/// this clock, never from the number of ticks.
public struct ContinuousCountdownClock: CountdownClock {
  /// The instant every reading is measured from: the first use of this clock in the process.
  private static let origin = ContinuousClock.now

  /// Creates the clock. All instances read the same time.
  public init() {}

  /// The time since the first use of this clock in the process.
  public var now: CountdownInstant {
    CountdownInstant(nanosecondsSinceOrigin: Self.origin.duration(to: ContinuousClock.now).nanosecondsSaturating)
  }

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
