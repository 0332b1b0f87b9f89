import CountdownKit
import Foundation

/// Ours end to end: a ``CountdownKit/CountdownManager`` on the real continuous clock, delivering on
/// the main queue to `@MainActor` callbacks, registered the way a flash-sale list does it: every
/// cell counts down to the same sale end (`manager.start(cell, until: saleEnd) { cell, remaining,
/// stop in … }`), so at each pass every countdown shows the same value, which tells the tick.
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
    let interval = plan.interval.nanosecondsSaturating
    let manager = try CountdownManager(interval: plan.interval)
    let slots = ValueSlots(count: n)
    let receivers = KitReceiver.make(n)
    let saleEnd = Date(timeIntervalSinceNow: 3600)
    let stamps = plan.makeStamps(initialValue: Int(Duration.seconds(3600) / plan.interval))

    let setupStart = ProcessProbe.now()
    for index in 0..<n {
      try manager.start(receivers[index], until: saleEnd) { _, remaining, _ in
        slots.store(remaining, at: index)
        stamps?.record(value: remaining)
      }
    }
    let setup = ProcessProbe.now() - setupStart
    // Stamped ticks count from the end of setup (slow in debug builds): passes queued on the main
    // queue meanwhile show larger values and are not stamped. Callbacks run on this (main) thread.
    if let stamps, let remaining = manager.timeLeft(for: receivers[0]) {
      stamps.restart(from: Int((remaining / plan.interval).rounded(.up)))
    }

    // Each countdown's first value is one delivery, its start's: the rest are the timer's.
    let timerCallbacks = { Int(manager.engine.statistics.deliveries) - n }
    let warmupEnd = ProcessProbe.now() + plan.warmupNanoseconds
    let timeout = ProcessProbe.now() + plan.firstCallbackTimeoutNanoseconds
    while timerCallbacks() <= 0 && ProcessProbe.now() < timeout {
      Self.spinMainRunLoop(until: min(timeout, ProcessProbe.now() + WindowReading.pollNanoseconds))
    }
    Self.spinMainRunLoop(until: warmupEnd)
    let start = WindowReading.take(callbacks: timerCallbacks())
    let sumAtStart = slots.sum()
    Self.spinMainRunLoop(until: start.wall + plan.windowNanoseconds)
    let end = WindowReading.take(callbacks: timerCallbacks())
    valueSteps.value = sumAtStart - slots.sum()
    var sample = WindowReading.sample(from: start, to: end, setup: setup)

    manager.engine.cancelAll()
    // Let a pass already queued on the main queue run (it finds nothing to deliver).
    Self.spinMainRunLoop(until: ProcessProbe.now() + interval)
    sample.spread = stamps?.spreads()
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
