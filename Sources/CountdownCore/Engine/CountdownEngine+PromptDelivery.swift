import Dispatch

// A prompt delivery made by the call that owes it, on the delivery queue (a start, time added, a
// resume): whether the call runs there, the one callback of a pass begun under the call's lock
// (`EngineState+PromptDeliveryHere.swift`), made with the lock released, after the same withdrawal
// check as a pass's, and finished under one more lock.
extension CountdownEngine {
  /// Whether the calling code runs on the delivery queue (or on a queue that targets it): a call
  /// made there runs the pass it owes before it returns. For the main queue, the one answer of
  /// ``MainThreadMark/runsMainQueueWork``: the main thread (inside another queue's `sync` too), or
  /// a block of the main queue (after `dispatchMain()`, on a pool thread), never another thread.
  var isOnDeliveryQueue: Bool {
    if deliversOnMainQueue { return MainThreadMark.runsMainQueueWork }
    return DispatchQueue.getSpecific(key: deliveryQueueKey) == true
  }

  /// Does what a call that registered, resumed or gave time decided under the lock, `actions`; one
  /// that owes a prompt delivery and runs on the delivery queue makes it here, before it returns,
  /// rather than at the queue's next turn: a label has its new value when `start` returns, before
  /// the frame is drawn. From a callback, the pass already running up this thread's stack
  /// delivers it right after its last callback.
  func deliverHere(_ actions: consuming EngineActions, owesPromptDelivery: Bool, reading: Int64) {
    guard owesPromptDelivery, isOnDeliveryQueue else { return perform(actions) }
    let context = passScratch.takeContext()
    let delivery = state.withLock { $0.beginPromptDeliveryHere(context, at: reading) }
    deliverOnQueue(actions, delivery, context: context, reading: reading)
  }

  /// On the delivery queue, for a call that owes a prompt delivery: does `actions`, then makes
  /// `delivery`, the one prompt delivery begun in (or right after) the call's lock, or, without
  /// one, runs a pass for what is pending.
  func deliverOnQueue(
    _ actions: borrowing EngineActions, _ delivery: PromptDeliveryHere?, context: consuming DeliveryContext,
    reading: Int64
  ) {
    // The delivery is made here instead; its pass cleared the state's mark of one queued.
    perform(actions, runsPassHere: true)
    guard let delivery else {
      handBack(context)
      return deliverPending(at: reading)
    }
    deliverPromptly(delivery, context: context, reading: reading)
  }

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
      checkNotWithdrawn(callback, context: context, pausedWalk: delivery.segmentCall?.isPaused == true)
      var stop = false
      callReadings.calling(at: reading) {
        if callback.ends {
          // `endedAgo` answers in this call, and only in it.
          callReadings.callingEnd(of: callback.slot) {
            if let segmentCall = delivery.segmentCall {
              segmentCall.walk.segmentChanged(segmentCall, stop: &stop)
            } else {
              callback.handler.call(callback.value, &stop)
            }
          }
        } else if let segmentCall = delivery.segmentCall {
          segmentCall.walk.segmentChanged(segmentCall, stop: &stop)
        } else {
          callback.handler.call(callback.value, &stop)
        }
      }
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
