import CountdownCore

/// The consuming side of ``CountdownManager/phaseUpdates(plan:whileSuspended:delivering:)``: the
/// sequence's handler merges each update into the one pending (so a consumer that falls behind
/// gets the newest position and every end, in bounded memory) and signals it; ``next()`` waits
/// for a signal and takes what is pending.
final class PhaseUpdateReader: @unchecked Sendable {
  // @unchecked Sendable: `signals` is used by one consumer at a time, as an `AsyncStream`'s
  // iterator must be (the unfolding sequence that calls `next()` has one iterator, called by one
  // task at a time); `pending` is behind its own lock.
  private var signals: AsyncStream<Void>.Iterator
  private let pending: Pending

  /// The update not taken yet, every one delivered since the last taken merged into it.
  typealias Pending = LockedState<CountdownPhaseUpdate?>

  /// A reader of `signals`, each telling of an update merged into `pending`.
  init(_ signals: AsyncStream<Void>, pending: Pending) {
    self.signals = signals.makeAsyncIterator()
    self.pending = pending
  }

  /// Merges `update` into the pending one: what the sequence's handler does before it signals.
  static func deliver(_ update: CountdownPhaseUpdate, to pending: Pending) {
    #if COUNTDOWN_CHECK_INVARIANTS
      // The simulation's self-test: the older updates dropped.
      if PlantedFault.current == .streamDropsEarlierEnds { return pending.withLock { $0 = update } }
    #endif
    pending.withLock { $0 = $0.map { $0.merged(with: update) } ?? update }
  }

  /// The next update; `nil` once the sequence finished (after its last update) or the consuming
  /// task was cancelled.
  func next() async -> CountdownPhaseUpdate? {
    while true {
      var iterator = signals
      let signal: Void? = await iterator.next()
      signals = iterator
      // Cancelled: nothing more, not even what is pending.
      if signal == nil, Task.isCancelled { return nil }
      if let update = pending.withLock({ pending in
        defer { pending = nil }
        return pending
      }) {
        return update
      }
      if signal == nil { return nil }
    }
  }
}
