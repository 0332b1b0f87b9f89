import Dispatch

// A delivery pass from start to end, on the delivery queue: planned under the lock together with
// its first chunk (for a wakeup, in the very lock that notes it: `EngineState.timerFired`), its
// callbacks called with the lock released, chunk after chunk, and finished under one more lock
// that also re-arms the timer. What happens under each lock is the state's (`PassPlanning/`); this
// side reads the clock, takes the lock and calls the handlers. The clock is read once per pass,
// and again only before a further chunk: the callbacks in between take time.
extension CountdownEngine {
  /// Delivers everything pending: prompt deliveries of new registrations, and, after a wakeup, every
  /// registration whose value changed. Runs on the delivery queue: a queued pass, or one a clock
  /// advanced by hand settles.
  ///
  /// A tick's values are those at the grid instant its wakeup stands for (see
  /// ``EngineState/noteWakeup(at:armedFor:window:)``), so a wakeup a little early or late never
  /// makes a value skip or repeat, and every label flips in the same batch. Prompt deliveries are
  /// computed when their chunk is prepared. Since at most one pass is queued, a stalled queue never
  /// builds up a backlog of stale batches. The table is walked in chunks: each chunk is prepared
  /// under the lock (bounded work), then its callbacks run with the lock released, so a callback
  /// may call anything on this engine. The clock is read outside the lock.
  func deliverPending() {
    #if DEBUG
      dispatchPrecondition(condition: .onQueue(deliveryQueue))
    #endif
    let context = passScratch.takeContext()
    let now = clock.now.nanosecondsSinceOrigin
    var chunk = passScratch.takeChunk()
    var garbage: [CountdownHandler] = []
    let (begun, queuePass) = state.withLock { $0.passBegan(context, at: now, into: &chunk, garbage: &garbage) }
    garbage.removeAll()  // released outside the lock
    perform(EngineActions(queuePass: queuePass))
    if let (kind, progress) = begun {
      runPass(kind, progress, &chunk, context: context, reading: now)
    }
    passScratch.giveBack(chunk, context)
  }

  /// Calls the prepared chunk, then prepares and calls chunk after chunk until the pass has
  /// nothing left, and finishes it. `reading` is the clock reading the pass began with.
  func runPass(
    _ kind: PassKind, _ progress: consuming PassProgress, _ chunk: inout DeliveryChunk, context: DeliveryContext,
    reading: Int64
  ) {
    var progress = progress
    var reading = reading
    while true {
      probePausedReceivers(&progress)
      // What the last chunk ended, and the dead receivers found, are removed by the next lock:
      // the next chunk's, or the one that finishes the pass.
      let isLast = progress.preparedAll(kind)
      if !chunk.isEmpty {
        let made = call(chunk, context: context, ended: &progress.ended, skipped: &progress.skippedMilestones)
        progress.uncounted += made
        progress.delivered += made
        chunk.removeAll()
      }
      if isLast { break }
      // The callbacks took time: the next chunk's prompt deliveries are computed for now.
      reading = clock.now.nanosecondsSinceOrigin
      var garbage: [CountdownHandler] = []
      state.withLock { $0.prepareChunk(kind, &progress, into: &chunk, context: context, preparedAt: reading, garbage: &garbage) }
      garbage.removeAll()  // released outside the lock
    }
    finishPass(kind, progress, reading: reading)
  }

  /// Outside the lock: the check loads a weak reference, and releasing what it loaded could run
  /// the receiver's deinit. Dead ones are removed under the next lock.
  private func probePausedReceivers(_ progress: inout PassProgress) {
    guard !progress.pausedProbes.isEmpty else { return }
    for probe in progress.pausedProbes where !probe.slot.hasLiveReceiver {
      progress.ended.append(.init(key: probe.key, slot: probe.slot))
    }
    progress.pausedProbes.removeAll(keepingCapacity: true)
  }

  /// Finishes the pass under one more lock (``EngineState/passFinished(tickInstant:_:reading:garbage:)``),
  /// then does what it decided.
  private func finishPass(_ kind: consuming PassKind, _ progress: consuming PassProgress, reading: Int64) {
    var progress = progress
    var garbage: [CountdownHandler] = []
    let tickInstant = kind.tickInstant
    _ = consume kind
    let actions = state.withLock {
      $0.passFinished(tickInstant: tickInstant, &progress, reading: reading, garbage: &garbage)
    }
    garbage.removeAll()  // released outside the lock
    perform(actions)
  }
}
