// Outside the lock: a chunk's prepared callbacks are made, each after checking that its
// registration was not removed meanwhile.

extension CountdownEngine {
  /// Makes the chunk's prepared callbacks, with the lock released; returns how many were made.
  /// Registrations that ran out or set `stop` go to `ended`, for removal under the next lock, and
  /// milestones skipped to `skipped`, to plan again under it.
  func call(
    _ chunk: borrowing DeliveryChunk, context: DeliveryContext, ended: inout [EngineState.PendingDelivery],
    skipped: inout [SkippedMilestone]
  ) -> Int {
    var made = 0
    var removed = Set<SlotReference>()
    for delivery in chunk.prepared {
      if context.hasNewRemovals {
        // A callback or another thread removed or paused registrations: skip the ones this chunk
        // still has callbacks for. Checked before each callback, so that once such a call has
        // returned, on any thread, no callback it removed begins.
        let removals = state.withLock { _ in context.takeRemovals() }
        if removals.all { break }
        removed.formUnion(removals.slots)
      }
      if !removed.isEmpty, removed.contains(delivery.slot) {
        if delivery.milestone {
          skipped.append(.init(slot: delivery.slot, milestone: Int64(delivery.value)))
        }
        continue
      }
      #if COUNTDOWN_CHECK_INVARIANTS
        // Removal is final: the registration is still there and running, or its removal came after
        // the check above (the signal moved since).
        state.withUncountedLock { state in
          if !state.isLive(delivery.slot), !context.hasNewRemovals {
            BrokenRuleRecorder.report(["a callback begins for a registration removed or paused before it"], "engine rules")
          }
        }
      #endif
      var stop = false
      // Called through the copy prepared under the lock, not through the node (which may have
      // moved since): the pass reads no node and no slot here, only its chunk.
      delivery.handler.call(delivery.value, &stop)
      made += 1
      if stop || delivery.ends {
        ended.append(.init(key: delivery.slot.liveKey, slot: delivery.slot))
      }
    }
    return made
  }
}
