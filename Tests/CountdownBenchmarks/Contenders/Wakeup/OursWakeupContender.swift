import CountdownCore
import Dispatch

/// Ours at N countdowns on the real clock: every wakeup steps every countdown, whose handlers do
/// nothing, so the CPU measured is the engine's wakeup and pass.
struct OursWakeupContender: WakeupContender {
  static let label = "ours (Core engine)"
  var label: String { Self.label }
  let receivers: Int
  let interval: Duration

  private let queue = DispatchQueue(label: "benchmark.wakeup.ours")
  private var engine: CountdownEngine?
  private var keys = ContiguousArray<BenchmarkReceiver>()

  init(receivers: Int, interval: Duration) {
    self.receivers = receivers
    self.interval = interval
  }

  mutating func start() throws {
    let engine = try CountdownEngine(interval: interval, clock: .continuous, deliveryQueue: queue)
    keys = BenchmarkReceiver.make(receivers)
    let deadline = try ContinuousCountdownClock().now.exactlyAdvanced(by: .seconds(3600))
    for key in keys {
      try engine.register(key, .deadline(deadline)) { _, _ in }
    }
    self.engine = engine
  }

  func wakeups() -> Int {
    queue.sync { Int(engine?.statistics.wakeups ?? 0) }
  }

  /// How many times the engine's lock was taken so far: a steady wakeup takes it twice, a re-arm
  /// or a queued pass more.
  func lockEntries() -> Int64 {
    queue.sync { engine?.lockEntries ?? 0 }
  }

  mutating func stop() {
    engine?.cancelAll()
    queue.sync {}
    engine = nil
    keys = []
  }
}
