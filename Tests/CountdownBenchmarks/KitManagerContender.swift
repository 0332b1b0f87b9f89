import CountdownKit
import Foundation

/// Ours end to end: a ``CountdownKit/CountdownManager`` on the real continuous clock, delivering on
/// the main queue to `@MainActor` callbacks, registered the way an app does it
/// (`manager.start(cell, for: duration) { cell, remaining, stop in … }`).
///
/// Main-queue deliveries only run while the main thread serves its run loop, so the harness (the
/// test, on the main thread) spins `RunLoop.main` for the warmup and the window instead of
/// sleeping. Between two spins no pass can be running, so the engine's delivery counter is read
/// on the main thread without a race.
struct KitManagerContender: RealTimerContender {
  static let label = "ours (Kit manager, main actor)"
  var label: String { Self.label }
  var maxReceivers: Int
  /// How far the countdowns' values went down in the last `run`'s window, summed over all of them
  /// (a class, since `run` is non-mutating).
  let valueSteps = ValueStepsBox()

  func run(_ plan: WindowPlan) throws -> WindowSample {
    // XCTest runs test methods on the main thread.
    try MainActor.assumeIsolated { try runOnMainActor(plan) }
  }

  @MainActor
  private func runOnMainActor(_ plan: WindowPlan) throws -> WindowSample {
    let n = plan.receivers
    let interval = plan.interval.benchmarkNanoseconds
    let manager = try CountdownManager(interval: plan.interval)
    let slots = ValueSlots(count: n)
    let receivers = KitReceiver.make(n)
    let stamps = plan.stampedTicks.map { PassStamps(receivers: n, passes: $0.upperBound + 10) }

    let setupStart = ProcessProbe.now()
    for index in 0..<n {
      try manager.start(receivers[index], for: .seconds(3600)) { _, remaining, _ in
        slots.store(remaining, at: index)
        stamps?.record()
      }
    }
    let setup = ProcessProbe.now() - setupStart
    // Stamped passes are numbered from the end of setup (slow in debug builds); the first one
    // is the prompt first delivery.
    stamps?.start()

    Self.spinMainRunLoop(until: ProcessProbe.now() + plan.warmupNanoseconds)
    let start = WindowReading.take(callbacks: manager.engine.statistics.deliveries)
    let sumAtStart = slots.sum()
    Self.spinMainRunLoop(until: start.wall + plan.windowNanoseconds)
    let end = WindowReading.take(callbacks: manager.engine.statistics.deliveries)
    valueSteps.value = sumAtStart - slots.sum()
    var sample = WindowReading.sample(from: start, to: end, setup: setup)

    manager.engine.cancelAll()
    // Let a pass already queued on the main queue run (it finds nothing to deliver).
    Self.spinMainRunLoop(until: ProcessProbe.now() + interval)
    if let stamps, let ticks = plan.stampedTicks {
      sample.spread = stamps.spreads(passes: ticks, gap: interval / 2)
    }
    withExtendedLifetime(receivers) {}
    return sample
  }

  /// Serves the main run loop (and so the main queue) until the monotonic clock reads `deadline`.
  @MainActor
  static func spinMainRunLoop(until deadline: Int64) {
    while true {
      let left = deadline - ProcessProbe.now()
      guard left > 0 else { return }
      _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: Double(left) / 1e9))
    }
  }
}

/// The value steps of the Kit row's last window.
final class ValueStepsBox: @unchecked Sendable {
  // @unchecked Sendable: written by `run` on the main thread and read after it returned, on the
  // same thread (the harness's).
  var value: Int?
}

/// A receiver as an app has it: a plain (non-Sendable) final class, a cell or a view model.
final class KitReceiver {
  static func make(_ count: Int) -> ContiguousArray<KitReceiver> {
    var receivers = ContiguousArray<KitReceiver>()
    receivers.reserveCapacity(count)
    for _ in 0..<count { receivers.append(KitReceiver()) }
    return receivers
  }
}

/// The time of the first and the last callback of each pass on the main actor after ``start()``.
///
/// The Kit row registers with `for: duration`, so each countdown has its own deadline (they were
/// registered microseconds apart) and its value is no tick number shared by all. Every pass
/// delivers every countdown (each value changes once per interval), so callbacks are counted: pass
/// k is callbacks k·N to k·N + N − 1, and only its first and last read the clock (a clock read
/// costs about 40 ns here; see ``TickStamps``). A pass that delivered fewer than N would shift the
/// blocks; such a block spans two passes, over half an interval, and is not counted as complete.
/// Written and read only on the main actor.
@MainActor
final class PassStamps {
  private let receivers: Int
  private let firstStamps: ValueSlots
  private let lastStamps: ValueSlots
  private var count = 0
  private var isStarted = false

  init(receivers: Int, passes: Int) {
    self.receivers = receivers
    firstStamps = ValueSlots(count: passes)
    lastStamps = ValueSlots(count: passes)
  }

  func start() {
    isStarted = true
  }

  @inline(__always)
  func record() {
    guard isStarted else { return }
    let (pass, position) = count.quotientAndRemainder(dividingBy: receivers)
    count += 1
    guard pass < firstStamps.count else { return }
    if position == 0 { firstStamps[pass] = Int(ProcessProbe.now()) }
    if position == receivers - 1 { lastStamps[pass] = Int(ProcessProbe.now()) }
  }

  /// The median and worst spread (last minus first callback) of the passes numbered `passes`
  /// (pass 0: the first after ``start()``) that delivered every countdown within `gap`, how many
  /// did, and how many callbacks the first of them made.
  func spreads(
    passes: ClosedRange<Int>, gap: Int64
  ) -> (median: Int, worst: Int, completeTicks: Int, reached: Int) {
    var spreads: [Int] = []
    for pass in passes where pass < firstStamps.count && (pass + 1) * receivers <= count {
      let spread = lastStamps[pass] - firstStamps[pass]
      if spread <= gap { spreads.append(spread) }
    }
    let reached = min(receivers, max(0, count - passes.lowerBound * receivers))
    spreads.sort()
    guard !spreads.isEmpty else { return (0, 0, 0, reached) }
    return (spreads[spreads.count / 2], spreads.last!, spreads.count, reached)
  }
}
