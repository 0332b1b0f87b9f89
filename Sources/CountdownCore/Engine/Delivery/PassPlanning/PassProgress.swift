extension CountdownEngine {
  /// Where a delivery pass stands between its chunks, and what it has counted.
  struct PassProgress {
    /// The next position in the list of prompt deliveries owed, or in the list of an end pass.
    var listCursor = 0
    /// The next pool position the walk looks at (it walks downward); below 0 when there is
    /// nothing to walk, or nothing left.
    var walkCursor: Int
    /// The earliest change seen so far, on the clock.
    var earliest = Int64.max
    /// Registrations that ran out or set `stop`, removed under the next chunk's lock.
    var ended: [EngineState.PendingDelivery] = []
    /// Milestone callbacks skipped since the last lock, planned again under the next one.
    var skippedMilestones: [SkippedMilestone] = []
    /// Paused registrations whose receivers are checked outside the lock.
    var pausedProbes: [PausedProbe] = []
    /// Whether a window pass found none of the wheel's entries held any more: each was moved on or
    /// removed (``EngineState/prepareWheel(_:progress:into:)``).
    var releasedHeldEntries = false
    /// Next changes this chunk noted for the state's index (the ends to come, or the wheel), handed
    /// to it under the same lock (``EngineState/schedule(_:)``).
    var scheduled: [ScheduledChange] = []
    /// Callbacks made and not yet added to the statistics (added under the next lock).
    var uncounted = 0
    /// Callbacks made by the whole pass.
    var delivered = 0
    /// Registrations looked at by the whole pass.
    var examined = 0
    /// Registrations the pass may look at beyond what it delivers and one chunk (the engine's cost
    /// rule, ``EngineState/checkWakeupCost(_:)``): the table for a walk that is due, the entries
    /// taken from an index, the registrations looked up.
    var allowance = 0

    init(_ kind: PassKind) {
      switch kind {
      case .tick, .promptDeliveriesByWalk: walkCursor = .max
      case .promptDeliveries, .ends, .windows: walkCursor = -1
      }
    }

    /// Whether nothing is left to prepare (what the last chunk ended is removed by the lock that
    /// finishes the pass).
    func preparedAll(_ kind: PassKind) -> Bool {
      guard walkCursor < 0 else { return false }
      switch kind {
      case .promptDeliveries(let pending): return listCursor >= pending.count
      case .ends(let entries, _): return listCursor >= entries.count
      case .windows(_, let pending):
        return listCursor >= pending.count && releasedHeldEntries
      case .tick, .promptDeliveriesByWalk: return true
      }
    }
  }
}
