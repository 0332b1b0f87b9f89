import CountdownCore
import Dispatch

/// The floor of a wakeup: one repeating `DispatchSourceTimer` whose handler only counts.
struct BareRepeatingTimer: WakeupContender {
  static let label = "bare repeating DispatchSourceTimer, empty handler"
  var label: String { Self.label }
  let interval: Duration

  private let queue = DispatchQueue(label: "benchmark.wakeup.bare")
  private let counter = QueueConfinedCounter()
  private var source: (any DispatchSourceTimer)?

  init(interval: Duration) {
    self.interval = interval
  }

  mutating func start() {
    let source = DispatchSource.makeTimerSource(queue: queue)
    let nanoseconds = Int(interval.nanosecondsSaturating)
    // A tenth of the interval, the engine's leeway on its shared grid, so the two wake with the
    // same slack.
    source.schedule(
      deadline: .now() + .nanoseconds(nanoseconds), repeating: .nanoseconds(nanoseconds),
      leeway: .nanoseconds(nanoseconds / 10))
    source.setEventHandler { [counter] in counter.value += 1 }
    source.activate()
    self.source = source
  }

  func wakeups() -> Int {
    queue.sync { counter.value }
  }

  mutating func stop() {
    source?.cancel()
    source = nil
    queue.sync {}
  }
}
