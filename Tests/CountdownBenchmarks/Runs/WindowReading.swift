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

  /// Sleeps through the plan's warmup, then takes the window: `callbacks` is read at both ends
  /// on `queue` (the context that runs the callbacks), so each reading sees a whole tick.
  static func measure(
    _ plan: WindowPlan, setup: Int64, on queue: DispatchQueue, callbacks: () -> Int
  ) -> WindowSample {
    ProcessProbe.sleep(until: ProcessProbe.now() + plan.warmupNanoseconds)
    let start = queue.sync { take(callbacks: callbacks()) }
    ProcessProbe.sleep(until: start.wall + plan.windowNanoseconds)
    let end = queue.sync { take(callbacks: callbacks()) }
    return sample(from: start, to: end, setup: setup)
  }

  static func sample(
    from start: WindowReading, to end: WindowReading, setup: Int64
  ) -> WindowSample {
    WindowSample(
      callbacks: end.callbacks - start.callbacks, cpuNanoseconds: end.cpu - start.cpu,
      wallNanoseconds: end.wall - start.wall, setupNanoseconds: setup)
  }
}
