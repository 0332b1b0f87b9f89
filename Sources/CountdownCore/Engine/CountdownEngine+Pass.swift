import Dispatch

// A delivery pass's calling side, on the delivery queue: what happens under each lock is the
// state's (`EngineState+Pass.swift`). The clock is read once per pass, and again only before a
// further chunk: the callbacks in between take time.
extension CountdownEngine {
  /// Delivers everything pending: prompt deliveries of new registrations, and, after a wakeup, every
  /// registration whose value changed. Runs on the delivery queue: a queued pass, one a clock
  /// advanced by hand settles, or one a call made there runs before it returns
  /// (``deliverHere(_:owesPromptDelivery:reading:)``); `reading` is that call's clock reading, if any.
  ///
  /// Since at most one pass is queued, a stalled queue never builds up a backlog of stale passes.
  /// Work a pass leaves (a registration made from one of its callbacks, owed its first value) is
  /// run by the next pass at once, here, up to ``passesInARow`` passes.
  func deliverPending(at reading: Int64? = nil) {
    var reading = reading
    var passes = 1
    while deliverPendingOnce(at: reading) {
      guard passes < Self.passesInARow else {
        deliveryQueue.async { [weak self] in
          self?.deliverPending()
        }
        return
      }
      passes += 1
      reading = nil
    }
  }

  /// One pass of ``deliverPending(at:)``; returns whether it left work for another.
  private func deliverPendingOnce(at reading: Int64?) -> Bool {
    #if DEBUG
      // The main thread counts as the main queue (`isOnDeliveryQueue`), even inside another
      // queue's `sync` made from it: the main queue's work waits meanwhile.
      if !(deliversOnMainQueue && MainThreadMark.isMainThread) {
        dispatchPrecondition(condition: .onQueue(deliveryQueue))
      }
    #endif
    let context = passScratch.takeContext()
    let now = reading ?? clock.now.nanosecondsSinceOrigin
    var chunk = passScratch.takeChunk()
    var began = state.withLock { $0.passBegan(context, at: now, into: &chunk) }
    // The pass is moved out, not copied: a copy retains its arrays and leaves them shared.
    let pass = began.pass.take()
    _ = consume began  // what it released goes here, outside the lock
    var workLeft = false
    if var pass {
      workLeft = runPass(&pass, &chunk, context: context, reading: now)
    }
    handBack(chunk, context)
    return workLeft
  }

  /// Hands `context` back to the pass scratch, which may drop it, once the pass it served has
  /// ended: the state does not retain the running pass's context (``RunningPass/context``), so the
  /// caller that began the pass keeps it alive until then (rule 6). Builds with internal checks
  /// check it, with a lock entry that is not counted (builds without the check take none).
  @inline(__always)
  func handBack(_ context: consuming DeliveryContext) {
    checkPassEnded(context)
    passScratch.keepContext(context)
  }

  /// ``handBack(_:)`` with the pass's chunk, kept for the next pass.
  @inline(__always)
  func handBack(_ chunk: consuming DeliveryChunk, _ context: consuming DeliveryContext) {
    checkPassEnded(context)
    passScratch.keepForNextPass(chunk, context)
  }

  @inline(__always)
  private func checkPassEnded(_ context: DeliveryContext) {
    #if COUNTDOWN_CHECK_INVARIANTS
      let running = state.withUncountedLock { $0.pass.context === context }
      checkInternally(!running, "a pass's context was handed back while that pass runs")
    #endif
  }

  /// Calls the prepared chunk, then prepares and calls chunk after chunk, and finishes the pass;
  /// returns whether it left work for another. The pass is worked on in place, not copied: a copy
  /// would retain its arrays and leave them shared, so that the next append copies a buffer.
  func runPass(_ pass: inout BegunPass, _ chunk: inout DeliveryChunk, context: DeliveryContext, reading: Int64) -> Bool
  {
    var reading = reading
    while true {
      probePausedReceivers(&pass.progress)
      // What the last chunk ended, and the dead receivers found, are removed by the next lock:
      // the next chunk's, or the one that finishes the pass.
      let isLast = pass.progress.preparedAll(pass.kind)
      if !chunk.isEmpty {
        let made = callReadings.calling(at: reading) {
          call(
            chunk, context: context, ended: &pass.progress.ended, skipped: &pass.progress.skippedMilestones,
            segmentCalls: pass.progress.found.segmentCalls, skippedSegmentCalls: &pass.progress.skippedSegmentCalls)
        }
        pass.progress.uncountedCallbacks += made
        pass.progress.delivered += made
        chunk.removeAll()
        if !pass.progress.found.segmentCalls.isEmpty {
          pass.progress.found.segmentCalls.removeAll(keepingCapacity: true)
        }
      }
      if isLast { break }
      // The callbacks took time: the next chunk's prompt deliveries are computed for now.
      reading = clock.now.nanosecondsSinceOrigin
      let releases = state.withLock {
        $0.prepareChunk(pass.kind, &pass.progress, into: &chunk, context: context, preparedAt: reading)
      }
      _ = consume releases  // what it released goes here, outside the lock
    }
    return finishPass(&pass, reading: reading)
  }

  /// Outside the lock: the check loads a weak reference, and releasing what it loaded could run
  /// the receiver's deinit. Dead ones are removed under the next lock.
  private func probePausedReceivers(_ progress: inout PassProgress) {
    guard !progress.found.pausedProbes.isEmpty else { return }
    progress.probed += progress.found.pausedProbes.count
    for probe in progress.found.pausedProbes where !probe.slot.hasLiveReceiver {
      progress.ended.append(.init(key: probe.key, slot: probe.slot))
    }
    progress.found.pausedProbes.removeAll(keepingCapacity: true)
  }

  /// Finishes the pass under one more lock (``EngineState/passFinished(tickInstant:_:reading:)``),
  /// then does what it decided; returns whether the pass left work for another.
  private func finishPass(_ pass: inout BegunPass, reading: Int64) -> Bool {
    let tickInstant = pass.kind.tickInstant
    var finished = state.withLock { $0.passFinished(tickInstant: tickInstant, &pass.progress, reading: reading) }
    let actions = finished.actions.take()  // moved out, not copied (see `EngineActions.take()`)
    let workLeft = finished.workLeft
    _ = consume finished  // what it released goes here, outside the lock
    perform(actions)
    return workLeft
  }
}

extension CountdownEngine {
  /// Makes the chunk's prepared callbacks, with the lock released; returns how many were made.
  /// Registrations that ran out or set `stop` go to `ended`, for removal under the next lock,
  /// milestones skipped to `skipped`, to plan again under it, and segment calls skipped to
  /// `skippedSegmentCalls`, whose ends go back to their walks under it. A segment call is made
  /// from `segmentCalls`, the chunk's, in place of the value's.
  func call(
    _ chunk: borrowing DeliveryChunk, context: DeliveryContext, ended: inout [EngineState.RegistrationIdentity],
    skipped: inout [SkippedMilestone], segmentCalls: [SegmentCall] = [],
    skippedSegmentCalls: inout [SkippedSegmentCall]
  ) -> Int {
    let prepared = chunk.prepared
    var position = 0
    var made = 0
    var withdrawn = Set<SlotReference>()
    while position < prepared.count {
      if withdrawn.isEmpty {
        // The common case, in a loop of its own so that it keeps its state in registers.
        let start = position
        let lastEnded = callWhileNothingWithdrawn(prepared, from: &position, context: context)
        made += position - start
        if lastEnded {
          let callback = prepared[position - 1]
          ended.append(.init(key: callback.slot.liveKey, slot: callback.slot))
        }
        // A final 0 or a segment call is made below (a 0 marked as the one being called), as is
        // one after a withdrawal.
        guard position < prepared.count, context.hasNewWithdrawals || prepared[position].endsOrCallsSegment else {
          continue
        }
      }
      let callback = prepared[position]
      position += 1
      if context.hasNewWithdrawals {
        // Checked before each callback, so that once a call that withdrew one has returned, on
        // any thread, that callback never begins (rule 6).
        let withdrawals = state.withLock { $0.takeWithdrawals(notedIn: context) }
        if withdrawals.all { break }
        withdrawn.formUnion(withdrawals.slots)
      }
      if !withdrawn.isEmpty, withdrawn.contains(callback.slot) {
        if callback.milestone {
          skipped.append(.init(slot: callback.slot, milestone: Int64(callback.value)))
        } else if callback.isSegmentCall {
          skippedSegmentCalls.append(.init(slot: callback.slot, call: segmentCalls[callback.value]))
        }
        continue
      }
      var stop = false
      if callback.isSegmentCall {
        let segmentCall = segmentCalls[callback.value]
        checkNotWithdrawn(callback, context: context, pausedWalk: segmentCall.isPaused)
        if callback.ends {
          // `endedAgo` answers in this call, and only in it.
          callReadings.callingEnd(of: callback.slot) { segmentCall.walk.segmentChanged(segmentCall, stop: &stop) }
        } else {
          segmentCall.walk.segmentChanged(segmentCall, stop: &stop)
        }
      } else if callback.ends {
        checkNotWithdrawn(callback, context: context)
        // `endedAgo` answers in this call, and only in it.
        callReadings.callingEnd(of: callback.slot) { callback.handler.call(callback.value, &stop) }
      } else {
        checkNotWithdrawn(callback, context: context)
        callback.handler.call(callback.value, &stop)
      }
      made += 1
      if stop || callback.ends {
        ended.append(.init(key: callback.slot.liveKey, slot: callback.slot))
      }
    }
    return made
  }

  /// Makes the prepared callbacks from `position` on while nothing was withdrawn; stops at the end
  /// of the chunk, before the first callback the signal moved before, before a final 0 or a
  /// segment call (the caller makes them, a 0 marked as the one being called), or after one whose
  /// handler set `stop` (returning true). `position` is left at the first callback not made.
  @inline(__always)
  private func callWhileNothingWithdrawn(
    _ prepared: UnsafeBufferPointer<PreparedCallback>, from position: inout Int, context: DeliveryContext
  ) -> Bool {
    var next = position
    defer { position = next }
    while next < prepared.count {
      if context.hasNewWithdrawals { return false }
      let callback = prepared[next]
      // Tested before the call rather than after it: a tick's values cost no more for it.
      if callback.endsOrCallsSegment { return false }
      checkNotWithdrawn(callback, context: context)
      var stop = false
      // Through the copy prepared under the lock, not the node, which may have moved since.
      callback.handler.call(callback.value, &stop)
      next += 1
      if stop { return true }
    }
    return false
  }

  /// In internal-check builds: removal is final (rule 6), so a callback about to begin was not
  /// withdrawn: its registration is still there and running (or, for a segment call told paused,
  /// `pausedWalk`, paused), or the withdrawal came after the check (the signal moved since).
  @inline(__always)
  func checkNotWithdrawn(_ callback: PreparedCallback, context: DeliveryContext, pausedWalk: Bool = false) {
    #if COUNTDOWN_CHECK_INVARIANTS
      state.withUncountedLock { state in
        if !state.isLive(callback.slot, pausedWalk: pausedWalk), !context.hasNewWithdrawals {
          BrokenRuleRecorder.report(
            ["a callback begins for a registration removed or paused before it"], "engine rules")
        }
      }
    #endif
  }
}
