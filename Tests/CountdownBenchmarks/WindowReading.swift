import CountdownCore

/// The window's two readings, taken in the context that runs the callbacks.
struct WindowReading {
  var callbacks: Int
  var cpu: Int64
  var wall: Int64

  static func take(callbacks: Int) -> WindowReading {
    WindowReading(callbacks: callbacks, cpu: ProcessUsage.cpuNanoseconds(), wall: ProcessProbe.now())
  }

  static func sample(
    from start: WindowReading, to end: WindowReading, setup: Int64
  ) -> WindowSample {
    WindowSample(
      callbacks: end.callbacks - start.callbacks, cpuNanoseconds: end.cpu - start.cpu,
      wallNanoseconds: end.wall - start.wall, setupNanoseconds: setup)
  }
}
