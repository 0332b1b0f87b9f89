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
    let delivery = beginPromptDeliveryHere(context, at: index, now: now, armedAfter: false)
    checkRulesIfEnabled()
    return delivery
  }

  /// Begins the pass of the one prompt delivery of the registration at `index` (owed, though not
  /// noted as owed, when it is all there is to deliver and no pass runs) and prepares its callback
  /// for the clock reading `now`. `armedAfter`: the caller checks the timer's arming in this same
  /// lock, after this, so the pass's end need not check it again for the change noted here.
  mutating func beginPromptDeliveryHere(
    _ context: DeliveryContext, at index: NodeIndex, now: Int64, armedAfter: Bool
  ) -> PromptDeliveryHere {
    markPassRunning(context)
    // Withdrawals so far concern no callback of this pass.
    context.forgetWithdrawals()
    return preparePromptDelivery(at: index, preparedAt: now, armedAfter: armedAfter)
  }

  /// Brings the registration at `index`, owed its prompt delivery, up to the prompt delivery's
  /// instant for the clock reading `now`, notes its next change, and returns its callback: what
  /// ``prepare(at:in:_:found:)`` does for a pass of prompt deliveries, for this one registration,
  /// without the chunk's instants (its tick's, its labels', its ends') that a prompt delivery
  /// does not read.
  private mutating func preparePromptDelivery(
    at index: NodeIndex, preparedAt now: Int64, armedAfter: Bool
  ) -> PromptDeliveryHere {
    let interval = grid.interval
    let position = index.position
    let slot = table[index].slot
    // Rule 7: never before the labels' instant, nor before the call's reading.
    let clockInstant = promptDeliveryInstant(preparedAt: now, tick: nil)
    // Stepped in a copy, written back once.
    var timing = table[index].timing
    let instant = timing.policy == .pauses ? suspension.runningTime(at: clockInstant) : clockInstant
    var value = timing.advance(to: instant, interval: interval)
    var milestone = false
    if timing.deliversMilestones, let milestones = slots.milestones(of: slot) {
      value = milestones.deliver(value, planning: &timing)
      milestone = value > 0
    }
    var segmentCall: SegmentCall?
    if timing.walksSegments, let walk = slots.walk(of: slot) {
      // Running time to the clock's, as if a suspension in course ended now.
      let toClock = clockInstant.subtractingSaturated(instant)
      segmentCall = walk.prepareCall(&timing, value: &value, at: instant, interval: interval, toClock: toClock)
      if timing.isPaused {
        // Paused after its segment: probed as a pause's registration is (rule 13).
        let probe = grid.nextProbe(after: clockInstant)
        lowerEarliestChange(to: probe)
        if usesWheel { putInWheel(slot, at: position, changeAt: probe) }
      }
    }
    table[index].timing = timing
    if timing.walksSegments {
      // Paused after its segment, or silent again after its call: in the part it belongs in.
      table.setQuiet(belongsInQuietPart(timing), at: index)
      forgetBoundIfNothingIsWalked()
    }
    // Its next change on the clock: its deadline, or its next milestone's instant, for an end;
    // none past the clock's last instant.
    let change = timing.nextClockChange(interval: interval, suspendedTotal: suspension.total)
    var scheduled = false
    if let change {
      if grid.endsHaveOwnGrid, timing.isAtItsLastValue {
        schedule(ScheduledChange(instant: change, position: position, slot: slot))
        scheduled = true
      } else {
        // Noted now rather than when the pass ends: it lowers the bound the same way (rule 1).
        lowerEarliestChange(to: change)
        if usesWheel {
          schedule(ScheduledChange(instant: change, position: position, slot: slot))
          scheduled = true
        }
      }
    }
    // The handler's two words, copied without retaining it: removed or replaced before its callback
    // is made, the handler is kept until the running pass ends (rule 6).
    let handler = table.nodes.withUnsafeBufferPointer { nodes in
      UnownedHandler(of: UnsafeMutablePointer(mutating: nodes.baseAddress.unsafelyUnwrapped + position))
    }
    let callback =
      segmentCall != nil
      ? PreparedCallback(slot: slot, handler: handler, segmentCall: 0, ends: timing.isFinished)
      : PreparedCallback(slot: slot, handler: handler, value: Int(value), ends: timing.isFinished, milestone: milestone)
    return PromptDeliveryHere(
      callback: callback, scheduled: (scheduled || timing.isPaused) && !armedAfter, segmentCall: segmentCall)
  }

  /// The pass ``beginPromptDeliveryHere(_:at:near:)`` began made its callback, which neither ended
  /// its registration nor set `stop`, and the pass has nothing else to finish (nothing removed
  /// meanwhile, nothing put in an index, no wakeup that left the timer's arming to it, the timer
  /// armed): ends it. Returns whether work is left for another pass; `nil`, changing nothing, when
  /// there is more to finish (``promptDeliveryHereFinished(_:made:ended:skipped:reading:)``).
  /// Nothing is left to do after the lock: the caller has no actions to move and destroy.
  mutating func plainPromptDeliveryHereFinished(_ delivery: PromptDeliveryHere) -> Bool? {
    // A disarmed timer is re-armed by the full finish. Time added and a resume owe their value in
    // one lock and begin its pass in the next: a wakeup on another thread between the two (a
    // manual clock advanced there) that found only that value owed fired a one-shot and left the
    // arming to the pass making it, which is this one (rule 2).
    guard !delivery.scheduled, pass.retired.isEmpty, !pass.owesArming, arming.armedAt != nil else { return nil }
    counts.countDeliveries(1)
    counts.countPass(examined: 1, delivered: true)
    // Its one change was noted as it was prepared.
    endPass(walkedEverything: false, earliestSeen: nil)
    checkRulesIfEnabled()
    return !pendingWork.isEmpty
  }

  /// The pass ``beginPromptDeliveryHere(_:at:near:)`` began made its callback (`made`), or skipped it
  /// (withdrawn meanwhile: a milestone it held is in `skipped`); `ended` names the registration
  /// if its value was the final 0 or its handler set `stop`. `reading` is the call's clock
  /// reading. As ``passFinished(tickInstant:_:reading:)`` for a pass of prompt deliveries.
  mutating func promptDeliveryHereFinished(
    _ delivery: PromptDeliveryHere, made: Bool, ended: RegistrationIdentity?, skipped: SkippedMilestone?,
    reading: Int64
  ) -> FinishedPass {
    if !made, let segmentCall = delivery.segmentCall {
      var skippedCalls = [SkippedSegmentCall(slot: delivery.callback.slot, call: segmentCall)]
      giveBackSkippedSegmentCalls(&skippedCalls)
    }
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
    if !pass.retired.isEmpty {
      released += freeRetired()
    }
    counts.countPass(examined: 1, delivered: made)
    endPass(walkedEverything: false, earliestSeen: nil)
    // What the timer is armed for moves only with what the pass removed or put in an index, or
    // with a wakeup that came while the callback ran and left the arming to this end.
    let actions = EngineActions(timer: rearm(now: actedOn.raiseLatest(to: reading)))
    checkRulesIfEnabled()
    return FinishedPass(actions: actions, workLeft: !pendingWork.isEmpty, released: released)
  }
}

/// A prompt delivery prepared under the lock for the call that owes it to make itself, on the
/// delivery queue, without a pass's list and chunk
/// (``EngineState/beginPromptDeliveryHere(_:at:near:)``).
struct PromptDeliveryHere {
  let callback: PreparedCallback
  /// Its preparation put the registration's next change in an index (the ends to come, or the
  /// wheel): the pass's end checks the timer's arming again.
  let scheduled: Bool
  /// The segment call made in place of the value (``PreparedCallback/isSegmentCall``), if any.
  var segmentCall: SegmentCall? = nil
}
