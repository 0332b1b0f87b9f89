/// How far apart one tick's deliveries are (labels that should flip together): the time of each
/// stamped tick's first and last callback.
///
/// Countdowns count down by one per tick from a known initial value, so a callback's value tells
/// its tick. Only the first and the last callback of a tick read the clock (a count per tick tells
/// which they are): a clock read per callback would add its own cost to the spread of every
/// delivery and measure the probe rather than the alternative.
///
/// Callbacks must be serialized: every alternative but C runs them on one serial queue or thread;
/// C's tasks run concurrently and pass a lock (``init(receivers:firstTick:ticks:initialValue:lock:)``).
final class TickStamps: @unchecked Sendable {
  // @unchecked Sendable: `initialValue` is set before the callbacks start, or later only on the
  // serial queue that runs them (``restart(from:)`` is called inside `queue.sync`); the counts
  // and stamps are written only by the callbacks, which are serialized (by their queue or thread,
  // or by `lock`), and read after that context has been joined (see ``ValueSlots``).
  let receivers: Int
  let firstTick: Int
  let ticks: Int
  private(set) var initialValue: Int
  private let lock: HarnessLock?
  private let counts: ValueSlots
  private let firstStamps: ValueSlots
  private let lastStamps: ValueSlots

  init(receivers: Int, firstTick: Int, ticks: Int, initialValue: Int, lock: HarnessLock? = nil) {
    self.receivers = receivers
    self.firstTick = firstTick
    self.ticks = ticks
    self.initialValue = initialValue
    self.lock = lock
    counts = ValueSlots(count: ticks)
    firstStamps = ValueSlots(count: ticks)
    lastStamps = ValueSlots(count: ticks)
  }

  /// Counts ticks from now on, when the countdowns show `value`. Call on the callbacks' serial
  /// queue.
  func restart(from value: Int) {
    initialValue = value
  }

  /// Counts a callback with `value`, and stamps the time if it is the first or the last of one of
  /// the stamped ticks.
  @inline(__always)
  func record(value: Int) {
    let tick = initialValue - value - firstTick
    guard tick >= 0, tick < ticks else { return }
    if let lock {
      lock.withLock { count(tick: tick) }
    } else {
      count(tick: tick)
    }
  }

  @inline(__always)
  private func count(tick: Int) {
    let seen = counts[tick] + 1
    counts[tick] = seen
    if seen == 1 { firstStamps[tick] = Int(ProcessProbe.now()) }
    if seen == receivers { lastStamps[tick] = Int(ProcessProbe.now()) }
  }

  /// The median and the worst spread (last minus first call) over the ticks every countdown
  /// reached, how many ticks that was, and how many countdowns reached the first one.
  func spreads() -> (median: Int, worst: Int, completeTicks: Int, reached: Int) {
    var spreads: [Int] = []
    for tick in 0..<ticks where counts[tick] == receivers {
      spreads.append(lastStamps[tick] - firstStamps[tick])
    }
    spreads.sort()
    let reached = ticks > 0 ? counts[0] : 0
    guard !spreads.isEmpty else { return (0, 0, 0, reached) }
    return (spreads[spreads.count / 2], spreads.last!, spreads.count, reached)
  }
}
