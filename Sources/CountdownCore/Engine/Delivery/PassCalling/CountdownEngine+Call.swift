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
    let prepared = chunk.prepared
    var position = 0
    var made = 0
    var removed = Set<SlotReference>()
    while position < prepared.count {
      if removed.isEmpty {
        // The common case, in a loop of its own so that it keeps its state in registers.
        let start = position
        let lastEnded = callWhileNothingRemoved(prepared, from: &position, context: context)
        made += position - start
        if lastEnded {
          let delivery = prepared[position - 1]
          ended.append(.init(key: delivery.slot.liveKey, slot: delivery.slot))
        }
        guard position < prepared.count, context.hasNewRemovals else { continue }
      }
      let delivery = prepared[position]
      position += 1
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
      checkNotRemoved(delivery, context: context)
      var stop = false
      delivery.handler.call(delivery.value, &stop)
      made += 1
      if stop || delivery.ends {
        ended.append(.init(key: delivery.slot.liveKey, slot: delivery.slot))
      }
    }
    return made
  }

  /// Makes the prepared callbacks from `position` on while nothing was removed since the pass last
  /// looked: returns at the end of the chunk, at the first callback the removal signal moved before
  /// (for the caller to check), or after a callback that ended its registration (it ran out or
  /// set `stop`), returning true then. `position` is left at the first callback not made.
  @inline(__always)
  private func callWhileNothingRemoved(
    _ prepared: UnsafeBufferPointer<PreparedDelivery>, from position: inout Int, context: DeliveryContext
  ) -> Bool {
    var next = position
    defer { position = next }
    while next < prepared.count {
      if context.hasNewRemovals { return false }
      let delivery = prepared[next]
      checkNotRemoved(delivery, context: context)
      var stop = false
      // Called through the copy prepared under the lock, not through the node (which may have
      // moved since): the pass reads no node and no slot here, only its chunk.
      delivery.handler.call(delivery.value, &stop)
      next += 1
      if stop || delivery.ends { return true }
    }
    return false
  }

  /// In internal-check builds: removal is final, so the registration of a callback about to begin
  /// is still there and running, or its removal came after the check (the signal moved since).
  @inline(__always)
  private func checkNotRemoved(_ delivery: PreparedDelivery, context: DeliveryContext) {
    #if COUNTDOWN_CHECK_INVARIANTS
      state.withUncountedLock { state in
        if !state.isLive(delivery.slot), !context.hasNewRemovals {
          BrokenRuleRecorder.report(["a callback begins for a registration removed or paused before it"], "engine rules")
        }
      }
    #endif
  }
}
