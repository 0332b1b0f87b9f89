/// How a ``ManualCountdownClock`` strays from perfect timing, so that tests see what production
/// sees: wakeups that come late or early, and time that moves while the engine works.
///
/// ```swift
/// let clock = try ManualCountdownClock(
///   jitter: .init(late: .milliseconds(2), early: .microseconds(50), drift: .microseconds(20), seed: 7))
/// ```
///
/// The same seed gives the same run: every random choice comes from a generator seeded with it.
public struct ManualClockJitter: Hashable, Sendable {
  /// Each wakeup fires up to this long after its deadline (uniformly at random).
  public var late: Duration
  /// Each wakeup fires up to this long before its deadline instead (half of the wakeups, at random,
  /// when both `late` and `early` are set). A timer re-armed for the deadline it just fired early
  /// for fires at that deadline, as a real timer soon would: time always moves on.
  public var early: Duration
  /// Each read of ``ManualCountdownClock/now`` first moves time forward by up to this much: time
  /// moves during a delivery pass, between its chunks, and between two reads of one call.
  public var drift: Duration
  /// The generator's seed.
  public var seed: UInt64

  /// Creates a jitter description.
  ///
  /// - Parameters:
  ///   - late: The most a wakeup may come after its deadline.
  ///   - early: The most a wakeup may come before its deadline.
  ///   - drift: The most one read of the clock moves time forward.
  ///   - seed: The seed of the random choices.
  public init(late: Duration = .zero, early: Duration = .zero, drift: Duration = .zero, seed: UInt64 = 0) {
    self.late = late
    self.early = early
    self.drift = drift
    self.seed = seed
  }

  /// Perfect timing: wakeups exactly at their deadlines, time still between advances.
  public static let none = ManualClockJitter()
}
