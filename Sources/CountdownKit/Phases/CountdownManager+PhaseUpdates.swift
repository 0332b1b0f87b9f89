public import CountdownCore

extension CountdownManager {
  /// The updates of a new countdown in phases walking `plan`, as an asynchronous sequence that
  /// finishes after the plan's end.
  ///
  /// ```swift
  /// for await update in try manager.phaseUpdates(plan: tabata) {
  ///   for end in update.phaseEnds { print("\(end.phase.name) done") }
  ///   print(update.position?.phase.name ?? "Finished", update.remaining)
  /// }
  /// ```
  ///
  /// The same updates as a handler of ``start(id:plan:whileSuspended:delivering:_:)`` is given,
  /// with the same options. Cancelling the consuming task, or dropping the sequence, ends the
  /// countdown. A consumer that falls behind gets one update: the newest position and value,
  /// with every end since the last it took, in order (past 64 of them, the oldest summed up in
  /// ``CountdownPhaseUpdate/earlierPhaseEnds``), each end's lateness measured when it was
  /// delivered; never a backlog, and never an end lost. The sequence also finishes, without the
  /// plan's end, when the countdown ends otherwise: ``cancelAll()``, or the manager deallocated.
  /// May be called from any thread.
  ///
  /// - Parameters:
  ///   - plan: The phases to walk.
  ///   - policy: Whether the plan walks on while the app is suspended, as for an id.
  ///   - deliveries: Which values of each phase are delivered; a phase's end always is.
  /// - Throws: What ``start(id:plan:whileSuspended:delivering:_:)`` throws.
  /// - Complexity: O(1) amortized.
  public func phaseUpdates(
    plan: CountdownPlan, whileSuspended policy: SuspensionPolicy = .keepsRunning,
    delivering deliveries: CountdownDeliveries = .everyChange
  ) throws(CountdownError) -> AsyncStream<CountdownPhaseUpdate> {
    let (signals, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
    let pending = LatestValueReader<CountdownPhaseUpdate>.Pending(nil)
    // The sequence's identity, held by its handler: its key in the engine's table.
    let handle = CountdownHandle(engine: engine)
    // Finishes the signals however the sequence ends without its plan's end.
    let finisher = StreamFinisher(continuation)
    // Not isolated to the main actor, though called on it: a main-actor closure made here, off
    // the main actor, would check its executor at every call (about 200 instructions a value).
    let deliver: @Sendable (CountdownHandle, CountdownPhaseUpdate, inout Bool) -> Void = { _, update, _ in
      withExtendedLifetime(handle) {
        LatestValueReader.deliver(update, to: pending)
        finisher.continuation.yield()
        if update.planEnded { finisher.continuation.finish() }
      }
    }
    try walk(plan, under: handle, policy, deliveries, deliver)
    continuation.onTermination = { _ in handle.cancel() }
    // The reader holds the signals alone: dropping the sequence ends the countdown.
    let reader = LatestValueReader(signals, pending: pending)
    return AsyncStream(unfolding: { await reader.next() })
  }
}

extension LatestValueReader where Value == CountdownPhaseUpdate {
  /// Merges `update` into the pending one, so that a consumer that falls behind gets the newest
  /// position and every end, in bounded memory: what the sequence's handler does before it
  /// signals.
  fileprivate static func deliver(_ update: CountdownPhaseUpdate, to pending: Pending) {
    #if COUNTDOWN_CHECK_INVARIANTS
      // The simulation's self-test: the older updates dropped.
      if PlantedFault.current == .streamDropsEarlierEnds { return pending.withLock { $0 = update } }
    #endif
    pending.withLock { $0 = $0.map { $0.merged(with: update) } ?? update }
  }
}
