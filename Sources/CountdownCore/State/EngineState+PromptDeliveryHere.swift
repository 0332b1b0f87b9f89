// Under the lock: a pass of one prompt delivery, made by the call that owes it on the delivery
// queue (a start, time added, a resume), begun in that call's lock or right after it, and
// finished once its one callback returns.

extension EngineState {
  /// Begins a pass of the one prompt delivery owed, when it is all there is to deliver and no pass
  /// runs up this thread's stack, and prepares its callback, computed with the clock reading
  /// `now`, as a pass of prompt deliveries would. `nil` otherwise: the caller runs a pass for
  /// what is pending (nothing, if the registration went meanwhile). `position` is where the
  /// registration's node was left, if the caller knows it (it is looked up by key otherwise).
  mutating func beginPromptDeliveryHere(
    _ context: DeliveryContext, at now: Int64, near position: Int = .max
  ) -> PromptDeliveryHere? {
    guard pass.context == nil, let owed = pendingWork.takeSolePromptDelivery() else { return nil }
    guard let index = table.index(of: owed.slot, at: position), table[index].timing.awaitsPromptDelivery
    else { return nil }
    markPassRunning(context)
    // Withdrawals so far concern no callback of this pass.
    context.forgetWithdrawals()
    let instants = ChunkInstants(promptDeliveryPreparedAt: now, state: self)
    var found = PassFindings()
    let callback = table.withNodes { nodes, _ in
      Self.prepare(at: index.position, in: nodes, instants, found: &found)
    }
    // Noted now rather than when the pass ends: it lowers the bound the same way (rule 1).
    lowerEarliestChange(to: found.earliest)
    let scheduled = !found.scheduled.isEmpty
    for change in found.scheduled {
      schedule(change)
    }
    checkRulesIfEnabled()
    return PromptDeliveryHere(callback: callback, scheduled: scheduled)
  }

  /// The pass ``beginPromptDeliveryHere(_:at:near:)`` began made its callback (`made`), or skipped it
  /// (withdrawn meanwhile: a milestone it held is in `skipped`); `ended` names the registration
  /// if its value was the final 0 or its handler set `stop`. `reading` is the call's clock
  /// reading. As ``passFinished(tickInstant:_:reading:)`` for a pass of prompt deliveries.
  mutating func promptDeliveryHereFinished(
    _ delivery: PromptDeliveryHere, made: Bool, ended: RegistrationIdentity?, skipped: SkippedMilestone?,
    reading: Int64
  ) -> FinishedPass {
    var released: [CountdownHandler] = []
    if let ended, let handler = remove(ended) {
      released.append(handler)
    }
    if made {
      counts.countDeliveries(1)
    }
    if let skipped {
      var skippedMilestones = [skipped]
      restoreSkippedMilestones(&skippedMilestones, now: actedOn.raiseLatest(to: reading))
    }
    let removed = ended != nil || !pass.retired.isEmpty
    if !pass.retired.isEmpty {
      released += freeRetired()
    }
    counts.countPass(examined: 1, delivered: made)
    // Its one change was noted as it was prepared.
    endPass(walkedEverything: false, earliestSeen: nil)
    var actions = EngineActions()
    if removed || delivery.scheduled || skipped != nil {
      // What the timer is armed for moves only with what the pass removed or put in an index.
      actions.timer = rearm(now: actedOn.raiseLatest(to: reading))
    }
    checkRulesIfEnabled()
    return FinishedPass(actions: actions, workLeft: !pendingWork.isEmpty, released: released)
  }
}
