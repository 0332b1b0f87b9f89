import CountdownCore

// The updates of `phaseUpdates(plan:whileSuspended:delivering:)`, merged while they wait.
extension LatestValueReader where Value == CountdownPhaseUpdate {
  /// Merges `update` into the pending one, so that a consumer that falls behind gets the newest
  /// position and every end, in bounded memory: what the sequence's handler does before it
  /// signals.
  static func deliver(_ update: CountdownPhaseUpdate, to pending: Pending) {
    #if COUNTDOWN_CHECK_INVARIANTS
      // The simulation's self-test: the older updates dropped.
      if PlantedFault.current == .streamDropsEarlierEnds { return pending.withLock { $0 = update } }
    #endif
    pending.withLock { $0 = $0.map { $0.merged(with: update) } ?? update }
  }
}
