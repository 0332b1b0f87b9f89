import Dispatch

/// F at one N: fills a ``SevenBucketTimerManager`` once and reuses it for every figure (filling
/// it is quadratic, seconds at 10⁵), in this order: register, tick alone, the real-timer window,
/// cancel.
final class SevenBucketRun {
  static let label = "F: 7-bucket port (original design)"

  let receivers: ContiguousArray<BenchmarkReceiver>
  private let callbacks: ContiguousArray<SevenBucketCallback>
  private let slots: ValueSlots
  private let stamps: TickStamps?
  private let manager: SevenBucketTimerManager
  private let initial = 1 << 40

  init(receivers n: Int, interval: Duration, stampedTicks: ClosedRange<Int>? = nil) {
    receivers = BenchmarkReceiver.make(n)
    let slots = ValueSlots(count: n, repeating: 1 << 40)
    let stamps = stampedTicks.map {
      TickStamps(receivers: n, firstTick: $0.lowerBound, ticks: $0.count, initialValue: 1 << 40)
    }
    var callbacks = ContiguousArray<SevenBucketCallback>()
    callbacks.reserveCapacity(n)
    for index in 0..<n {
      callbacks.append { lefttime, _ in
        slots.store(lefttime, at: index)
        stamps?.record(value: lefttime)
      }
    }
    self.callbacks = callbacks
    self.slots = slots
    self.stamps = stamps
    manager = SevenBucketTimerManager(interval: interval, startsTimerOnRegister: false)
  }

  /// Registers every receiver; returns the calling thread's CPU ns per register.
  func registerAll() -> Double {
    let start = ProcessProbe.threadCPU()
    for index in receivers.indices {
      manager.register(receivers[index], ticks: initial, callback: callbacks[index])
    }
    return Double(ProcessProbe.threadCPU() - start) / Double(receivers.count)
  }

  /// Drives `ticks` ticks directly, no timer; returns the calling thread's CPU ns per receiver per tick.
  func tickCost(ticks: Int) -> Double {
    let start = ProcessProbe.threadCPU()
    for _ in 0..<ticks { manager.tickDirectly() }
    return Double(ProcessProbe.threadCPU() - start) / Double(ticks * receivers.count)
  }

  /// Runs the real timer for the warmup and the window.
  func window(_ plan: WindowPlan) -> WindowSample {
    let queue = manager.deliveryQueue
    // Counters go down by one per callback from where they stand now.
    let before = queue.sync { slots.sum() }
    let setupStart = ProcessProbe.now()
    manager.startTimer()
    let setup = ProcessProbe.now() - setupStart
    var sample = WindowReading.measure(plan, setup: setup, on: queue) { before - slots.sum() }
    manager.stopTimer()
    sample.spread = stamps?.spreads()
    return sample
  }

  /// Cancels every receiver; returns the calling thread's CPU ns per cancel.
  func cancelAll() -> Double {
    let start = ProcessProbe.threadCPU()
    for receiver in receivers { manager.cancel(receiver) }
    return Double(ProcessProbe.threadCPU() - start) / Double(receivers.count)
  }

  var count: Int { manager.count }
}
