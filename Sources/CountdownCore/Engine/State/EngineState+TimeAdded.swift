extension EngineState {
  /// Moves the end of `receiver`'s countdown `change` nanoseconds later (earlier, when negative) at
  /// clock instant `now`, keeping its registration: the same slot, handler and key, no entry made
  /// or freed in the table.
  ///
  /// A running countdown's deadline moves, never before `now` (nor, for one overdue whose 0 is
  /// still to come, later than it was): shortened past its end, it ends at once. A paused one's
  /// frozen time left moves, never below zero, and is delivered at its resume. A running one that
  /// delivers every change is owed a prompt delivery of its new value (a callback a running pass
  /// prepared with the old value is skipped, as for a pause); one that delivers only its end or at
  /// milestones has its next one noted again (a callback prepared for the old one is skipped too),
  /// and nothing else. Every index that says when it changes next learns the
  /// new instant: `earliestChange`, or the ends to come, and the wheel. Its entry there is noted
  /// anew, the one before unlinked; the wheel's entry of one now awaiting its prompt delivery stays
  /// until that delivery notes the next change, or a window pass takes it and, finding the
  /// registration awaiting its delivery, removes it.
  ///
  /// - Returns: The change made, in nanoseconds (less than `change` where it was clamped; zero
  ///   changes nothing), and what to do after the lock; `nil` without a running or paused
  ///   registration. Fails, changing nothing, with ``CountdownError/invalidCombination`` for a
  ///   count-up (it has no end to move) and ``CountdownError/outOfRange`` for an end beyond the
  ///   clock's last instant or a value beyond ``CountdownTiming/maximumValue``.
  mutating func addTime(
    _ change: Int64, to receiver: AnyObject, now: Int64, interval: Int64, window: Int64
  ) -> Result<(applied: Int64, actions: EngineActions)?, CountdownError> {
    guard let index = liveIndex(of: receiver) else { return .success(nil) }
    let timing = table[index].timing
    guard timing.kind == .countdown else { return .failure(.invalidCombination) }
    let now = monotone(now)
    // Not `instant(for:at:)`: calling a non-mutating method from a mutating one copies the state.
    let instant = timing.policy == .pauses
      ? Self.runningTime(at: now, suspendedSince: suspendedSince, suspendedTotal: suspendedTotal) : now
    let anchor: Int64
    switch Self.movedAnchor(of: timing, by: change, at: instant, interval: interval) {
    case .success(let moved): anchor = moved
    case .failure(let error): return .failure(error)
    }
    let applied = anchor - timing.anchor
    guard applied != 0 else { return .success((0, .none)) }
    table[index].timing.moveEnd(to: anchor)
    replanMilestone(at: index, instant: instant, interval: interval)
    delivery?.noteEndMoved(table[index].slot)
    var actions = EngineActions()
    if !timing.isPaused {
      actions = noteMovedEnd(at: index, now: now, interval: interval, window: window)
    }
    checkInvariantsIfEnabled()
    return .success((applied, actions))
  }

  /// The anchor `timing` has once `change` is added at `instant` (on its own time): a deadline never
  /// before `instant` (unless it was already), a frozen time left never below zero. Pure
  /// arithmetic, checked before anything changes.
  private static func movedAnchor(
    of timing: CountdownTiming, by change: Int64, at instant: Int64, interval: Int64
  ) -> Result<Int64, CountdownError> {
    let (moved, overflow) = timing.anchor.addingReportingOverflow(change)
    guard !overflow else { return .failure(.outOfRange) }
    let anchor = max(moved, min(timing.anchor, timing.isPaused ? 0 : instant))
    // Left at `instant`: what a paused one has once it resumes there, which must end on the clock.
    let left: Int64
    if timing.isPaused {
      guard !instant.addingReportingOverflow(anchor).overflow else { return .failure(.outOfRange) }
      left = anchor
    } else {
      left = anchor.subtractingSaturated(instant)
    }
    guard left <= 0 || (left - 1) / interval + 1 <= CountdownTiming.maximumValue else { return .failure(.outOfRange) }
    return .success(anchor)
  }

  /// Notes the new end of the running registration at `index`, just moved at clock instant `now`:
  /// its prompt delivery, or for one that delivers only its end, where its end waits.
  private mutating func noteMovedEnd(at index: NodeIndex, now: Int64, interval: Int64, window: Int64) -> EngineActions {
    let slot = table[index].slot
    let timing = table[index].timing
    // A callback the running pass prepared with the old value must not begin after this returns:
    // a label's old value, an end's 0 or a milestone the new end has moved.
    noteRemoval(of: slot)
    if timing.awaitsPromptDelivery {
      // The new value is computed no earlier than this reading (shortened to now, it is the 0).
      noteRegistrationRead(now)
      noteAwaitingPromptDelivery(.init(key: table.key(at: index), slot: slot))
    }
    noteFirstChange(of: timing, slot: slot, position: index.position, at: now, interval: interval)
    var actions = EngineActions()
    actions.timer = rearm(now: now, window: window)
    actions.queuePass = requestPass()
    return actions
  }
}
