import CountdownCore
import CountdownProcessUsage
import Dispatch

/// The window's two readings, taken in the context that runs the callbacks.
struct WindowReading {
  var callbacks: Int
  var cpu: Int64
  var wall: Int64

  static func take(callbacks: Int) -> WindowReading {
    WindowReading(callbacks: callbacks, cpu: ProcessUsage.cpuNanoseconds(), wall: ProcessProbe.now())
  }

  /// How often a wait for the first callback looks again.
  static let pollNanoseconds: Int64 = 1_000_000

  /// Takes the window after the plan's warmup and not before the first callback (waiting for it at
  /// most ``WindowPlan/firstCallbackTimeoutNanoseconds``). `callbacks` counts
  /// the timer's callbacks since the contender started (not a first value its registration
  /// delivers), and is read on `queue` (the context that runs the callbacks), so each reading sees
  /// a whole tick.
  static func measure(
    _ plan: WindowPlan, setup: Int64, on queue: DispatchQueue, callbacks: () -> Int
  ) -> WindowSample {
    let warmupEnd = ProcessProbe.now() + plan.warmupNanoseconds
    let timeout = ProcessProbe.now() + plan.firstCallbackTimeoutNanoseconds
    while queue.sync(execute: callbacks) <= 0 && ProcessProbe.now() < timeout {
      ProcessProbe.sleep(until: min(timeout, ProcessProbe.now() + pollNanoseconds))
    }
    ProcessProbe.sleep(until: warmupEnd)
    let start = queue.sync { take(callbacks: callbacks()) }
    ProcessProbe.sleep(until: start.wall + plan.windowNanoseconds)
    let end = queue.sync { take(callbacks: callbacks()) }
    return sample(from: start, to: end, setup: setup)
  }

  /// The window from `start` to `end`; the run's callbacks are `end`'s, which counts them since
  /// the contender started.
  static func sample(
    from start: WindowReading, to end: WindowReading, setup: Int64
  ) -> WindowSample {
    WindowSample(
      callbacks: end.callbacks - start.callbacks, callbacksInRun: end.callbacks, cpuNanoseconds: end.cpu - start.cpu,
      wallNanoseconds: end.wall - start.wall, setupNanoseconds: setup)
  }
}
