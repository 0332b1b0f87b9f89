/// When each countdown's callbacks for a run of consecutive ticks happened, to measure how far
/// apart one tick's deliveries are (labels that should flip together).
///
/// Countdowns count down by one per tick from a known initial value, so a callback's value tells
/// its tick. Each (tick, countdown) cell is written only from the context that runs that
/// countdown's callbacks and read after that context has been joined (see ``ValueSlots``).
final class TickStamps: @unchecked Sendable {
  // @unchecked Sendable: `initialValue` is set before the callbacks start, or later only on the
  // serial queue that runs them (``restart(from:)`` is called inside `queue.sync`); the stamps
  // follow the rules of ``ValueSlots``.
  let receivers: Int
  let firstTick: Int
  let ticks: Int
  private(set) var initialValue: Int
  private let stamps: ValueSlots

  init(receivers: Int, firstTick: Int, ticks: Int, initialValue: Int) {
    self.receivers = receivers
    self.firstTick = firstTick
    self.ticks = ticks
    self.initialValue = initialValue
    stamps = ValueSlots(count: receivers * ticks)
  }

  /// Counts ticks from now on, when the countdowns show `value`. Call on the callbacks' serial
  /// queue.
  func restart(from value: Int) {
    initialValue = value
  }

  /// Records now as the time countdown `index` was called with `value`, if that value belongs to
  /// one of the stamped ticks.
  @inline(__always)
  func record(value: Int, at index: Int) {
    let tick = initialValue - value - firstTick
    if tick >= 0, tick < ticks {
      stamps.store(Int(ProcessProbe.now()), at: tick * receivers + index)
    }
  }

  /// The median and the worst spread (last minus first call) over the ticks every countdown
  /// reached, and how many ticks that was.
  func spreads() -> (median: Int, worst: Int, completeTicks: Int, reached: Int) {
    var spreads: [Int] = []
    var reached = 0
    for tick in 0..<ticks {
      var low = Int.max
      var high = Int.min
      var stamped = 0
      for index in 0..<receivers {
        let stamp = stamps[tick * receivers + index]
        guard stamp != 0 else { continue }
        low = min(low, stamp)
        high = max(high, stamp)
        stamped += 1
      }
      if tick == 0 { reached = stamped }
      if stamped == receivers { spreads.append(high - low) }
    }
    spreads.sort()
    guard !spreads.isEmpty else { return (0, 0, 0, reached) }
    return (spreads[spreads.count / 2], spreads.last!, spreads.count, reached)
  }
}
