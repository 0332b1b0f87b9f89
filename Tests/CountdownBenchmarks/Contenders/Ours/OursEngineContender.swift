import CountdownCore
import Dispatch

/// Ours: the Core engine with the real continuous clock, delivering on its own serial queue.
///
/// Every receiver counts down to the same deadline an hour away (a flash-sale list), so each
/// 10 ms tick changes every value and delivers every receiver.
struct OursEngineContender: RealTimerContender {
  var label: String { ResultTable.ours }
  var maxReceivers: Int { .max }

  /// Registration and cancel latency measured while the engine ticks: the mean and the 99th
  /// percentile in ns, the worst in µs. The worst alone mostly shows the test thread being
  /// preempted on a 2-core machine; the percentile shows whether operations wait for the lock.
  struct WhileTicking {
    var registerMean: Double
    var registerP99: Double
    var registerWorst: Double
    var cancelMean: Double
    var cancelP99: Double
    var cancelWorst: Double
  }

  /// When set, `run` also times this many registrations and cancels, one by one, after the
  /// window, while the N receivers keep ticking.
  var whileTickingOperations: Int?
  /// The last `run`'s while-ticking figures (a class, since `run` is non-mutating).
  let whileTicking = WhileTickingBox()

  func run(_ plan: WindowPlan) throws -> WindowSample {
    let n = plan.receivers
    let queue = DispatchQueue(label: "benchmark.ours.delivery")
    let engine = try CountdownEngine(interval: plan.interval, clock: .continuous, deliveryQueue: queue)
    let slots = ValueSlots(count: n)
    let receivers = BenchmarkReceiver.make(n)
    let deadline = try ContinuousCountdownClock().now.exactlyAdvanced(by: .seconds(3600))
    let initial = Int(3600 * 1_000_000_000 / plan.interval.nanosecondsSaturating)
    let stamps = plan.makeStamps(initialValue: initial)

    let setupStart = ProcessProbe.now()
    for index in 0..<n {
      try engine.register(receivers[index], .deadline(deadline)) { value, _ in
        slots.store(value, at: index)
        stamps?.record(value: value)
      }
    }
    let setup = ProcessProbe.now() - setupStart
    if let stamps {
      // Number the stamped ticks from the end of setup (which is slow in debug and TSan builds).
      queue.sync { stamps.restart(from: engine.value(for: receivers[0]) ?? initial) }
    }

    // Each receiver's first value is one delivery, its registration's: the rest are the timer's.
    var sample = WindowReading.measure(plan, setup: setup, on: queue) { Int(engine.statistics.deliveries) - n }

    if let operations = whileTickingOperations {
      whileTicking.value = try Self.timeWhileTicking(engine, operations: operations, plan: plan)
    }

    engine.cancelAll()
    queue.sync {}
    sample.spread = stamps?.spreads()
    withExtendedLifetime(receivers) {}
    return sample
  }

  /// Registers `operations` new receivers one by one and then cancels them, timing each call,
  /// while the engine's N receivers tick on the real clock.
  private static func timeWhileTicking(
    _ engine: CountdownEngine, operations: Int, plan: WindowPlan
  ) throws -> WhileTicking {
    let extra = BenchmarkReceiver.make(operations)
    let slots = ValueSlots(count: operations)
    let target = CountdownTarget.duration(.seconds(3600))
    let overhead = ProcessProbe.timingOverhead()
    var registerTimes: [Int64] = []
    registerTimes.reserveCapacity(operations)
    for index in 0..<operations {
      let start = ProcessProbe.now()
      try engine.register(extra[index], target) { value, _ in slots.store(value, at: index) }
      registerTimes.append(ProcessProbe.now() - start - overhead)
    }
    var cancelTimes: [Int64] = []
    cancelTimes.reserveCapacity(operations)
    for index in 0..<operations {
      let start = ProcessProbe.now()
      engine.cancel(extra[index])
      cancelTimes.append(ProcessProbe.now() - start - overhead)
    }
    let register = Self.summary(registerTimes)
    let cancel = Self.summary(cancelTimes)
    return WhileTicking(
      registerMean: register.mean, registerP99: register.p99, registerWorst: register.worst,
      cancelMean: cancel.mean, cancelP99: cancel.p99, cancelWorst: cancel.worst)
  }

  /// Mean and 99th percentile in ns (never below 0), worst in µs.
  private static func summary(_ times: [Int64]) -> (mean: Double, p99: Double, worst: Double) {
    let sorted = times.sorted()
    let total = sorted.reduce(0, +)
    let p99 = sorted[min(sorted.count - 1, sorted.count * 99 / 100)]
    return (
      max(0, Double(total) / Double(sorted.count)), max(0, Double(p99)), Double(sorted.last ?? 0) / 1_000
    )
  }
}
