import CountdownCore
import Dispatch

/// Ours at one N with no real timer: a ``ManualCountdownClock`` engine delivering on the main
/// queue, so `advance` runs each tick's whole delivery pass inline on the calling (main) thread.
/// Used for register, the tick alone, cancel and resident bytes, in that order.
///
/// Must be used on the main thread (XCTest runs test methods there).
final class OursManualRun {
  let receivers: ContiguousArray<BenchmarkReceiver>
  let clock = ManualCountdownClock()
  let engine: CountdownEngine
  private let interval: Duration
  /// The value each receiver was last given.
  let slots: ValueSlots
  private let cancelOrder: [Int]
  /// The engine's deliveries before the last ``registerAll()``.
  private var deliveriesBeforeRegistering: Int64 = 0

  init(receivers n: Int, interval: Duration) throws {
    self.interval = interval
    receivers = BenchmarkReceiver.make(n)
    slots = ValueSlots(count: n)
    cancelOrder = ShuffledOrder.make(n)
    engine = try CountdownEngine(interval: interval, clock: clock, deliveryQueue: .main)
  }

  /// Registers every receiver (all to one deadline an hour away), making each handler in the
  /// loop as an app does; returns the calling thread's CPU ns per register. On the main thread,
  /// the engine's delivery queue, each registration makes its first delivery inside the call: the
  /// figure includes it.
  func registerAll() throws -> Double {
    let deadline = try clock.now.exactlyAdvanced(by: .seconds(3600))
    let slots = slots
    deliveriesBeforeRegistering = engine.statistics.deliveries
    let start = ProcessProbe.threadCPU()
    for index in receivers.indices {
      try engine.register(receivers[index], .deadline(deadline)) { value, _ in slots.store(value, at: index) }
    }
    return Double(ProcessProbe.threadCPU() - start) / Double(receivers.count)
  }

  /// Makes the prompt deliveries still owed (none: each registration made its own, inside the
  /// call); returns how many first values the registrations of the last ``registerAll()`` got.
  func flushPromptDeliveries() throws -> Int {
    try clock.advance(by: .zero)
    return Int(engine.statistics.deliveries - deliveriesBeforeRegistering)
  }

  /// Advances the clock by one interval `ticks` times; returns the calling thread's CPU ns per receiver per tick and the
  /// number of callbacks made (every receiver, every tick).
  func tickCost(ticks: Int) throws -> (nanoseconds: Double, callbacks: Int) {
    let before = engine.statistics.deliveries
    let start = ProcessProbe.threadCPU()
    for _ in 0..<ticks { try clock.advance(by: interval) }
    let elapsed = ProcessProbe.threadCPU() - start
    let callbacks = Int(engine.statistics.deliveries - before)
    return (Double(elapsed) / Double(max(callbacks, 1)), callbacks)
  }

  /// Cancels every receiver in a shuffled order; returns the calling thread's CPU ns per cancel.
  func cancelAll() -> Double {
    let start = ProcessProbe.threadCPU()
    for index in cancelOrder { engine.cancel(receivers[index]) }
    return Double(ProcessProbe.threadCPU() - start) / Double(receivers.count)
  }
}
