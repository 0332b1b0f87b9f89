extension CountdownEngine {
  /// The instants one chunk's values are computed for, on the clock's time and on the engine's
  /// running time (for ``SuspensionPolicy/pauses``).
  struct ChunkInstants {
    /// The grid instant of the pass's wakeup (for first-delivery passes: unused).
    let tick: Int64
    let tickRunning: Int64
    /// First deliveries: computed when the chunk is prepared (see ``EngineState/freshInstant(preparedAt:tick:window:)``).
    let fresh: Int64
    let freshRunning: Int64
    /// Running time plus this is clock time.
    let suspendedTotal: Int64

    init(_ kind: PassKind, preparedAt now: Int64, state: EngineState, window: Int64) {
      tick = kind.tickInstant ?? .min
      tickRunning = state.runningTime(at: tick)
      fresh = state.freshInstant(preparedAt: now, tick: kind.tickInstant, window: window)
      freshRunning = state.runningTime(at: fresh)
      suspendedTotal = state.suspendedTotal
    }

    /// The instant `timing`'s value is computed for.
    @inline(__always)
    func instant(for timing: CountdownTiming) -> Int64 {
      let isFresh = timing.awaitsPromptDelivery
      if timing.policy == .pauses {
        return isFresh ? freshRunning : tickRunning
      }
      return isFresh ? fresh : tick
    }

    /// The clock instant of `change`, on `timing`'s time.
    @inline(__always)
    func clockInstant(of change: Int64, for timing: CountdownTiming) -> Int64 {
      timing.clockInstant(of: change, suspendedTotal: suspendedTotal)
    }
  }
}
