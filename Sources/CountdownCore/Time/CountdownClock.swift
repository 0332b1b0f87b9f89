public import Dispatch

/// The time source and wakeup mechanism of a ``CountdownEngine``.
///
/// The library ships two: ``ContinuousCountdownClock`` (the default: it keeps counting while the
/// device sleeps and ignores wall-clock changes, like Swift's `ContinuousClock`, and wakes the engine
/// with one `DispatchSourceTimer`) and ``ManualCountdownClock`` (time moves only when a test says so,
/// and the engine's deliveries happen synchronously inside ``ManualCountdownClock/advance(by:)``).
public protocol CountdownClock: Sendable {
  /// The current instant.
  var now: CountdownInstant { get }

  /// Makes the one timer an engine uses for all its countdowns.
  ///
  /// - Parameters:
  ///   - queue: The serial queue the handler runs on (clocks that drive time by hand may run it on
  ///     the thread that advances time instead).
  ///   - handler: Called with ``CountdownTimerEvent/fired`` when an armed deadline is reached, and
  ///     with ``CountdownTimerEvent/settle`` by clocks that advance by hand, after advancing, so the
  ///     engine can deliver what is pending.
  func makeTimer(
    on queue: DispatchQueue,
    handler: @escaping @Sendable (CountdownTimerEvent) -> Void
  ) -> any CountdownTimer
}
