import CountdownCore
import CountdownProcessUsage

/// The per-wakeup row: ours at N countdowns and a bare repeating timer, window after window in
/// turn (ours, bare, ours, bare, …) in one process, so that both see the same machine.
struct WakeupRun {
  /// One contender's window: process CPU (getrusage, every thread) and its wakeups.
  struct Window {
    var cpuNanoseconds: Int64
    var wallNanoseconds: Int64
    var wakeups: Int
    /// Ours only: the engine's lock entries in the window.
    var lockEntries: Int64?

    var microsecondsPerWakeup: Double? {
      wakeups > 0 ? Double(cpuNanoseconds) / Double(wakeups) / 1_000 : nil
    }
  }

  let receivers: Int
  let interval: Duration
  let warmupNanoseconds: Int64
  let windowNanoseconds: Int64
  let windowCount: Int

  /// Each contender's windows, in the order measured.
  private(set) var ours: [Window] = []
  private(set) var bare: [Window] = []

  init(receivers: Int, interval: Duration, warmup: Duration, window: Duration, windows: Int) {
    self.receivers = receivers
    self.interval = interval
    warmupNanoseconds = warmup.nanosecondsSaturating
    windowNanoseconds = window.nanosecondsSaturating
    windowCount = windows
  }

  mutating func run(log: (String) -> Void) throws {
    for number in 1...windowCount {
      log("window \(number) of \(windowCount): ours, then the bare timer")
      var engine = OursWakeupContender(receivers: receivers, interval: interval)
      ours.append(try measure(&engine) { $0.lockEntries() })
      var timer = BareRepeatingTimer(interval: interval)
      bare.append(try measure(&timer) { _ in nil })
    }
  }

  /// Starts `contender`, lets it run through the warmup, then reads the process's CPU and the
  /// contender's wakeups at both ends of the window (each wakeup count on its own queue).
  private func measure<Contender: WakeupContender>(
    _ contender: inout Contender, lockEntries: (Contender) -> Int64?
  ) throws -> Window {
    try contender.start()
    defer { contender.stop() }
    ProcessProbe.sleep(until: ProcessProbe.now() + warmupNanoseconds)
    let startLocks = lockEntries(contender)
    let startWakeups = contender.wakeups()
    let startCPU = ProcessUsage.cpuNanoseconds()
    let startWall = ProcessProbe.now()
    ProcessProbe.sleep(until: startWall + windowNanoseconds)
    let endWakeups = contender.wakeups()
    let endCPU = ProcessUsage.cpuNanoseconds()
    let endWall = ProcessProbe.now()
    let endLocks = lockEntries(contender)
    var window = Window(
      cpuNanoseconds: endCPU - startCPU, wallNanoseconds: endWall - startWall, wakeups: endWakeups - startWakeups)
    if let startLocks, let endLocks {
      // Less the two readings of the wakeups (the statistics take the lock; the count does not).
      window.lockEntries = endLocks - startLocks - 2
    }
    return window
  }
}
