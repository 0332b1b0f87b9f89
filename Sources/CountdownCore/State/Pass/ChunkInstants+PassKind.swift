// A chunk's instants taken from its pass's kind: in the pass's room, so that the chunk's own types
// know nothing of the pass.

extension ChunkInstants {
  /// The instants of a chunk of a pass of `kind`, prepared with the clock reading `now`.
  init(_ kind: PassKind, preparedAt now: Int64, state: borrowing EngineState) {
    grid = state.grid
    usesWheel = state.usesWheel
    isTick = kind.tickInstant != nil
    // Only a tick walks: a window pass's tick instant comes with the held entries it visits.
    if case .tick = kind { rebuildsWheel = usesWheel } else { rebuildsWheel = false }
    tick = kind.tickInstant ?? .min
    tickRunning = state.suspension.runningTime(at: tick)
    labels = kind.labelsInstant ?? tick
    labelsRunning = state.suspension.runningTime(at: labels)
    end = state.endInstant(forTick: tick)
    endRunning = state.suspension.runningTime(at: end)
    promptDelivery = state.promptDeliveryInstant(preparedAt: now, tick: kind.tickInstant)
    promptDeliveryRunning = state.suspension.runningTime(at: promptDelivery)
    #if COUNTDOWN_CHECK_INVARIANTS
      let labels = state.actedOn.wakeupInstant
      if promptDelivery < labels {
        BrokenRuleRecorder.report(["a prompt delivery computed before the labels' instant"], "engine rules")
      }
    #endif
    reading = max(now, promptDelivery)
    readingRunning = state.suspension.runningTime(at: reading)
    suspendedTotal = state.suspension.total
    slots = state.slots
  }
}
