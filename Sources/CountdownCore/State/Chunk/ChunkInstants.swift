/// The instants one chunk's values are computed for, on the clock's time and on the engine's
/// running time (for ``SuspensionPolicy/pauses``), and what else its preparation reads of the state
/// beside the nodes: the grid, which index the next changes go to, the milestones. Read once per
/// chunk, under the lock, so that the walk's loops keep it in locals.
struct ChunkInstants {
  let grid: WakeupGrid
  /// Every change waits in the wheel (per-countdown alignment).
  let usesWheel: Bool
  /// The pass is a tick or a window pass (it stands for a grid instant).
  let isTick: Bool
  /// The pass is a tick's walk that rebuilds the wheel.
  let rebuildsWheel: Bool
  /// The grid instant of the pass's wakeup (for first-delivery passes: unused).
  let tick: Int64
  /// ``tick`` on the engine's running time (for ``SuspensionPolicy/pauses``).
  let tickRunning: Int64
  /// The grid instant the labels stand for: the tick's, or for an ends pass the last grid
  /// instant by its start, where a countdown counting overtime found late shows its value.
  let labels: Int64
  /// ``labels`` on the engine's running time.
  let labelsRunning: Int64
  /// Prompt deliveries' (``EngineState/promptDeliveryInstant(preparedAt:tick:)``, rule 7).
  let promptDelivery: Int64
  /// ``promptDelivery`` on the engine's running time.
  let promptDeliveryRunning: Int64
  /// The instant ends are due by: at or after `tick` (see ``InstantsActedOn/endInstant``).
  let end: Int64
  /// ``end`` on the engine's running time.
  let endRunning: Int64
  /// Running time plus this is clock time.
  /// The clock reading the chunk is prepared at, and on running time: a walk passes every segment
  /// end due by then (an end pass stands for its window, which a resume or a stall leaves behind).
  let reading: Int64
  let readingRunning: Int64
  let suspendedTotal: Int64
  /// Where a registration delivered at milestones finds them (``RegistrationSlots/milestones(of:)``).
  let slots: RegistrationSlots

  /// The instant `timing`'s value is computed for: a prompt delivery's, an end's (a registration
  /// at its last value), or the tick's.
  @inline(__always)
  func instant(for timing: CountdownTiming) -> Int64 {
    let isPrompt = timing.awaitsPromptDelivery
    let isEnd = timing.isAtItsLastValue
    if timing.policy == .pauses {
      return isPrompt
        ? promptDeliveryRunning : isEnd ? Self.end(of: timing, end: endRunning, tick: labelsRunning) : tickRunning
    }
    return isPrompt ? promptDelivery : isEnd ? Self.end(of: timing, end: end, tick: labels) : tick
  }

  /// An end's instant: the wakeup's `end`. A countdown counting overtime goes on below 0 on the
  /// labels' grid, so one whose end is found late is computed for the wakeup's grid instant, never
  /// before its deadline.
  @inline(__always)
  private static func end(of timing: CountdownTiming, end: Int64, tick: Int64) -> Int64 {
    guard timing.countsOvertime else { return end }
    return min(end, max(tick, timing.deadlineOrStart))
  }

  /// When a paused registration this chunk probes is probed next: at the next instant of the
  /// probe grid, within a probe period (``WakeupGrid/nextProbe(after:)``; at the clock's last
  /// instant if that lies past it), so that only paused countdowns cost one wakeup a minute, all
  /// of them together, not one per interval or window, nor one per countdown; a walk the engine
  /// makes meanwhile probes them anyway. `nil` for a chunk at the clock's last instant, after
  /// which there is none.
  var nextProbe: Int64? {
    let base = max(tick, promptDelivery)
    return base == .max ? nil : grid.nextProbe(after: base)
  }
}
