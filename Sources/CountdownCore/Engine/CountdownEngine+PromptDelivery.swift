// A prompt delivery made by the call that owes it, on the delivery queue: the one callback of a
// pass begun under the call's lock (`EngineState+PromptDeliveryHere.swift`), made with the lock
// released, after the same withdrawal check as a pass's, and finished under one more lock.
extension CountdownEngine {
  /// Makes `delivery`'s callback, unless it was withdrawn since it was prepared, then finishes its
  /// pass, and runs at once a pass for what its callback left (a registration it made, owed its
  /// first value); `reading` is the call's clock reading.
  func deliverPromptly(_ delivery: PromptDeliveryHere, context: consuming DeliveryContext, reading: Int64) {
    let callback = delivery.callback
    var withdrawn = false
    if context.hasNewWithdrawals {
      // Removed, replaced, paused or given time on another thread since it was prepared: once
      // that call has returned, the callback must not begin.
      let withdrawals = state.withLock { $0.takeWithdrawals(notedIn: context) }
      withdrawn = withdrawals.all || withdrawals.slots.contains(callback.slot)
    }
    var ended: EngineState.RegistrationIdentity?
    var skipped: SkippedMilestone?
    if withdrawn {
      if callback.milestone {
        skipped = SkippedMilestone(slot: callback.slot, milestone: Int64(callback.value))
      }
    } else {
      checkNotWithdrawn(callback, context: context)
      var stop = false
      callback.handler.call(callback.value, &stop)
      if stop || callback.ends {
        ended = .init(key: callback.slot.liveKey, slot: callback.slot)
      }
    }
    let workLeft: Bool
    if !withdrawn, ended == nil, let plainWorkLeft = state.withLock({ $0.plainPromptDeliveryHereFinished(delivery) }) {
      // The common case: nothing to do after the lock.
      workLeft = plainWorkLeft
    } else {
      var finished = state.withLock {
        $0.promptDeliveryHereFinished(delivery, made: !withdrawn, ended: ended, skipped: skipped, reading: reading)
      }
      let actions = finished.actions.take()  // moved out, not copied (see `EngineActions.take()`)
      workLeft = finished.workLeft
      _ = consume finished  // what it released goes here, outside the lock
      perform(actions)
    }
    handBack(context)
    if workLeft {
      deliverPending()
    }
  }
}
