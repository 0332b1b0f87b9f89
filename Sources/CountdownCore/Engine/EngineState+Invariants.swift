extension EngineState {
  /// Every broken rule of the engine's state (see the list at the top of `EngineState.swift`),
  /// described; empty when the state is sound. O(count): tests call it directly, and builds with
  /// internal checks run it after every transition (``checkInvariantsIfEnabled()``).
  package func invariantViolations() -> [String] {
    var problems: [String] = []
    // Readings are monotone.
    if latestReading < wakeupInstant { problems.append("latest reading \(latestReading) < wakeup instant \(wakeupInstant)") }
    if latestReading < endInstant { problems.append("latest reading \(latestReading) < end instant \(endInstant)") }
    if latestReading < latestRegistrationRead {
      problems.append("latest reading \(latestReading) < registration reading \(latestRegistrationRead)")
    }
    if let suspendedSince, suspendedSince > latestReading {
      problems.append("suspended at \(suspendedSince), after the latest reading \(latestReading)")
    }
    // The timer: one whenever a registration lives.
    if !table.isEmpty, !hasTimer, !isMakingTimer { problems.append("\(table.count) registrations and no timer") }
    // Every index is bounded by the table's size.
    problems += indexViolations()
    // While a pass runs, the nodes it walked hold values its chunk has not delivered yet, and their
    // next changes live in the pass's progress: the rest is checked between passes.
    guard delivery == nil else { return problems }
    let awaiting = Set(awaitingPromptDelivery.map(\.slot))
    let walkComing = tickDue || promptDeliveriesNeedWalk
    let (noted, waiting, waitingApart) = currentIndexEntries()
    // While suspended, running time stands still and `.pauses` changes have no clock instant yet;
    // a resume rebuilds the wheel.
    let checksWheel = wheel != nil && !wheelNeedsWalk && suspendedSince == nil
    var soonest = Int64.max
    var soonestEnd = Int64.max
    for node in table.nodes {
      let timing = node.timing
      // "Only the end" is a state: such a registration stands at 1 until its 0; at milestones, at
      // its next milestone + 1.
      if let problem = onlyTheEndViolation(timing, slot: node.slot) { problems.append(problem) }
      // Every registration is either ahead of the walk or awaiting its prompt delivery.
      if timing.awaitsPromptDelivery {
        if !walkComing, !awaiting.contains(node.slot) {
          problems.append("a registration awaits its prompt delivery, and no pass will make it")
        }
        continue
      }
      if checksWheel, timing.isPaused, waiting[node.slot] == nil, waitingApart[node.slot] == nil {
        problems.append("a paused registration is not in the wheel, to be probed")
      }
      guard !timing.isPaused, !timing.isFinished else { continue }
      let change = clockInstant(of: timing.nextChange(interval: interval), for: timing)
      if checksWheel, change != .max,
        let problem = wheelViolation(changeAt: change, lists: waiting[node.slot] ?? [], apart: waitingApart[node.slot])
      {
        problems.append(problem)
      }
      if separateEnds, timing.isAtItsLastValue {
        // Every end to come is noted in `ends`, no later than it comes.
        soonestEnd = min(soonestEnd, change)
        if (noted[node.slot] ?? .max) > change {
          problems.append("a registration at its last value, ending at \(change), has no end noted by then")
        }
        continue
      }
      // With the wheel, a change in a window already visited is looked at in the next one.
      soonest = min(soonest, wheel == nil ? change : max(change, instant(ofWindow: visitedWindow).addingSaturated(1)))
    }
    // The earliest change is a lower bound of every registration's next change.
    if !walkComing, soonest < earliestChange {
      problems.append("a registration changes at \(soonest), before the earliest change \(earliestChange)")
    }
    // A change to come is a wakeup to come: the timer is armed, or a pass or the timer is on its way.
    let wakeupComing = armedAt != nil || isMakingTimer || passQueued || hasPendingWork || suspendedSince != nil
    soonest = min(soonest, soonestEnd)
    if soonest != .max, !wakeupComing {
      problems.append("a registration changes at \(soonest), and nothing will wake the engine")
    }
    return problems
  }

  /// What the indexes hold, current entries only (a stale one names a registration gone, or is an
  /// older entry of one): the soonest end noted for each slot, the wheel's lists holding each, and
  /// the change each waits apart for.
  private func currentIndexEntries() -> (
    ends: [SlotReference: Int64], lists: [SlotReference: Set<Int>], apart: [SlotReference: Int64]
  ) {
    var noted: [SlotReference: Int64] = [:]
    for entry in ends.entries where entry.registration.isCurrent {
      noted[entry.slot] = min(noted[entry.slot] ?? .max, entry.deadline)
    }
    var waiting: [SlotReference: Set<Int>] = [:]
    for (list, entry) in wheel?.entries ?? [] where entry.isCurrent {
      waiting[entry.slot, default: []].insert(list)
    }
    var apart: [SlotReference: Int64] = [:]
    for entry in wheel?.farEntries ?? [] where entry.registration.isCurrent {
      apart[entry.slot] = entry.deadline
    }
    return (noted, waiting, apart)
  }

  /// Rule 9 for a running registration whose next change is at clock instant `change`, held in the
  /// wheel's `lists` and, apart, for the change `apart`: it waits in the list of the first window
  /// not yet visited at or after that change or, more than a turn on, apart, no later than it.
  private func wheelViolation(changeAt change: Int64, lists: Set<Int>, apart: Int64?) -> String? {
    guard let wheel else { return nil }
    let number = max(windowNumber(ofChangeAt: change), visitedWindow.addingSaturated(1))
    let isWaiting = number.subtractingSaturated(visitedWindow) > wheel.turn
      ? (apart ?? .max) <= change : lists.contains(wheel.listIndex(of: number))
    return isWaiting
      ? nil : "a registration changing at \(change) is not in the wheel's list of window \(number) (visited through \(visitedWindow))"
  }

  /// Rule 10 (every index is bounded by the table's size), described where broken: each index
  /// within its bound, and, between passes, at most one current entry per registration, each
  /// naming a registration in the table.
  func indexViolations() -> [String] {
    var problems: [String] = []
    if ends.count > Self.endsBound(tableCount: table.count) {
      problems.append("the ends to come hold \(ends.count) entries, \(table.count) registrations")
    }
    if let wheel, wheel.count > Self.wheelBound(tableCount: table.count, turn: wheel.turn) {
      problems.append("the wheel holds \(wheel.count) entries, \(table.count) registrations")
    }
    // A pass holds the lists it took, and the registrations it removed are still in their slots.
    guard delivery == nil else { return problems }
    var current = Set<SlotReference>()
    let slots = ends.entries.lazy.map(\.registration) + (wheel?.entries ?? []).lazy.map(\.entry)
      + (wheel?.farEntries ?? []).lazy.map(\.registration)
    for registration in slots where registration.isCurrent {
      if !current.insert(registration.slot).inserted {
        problems.append("two current index entries name one registration")
      }
      if table.index(of: registration.slot, at: registration.position) == nil {
        problems.append("a current index entry names a registration not in the table")
      }
    }
    return problems
  }

  /// Whether the registration in `slot` is still in the table and not paused: a callback may begin
  /// for it.
  func isLive(_ slot: SlotReference) -> Bool {
    guard let key = slot.key, let index = table.index(of: key) else { return false }
    return table[index].slot == slot && !table[index].timing.isPaused
  }

  /// Traps on a broken rule (unless a test records them: ``BrokenRuleRecorder``) in builds with
  /// `COUNTDOWN_CHECK_INVARIANTS` (Package.swift defines it when `COUNTDOWN_INTERNAL_CHECKS=1` is
  /// set, as `.ci/run` does); nothing otherwise. Tables above 2 048 registrations are skipped, so
  /// that large tests stay linear.
  @inline(__always)
  func checkInvariantsIfEnabled() {
    #if COUNTDOWN_CHECK_INVARIANTS
      guard table.count <= 2048 else { return }
      let problems = invariantViolations()
      BrokenRuleRecorder.report(problems, "engine invariants")
    #endif
  }
}
