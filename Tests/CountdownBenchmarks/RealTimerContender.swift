/// One way of running N countdowns on real timers at 100 Hz, measured over a fixed wall window.
///
/// To add an alternative (the lead's CountdownKit end-to-end row, on the main actor, is the next
/// one), write a type conforming to this protocol and add it to
/// ``ComparisonRun/realTimerContenders``. A contender that delivers on the main queue must spin
/// the main run loop while it waits instead of sleeping the thread.
protocol RealTimerContender {
  /// The text of the table's "alternative" column.
  var label: String { get }
  /// The largest N this alternative is run at; larger N are printed as "capped".
  var maxReceivers: Int { get }
  /// Starts `plan.receivers` countdowns, runs them for the warmup, measures the window, stops them
  /// and frees them.
  func run(_ plan: WindowPlan) throws -> WindowSample
}

/// What a contender is asked to do.
struct WindowPlan {
  var receivers: Int
  var interval: Duration
  var warmupNanoseconds: Int64
  var windowNanoseconds: Int64
  /// When set, each countdown stamps the time of its deliveries for these ticks (counted from its
  /// start), and the sample reports how far apart each tick's deliveries were.
  var stampedTicks: ClosedRange<Int>?

  /// The stamps for a countdown family whose first value is `initialValue`, if asked for; with a
  /// lock if the alternative runs its callbacks concurrently.
  func makeStamps(initialValue: Int, concurrentCallbacks: Bool = false) -> TickStamps? {
    stampedTicks.map {
      TickStamps(
        receivers: receivers, firstTick: $0.lowerBound, ticks: $0.count, initialValue: initialValue,
        lock: concurrentCallbacks ? HarnessLock() : nil)
    }
  }
}

/// What a contender saw in its window.
struct WindowSample {
  var callbacks: Int
  var cpuNanoseconds: Int64
  var wallNanoseconds: Int64
  /// Time to create the N countdowns.
  var setupNanoseconds: Int64
  /// How far apart the stamped ticks' deliveries were.
  var spread: (median: Int, worst: Int, completeTicks: Int, reached: Int)?

  var cpuPerCallback: Double? {
    callbacks > 0 ? Double(cpuNanoseconds) / Double(callbacks) : nil
  }

  /// Deliveries per countdown per second: 100 when every countdown keeps the 100 Hz pace.
  func tickRate(receivers: Int) -> Double {
    wallNanoseconds > 0 ? Double(callbacks) / Double(receivers) / (Double(wallNanoseconds) / 1e9) : 0
  }
}

/// Where a measured window starts and ends, for alternatives whose callbacks must themselves tell
/// (a run-loop thread, or tasks on the cooperative pool, where the harness cannot read the
/// counters while they run without a race).
final class WindowBounds: @unchecked Sendable {
  // @unchecked Sendable: `start` and `end` are read and written only while holding `lock`.
  private let lock = HarnessLock()
  private var start = Int64.max
  private var end = Int64.max

  enum Phase { case before, inside, after }

  func set(start: Int64, end: Int64) {
    lock.withLock {
      self.start = start
      self.end = end
    }
  }

  func phase(at time: Int64) -> Phase {
    lock.withLock { time < start ? .before : time < end ? .inside : .after }
  }
}

/// The window's two readings, taken in the context that runs the callbacks.
struct WindowReading {
  var callbacks: Int
  var cpu: Int64
  var wall: Int64

  static func take(callbacks: Int) -> WindowReading {
    WindowReading(callbacks: callbacks, cpu: ProcessProbe.cpuNanoseconds(), wall: ProcessProbe.now())
  }

  static func sample(
    from start: WindowReading, to end: WindowReading, setup: Int64
  ) -> WindowSample {
    WindowSample(
      callbacks: end.callbacks - start.callbacks, cpuNanoseconds: end.cpu - start.cpu,
      wallNanoseconds: end.wall - start.wall, setupNanoseconds: setup)
  }
}
