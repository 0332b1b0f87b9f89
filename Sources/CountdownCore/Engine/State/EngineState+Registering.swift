// Registering, pausing and resuming one registration.

extension EngineState {
  /// A registration of `receiver` for `target`, asked for with the clock reading `reading` (made
  /// before the lock): its timing is made from the reading clamped here (``monotone(_:)``), so a
  /// suspension, resume or tick another thread made after that reading is never undone. Fails,
  /// changing nothing, when the target does not fit. `milestones`, checked before the lock, are
  /// those `deliveries` asks for; the first one is planned here. Returns what to do after the
  /// lock, and the replaced handler, to release outside it.
  mutating func register(
    _ receiver: AnyObject, _ call: @escaping CountdownHandler, for target: CountdownTarget,
    policy: SuspensionPolicy, deliveries: CountdownDeliveries, ending: CountdownEnding,
    milestones: MilestoneList?, reading: Int64
  ) -> Result<(EngineActions, replaced: CountdownHandler?), CountdownError> {
    let now = monotone(reading)
    do throws(CountdownError) {
      var timing = try CountdownEngine.timing(
        for: target, policy: policy, deliveries: deliveries, ending: ending, at: now, interval: interval)
      let planned = CountdownEngine.planMilestones(milestones, in: &timing, at: now, interval: interval)
      return .success(register(receiver, call, timing, now: now, interval: interval, window: window, milestones: planned))
    } catch {
      return .failure(error)
    }
  }

  /// A registration of `receiver` counting up from clock instant `start` (one after the reading,
  /// clamped here by ``monotone(_:)``, counts from the reading), asked for with the clock reading
  /// `reading`: a listener carried over from another process.
  mutating func register(
    _ receiver: AnyObject, _ call: @escaping CountdownHandler, countingUpFrom start: Int64,
    policy: SuspensionPolicy, reading: Int64
  ) -> (EngineActions, replaced: CountdownHandler?) {
    let now = monotone(reading)
    let timing = CountdownTiming(countingUpFrom: min(start, now), policy: policy)
    return register(receiver, call, timing, now: now, interval: interval, window: window)
  }

  /// Adds a registration of `receiver` calling `call`, with `timing` made at clock instant `now`
  /// (a reading made ``monotone(_:)``), or replaces the one of the same key; returns what to do
  /// after the lock, and the replaced handler, for the caller to release outside the lock. One
  /// that delivers only its end is owed no prompt delivery.
  mutating func register(
    _ receiver: AnyObject, _ call: @escaping CountdownHandler, _ timing: CountdownTiming,
    now: Int64, interval: Int64, window: Int64, milestones: MilestoneList? = nil
  ) -> (EngineActions, replaced: CountdownHandler?) {
    let silent = timing.deliversOnlyTheEnd
    noteRegistrationRead(now)
    var timing = timing
    if timing.policy == .pauses {
      // Counted on the engine's running time, which stands still while it is suspended.
      timing.rebase(
        by: now.subtractingSaturated(
          Self.runningTime(at: now, suspendedSince: suspendedSince, suspendedTotal: suspendedTotal)))
    }
    let key = ObjectIdentifier(receiver)
    let slot = slots.allocate(receiver: receiver)
    if let milestones { slots.milestoneLists[slot] = milestones }
    let node = ReceiverNode(slot: slot, handler: call, timing: timing)
    var replaced: CountdownHandler?
    let position: Int
    if let index = table.index(of: key) {
      // The receiver's own registration, or one of a dead object that lived at its address:
      // replaced either way, without a callback.
      let old = table[index]
      table[index] = node
      noteRemoval(of: old.slot)
      replaced = release(old.slot, handler: old.handler.call)
      position = index.position
    } else {
      position = table.insert(node, for: key).position
    }
    if !silent {
      noteAwaitingPromptDelivery(.init(key: key, slot: slot))
    }
    var actions = EngineActions()
    actions.timer = ensureTimer(now: now)
    // Arm for this registration's first change now, not after its first delivery: if the delivery
    // queue is slow, the wakeup still comes on time.
    noteFirstChange(of: timing, slot: slot, position: position, at: now, interval: interval)
    if case .none = actions.timer {
      actions.timer = rearm(now: now, window: window)
    }
    actions.queuePass = requestPass()
    checkInvariantsIfEnabled()
    return (actions, replaced)
  }

  /// Notes when `timing`, just registered, resumed or given time at clock instant `now` in `slot`
  /// (its node at `position`), changes first: its deadline if it delivers only its end, else the
  /// first change after its prompt delivery. An end goes to ``ends`` (its prompt delivery notes it
  /// again, once it is made).
  mutating func noteFirstChange(
    of timing: CountdownTiming, slot: SlotReference, position: Int, at now: Int64, interval: Int64
  ) {
    var next = timing
    if !timing.deliversOnlyTheEnd {
      _ = next.advance(to: instantInPlace(for: timing, at: now), interval: interval)
    }
    if separateEnds, next.isAtItsLastValue {
      noteEnd(of: next, in: slot, at: position)
    } else {
      let change = timing.clockInstant(of: next.nextChange(interval: interval), suspendedTotal: suspendedTotal)
      noteChange(at: change)
      // One that delivers only its end gets no first delivery to put it in the wheel.
      if timing.deliversOnlyTheEnd, change != .max, wheel != nil {
        noteInWheel(slot, at: position, changeAt: change)
      }
    }
  }
}

// MARK: - Pausing one registration

extension EngineState {
  /// Freezes `receiver`'s registration at clock instant `now` (clamped by ``monotone(_:)``, so that
  /// it never freezes a time before one a tick has already shown); the running pass skips a
  /// callback it prepared for it. Returns whether there was one, and what to do after the lock.
  mutating func pause(_ receiver: AnyObject, now: Int64, window: Int64) -> (found: Bool, TimerAction) {
    guard let index = liveIndex(of: receiver) else { return (false, .none) }
    let now = monotone(now)
    var action = TimerAction.none
    if wheel != nil {
      // Paused, it gets no calls that would notice its receiver die: it waits in the wheel to be
      // probed an interval from now, whether or not it had an entry there (it has none while it
      // awaits its first delivery, nor when its next change was beyond the clock's last instant),
      // and a wakeup comes for that probe. Its entry for the change it had before is unlinked.
      let probe = now.addingSaturated(interval)
      noteInWheel(table[index].slot, at: index.position, changeAt: probe)
      noteChange(at: probe)
      action = rearm(now: now, window: window)
    }
    let pausedAt = instantInPlace(for: table[index].timing, at: now)
    table[index].timing.pause(at: pausedAt)
    noteRemoval(of: table[index].slot)
    checkInvariantsIfEnabled()
    return (true, action)
  }

  /// Continues `receiver`'s paused registration at clock instant `now`: its current value is owed
  /// promptly, unless it delivers only its end, which stays silent until then. Returns whether
  /// there was one, and what to do after the lock.
  mutating func resume(
    _ receiver: AnyObject, now: Int64, interval: Int64, window: Int64
  ) -> (found: Bool, EngineActions) {
    guard let index = liveIndex(of: receiver) else { return (false, .none) }
    guard table[index].timing.isPaused else { return (true, .none) }
    let now = monotone(now)
    noteRegistrationRead(now)
    let resumedAt = instantInPlace(for: table[index].timing, at: now)
    table[index].timing.resume(at: resumedAt)
    let timing = table[index].timing
    if timing.awaitsPromptDelivery {
      noteAwaitingPromptDelivery(.init(key: table.key(at: index), slot: table[index].slot))
    }
    noteFirstChange(of: timing, slot: table[index].slot, position: index.position, at: now, interval: interval)
    var actions = EngineActions()
    actions.timer = rearm(now: now, window: window)
    actions.queuePass = requestPass()
    checkInvariantsIfEnabled()
    return (true, actions)
  }
}
