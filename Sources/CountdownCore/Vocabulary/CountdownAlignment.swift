/// How an engine places its wakeups.
///
/// An enum, complete by design: values flip either together on one grid or each at its own
/// boundary; anything finer is a parameter of one of the two (the tolerance, the engine's end
/// tolerance), so no case can come, and a `switch` over it needs no `default`.
public enum CountdownAlignment: Hashable, Sendable {
  /// One grid for everybody: every receiver whose value changed is delivered in the same batch at
  /// each interval, so all labels flip together. A value may lag its true boundary by less than one
  /// interval, never lead it. The final 0 is the exception: it comes at the deadline, within the
  /// engine's end tolerance (``CountdownEngine/endTolerance``), when a system-rendered timer for the
  /// same deadline reaches zero.
  case shared
  /// Each countdown changes within `tolerance` after its own boundary (never before); countdowns
  /// due within the same tolerance window share one wakeup, so there are at most
  /// interval ÷ tolerance wakeups per interval however many countdowns there are. A wakeup looks
  /// only at the countdowns due in the windows that passed (they wait in a timing wheel), so its
  /// cost follows what is due, not the number of countdowns.
  case perCountdown(tolerance: Duration)
}

/// Counters that show what an engine has done, for tests, demos and dashboards.
public struct EngineStatistics: Hashable, Sendable {
  /// Registrations in the table now.
  public var receivers: Int
  /// Whether the engine's one timer exists. It is created by the first registration and kept until
  /// the engine goes; disarmed while the table is empty, it makes no wakeup.
  public var hasTimer: Bool
  /// Timer wakeups so far.
  public var wakeups: Int64
  /// Batches handed to the delivery queue that delivered at least one callback.
  public var batches: Int64
  /// Callbacks delivered so far.
  public var deliveries: Int64
}
