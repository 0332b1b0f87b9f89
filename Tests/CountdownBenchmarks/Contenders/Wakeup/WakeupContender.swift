/// Something that wakes every 10 ms on a real timer, for the per-wakeup row: it runs only
/// between `start` and `stop`, so two contenders never share the cores.
protocol WakeupContender {
  var label: String { get }
  /// Starts waking; returns once the first wakeup is armed.
  mutating func start() throws
  /// The wakeups so far, read on the queue the wakeups run on, so each reading sees whole ones.
  func wakeups() -> Int
  /// Stops waking and releases what it made.
  mutating func stop()
}
