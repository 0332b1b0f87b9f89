// Under the lock: each chunk of a pass is prepared, once what the last one ended is removed.

extension EngineState {
  /// A chunk of the pass is prepared (its first, when the pass begins; each further one once the
  /// last was called): removes the registrations the last chunk ended, then fills `chunk` with
  /// the next callbacks, computed with the clock reading `preparedAt`. The handlers of removed
  /// registrations go to `garbage`, to release after the lock.
  mutating func prepareChunk(
    _ kind: PassKind, _ progress: inout PassProgress, into chunk: inout DeliveryChunk, context: DeliveryContext,
    preparedAt: Int64, garbage: inout [CountdownHandler]
  ) {
    removeEnded(&progress, garbage: &garbage)
    restoreSkippedMilestones(&progress.skippedMilestones, now: preparedAt, interval: interval)
    // Removals so far concern callbacks already made or skipped; the chunk prepared now reflects
    // them.
    _ = context.takeRemovals()
    let instants = ChunkInstants(kind, preparedAt: preparedAt, state: self, window: window)
    switch kind {
    case .promptDeliveries(let pending):
      preparePromptDeliveries(pending, instants, progress: &progress, into: &chunk)
    case .ends(let entries, _):
      prepareEnds(entries, instants, progress: &progress, into: &chunk)
    case .windows(_, let pending):
      preparePromptDeliveries(pending, instants, progress: &progress, into: &chunk)
      prepareWheel(instants, progress: &progress, into: &chunk)
    case .tick, .promptDeliveriesByWalk:
      prepareWalk(kind, instants, progress: &progress, into: &chunk)
    }
    if !progress.scheduled.isEmpty {
      // Emptied only when it holds something: keeping the capacity of the shared empty array
      // allocates a buffer.
      for change in progress.scheduled {
        schedule(change)
      }
      progress.scheduled.removeAll(keepingCapacity: true)
    }
  }

  /// Removes the registrations that ended or set `stop` (or whose paused receiver died), and
  /// counts the callbacks made since the last lock.
  mutating func removeEnded(_ progress: inout PassProgress, garbage: inout [CountdownHandler]) {
    if !progress.ended.isEmpty {
      for end in progress.ended {
        if let handler = remove(end) {
          garbage.append(handler)
        }
      }
      progress.ended.removeAll(keepingCapacity: true)
    }
    counts.noteDelivered(progress.uncounted)
    progress.uncounted = 0
  }
}
