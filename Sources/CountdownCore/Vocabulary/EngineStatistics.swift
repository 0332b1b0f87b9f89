/// Counters that show what an engine has done, for tests, demos and dashboards.
public struct EngineStatistics: Hashable, Sendable {
  /// Registrations in the table now.
  public var receivers: Int
  /// Whether the engine's one timer exists (it is created by the first registration and cancelled
  /// by the first wakeup that finds the table empty).
  public var hasTimer: Bool
  /// Timer wakeups so far.
  public var wakeups: Int64
  /// Batches handed to the delivery queue that delivered at least one callback.
  public var batches: Int64
  /// Callbacks delivered so far.
  public var deliveries: Int64
}
