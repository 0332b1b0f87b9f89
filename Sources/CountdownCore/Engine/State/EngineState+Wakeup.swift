// The timer's reports: a wakeup (which, on the delivery queue, begins its pass in the same lock)
// and a manual clock's settling after a step.

extension EngineState {
  /// The timer fired; `now` is the wakeup's one clock reading. Notes the wakeup and, on the
  /// delivery queue with no pass running, begins its pass in this same lock, its first chunk
  /// prepared into `chunk` with `context` (the handlers of registrations that preparation removed
  /// go to `garbage`); elsewhere, queues one. Returns what to do after the lock, and the pass
  /// begun, if any, for the caller to run.
  mutating func timerFired(
    at now: Int64, onDeliveryQueue: Bool, context: DeliveryContext, into chunk: inout DeliveryChunk,
    garbage: inout [CountdownHandler]
  ) -> (EngineActions, (CountdownEngine.PassKind, CountdownEngine.PassProgress)?) {
    var actions = noteTimerWakeup(at: now)
    guard actions.queuePass else { return (actions, nil) }
    // On the delivery queue (the real timer fires there; a manual clock may be advanced there),
    // with no pass running: the pass begins in this same lock, its first chunk prepared.
    guard onDeliveryQueue, delivery == nil else {
      actions.queuePass = requestPass()
      return (actions, nil)
    }
    actions.queuePass = false
    return (actions, beginPass(context, at: now, into: &chunk, garbage: &garbage))
  }

  /// Notes a wakeup at clock instant `now`. Returns the timer's part, and, as `queuePass`,
  /// whether a pass has work to do.
  private mutating func noteTimerWakeup(at now: Int64) -> EngineActions {
    var actions = EngineActions()
    let armed = noteTimerFired(at: now)
    // Once per wakeup, not per removal: see `shrinkIfSparse`.
    table.shrinkIfSparse()
    guard suspendedSince == nil else { return actions }
    if table.isEmpty, pendingWork.awaitingPromptDelivery.isEmpty, !pendingWork.promptDeliveriesNeedWalk {
      // The lazy cancel: a wakeup that finds nothing to do ends the timer.
      actions.timer = removeTimer()
      return actions
    }
    noteWakeup(at: now, armedFor: armed, window: window)
    if !hasPendingWork, delivery == nil {
      // Armed for an end that is gone, or woken early for one: arm for what comes next. Not
      // while a pass runs (on the delivery queue, or up this thread's stack): the bound on the
      // next change is still the one from before it, and may be this very instant, so the
      // timer would fire here again and again; the pass re-arms when it ends.
      actions.timer = rearm(now: now, window: window)
    }
    checkInvariantsIfEnabled()
    actions.queuePass = hasPendingWork
    return actions
  }

  /// A clock advanced by hand settled its timers after a step. Returns whether a pass must be
  /// queued for what is pending, and whether the caller, on the delivery queue, delivers it there
  /// itself.
  mutating func timerSettled(onDeliveryQueue: Bool) -> (queuePass: Bool, deliverHere: Bool) {
    guard hasPendingWork else { return (false, false) }
    return onDeliveryQueue ? (false, true) : (requestPass(), false)
  }
}
