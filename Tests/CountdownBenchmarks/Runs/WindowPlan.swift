import CountdownCore
import CountdownProcessUsage

/// What a contender is asked to do.
struct WindowPlan {
  var receivers: Int
  var interval: Duration
  var warmupNanoseconds: Int64
  var windowNanoseconds: Int64
  /// When set, each countdown stamps the time of its deliveries for these ticks (counted from its
  /// start), and the sample reports how far apart each tick's deliveries were.
  var stampedTicks: ClosedRange<Int>?
  /// How long the window waits, at most, for the contender's first callback: it starts after the
  /// warm-up and not before that callback, so that a contender that a loaded machine kept from
  /// starting is measured once it runs, and one that never calls back is told apart in bounded time.
  var firstCallbackTimeoutNanoseconds: Int64 = 5_000_000_000

  /// The stamps for a countdown family whose first value is `initialValue`, if asked for; with a
  /// lock if the alternative runs its callbacks concurrently.
  func makeStamps(initialValue: Int, concurrentCallbacks: Bool = false) -> TickStamps? {
    stampedTicks.map {
      TickStamps(
        receivers: receivers, firstTick: $0.lowerBound, ticks: $0.count, initialValue: initialValue,
        lock: concurrentCallbacks ? HarnessLock() : nil)
    }
  }

  /// For alternatives whose callbacks check the window themselves: sets `bounds` to a window that
  /// starts after the warm-up and not before the first callback (waiting for it at most
  /// ``firstCallbackTimeoutNanoseconds``), sleeps through it, and returns the CPU time the process
  /// used in it.
  func sleepThroughWindow(settingBounds bounds: WindowBounds) -> Int64 {
    let warmupEnd = ProcessProbe.now() + warmupNanoseconds
    _ = bounds.waitForFirstCallback(until: ProcessProbe.now() + firstCallbackTimeoutNanoseconds)
    let windowStart = max(warmupEnd, ProcessProbe.now())
    bounds.set(start: windowStart, end: windowStart + windowNanoseconds)
    ProcessProbe.sleep(until: windowStart)
    let cpuStart = ProcessUsage.cpuNanoseconds()
    ProcessProbe.sleep(until: windowStart + windowNanoseconds)
    return ProcessUsage.cpuNanoseconds() - cpuStart
  }
}
