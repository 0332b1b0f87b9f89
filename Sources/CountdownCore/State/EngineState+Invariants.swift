// The engine's rules (Documentation/Contributors.docc/EngineRules.md, which says when each is
// checked), one check each: every function returns the rule's violations, described.

extension EngineState {
  /// Every broken rule of the engine's state, described; empty when the state is sound. O(count).
  package func invariantViolations() -> [String] {
    checkEarliestChangeIsALowerBound() + checkAChangeToComeIsAWakeupToCome()
      + checkEveryRegistrationIsAheadOfTheWalkOrAwaitsItsPromptDelivery() + checkOnlyTheEndIsAState()
      + checkInstantsAreMonotone() + checkEveryEndToComeIsNoted() + checkEveryChangeWaitsInTheWheel()
      + checkAnIndexHoldsOneEntryPerRegistration() + checkRemovedRegistrationsAreKeptForThePass()
      + checkAWalkIsItsRegistrationsTiming()
  }

  /// Whether rules about every registration's next change apply now: between passes (while a pass
  /// runs, its next changes live in the pass's progress).
  private var isBetweenPasses: Bool { pass.context == nil }

  /// A walk is due that will find every registration owed a prompt delivery.
  private var isWalkComing: Bool { pendingWork.tickDue || pendingWork.promptDeliveriesNeedWalk }

  /// Calls `body` with each registration's slot and timing, read in place: a copy of the node
  /// would retain and release its handler.
  private func forEachRegistration(_ body: (SlotReference, CountdownTiming) -> Void) {
    table.nodes.withUnsafeBufferPointer { nodes in
      for index in nodes.indices {
        body(nodes[index].slot, nodes[index].timing)
      }
    }
  }

  /// Calls `body` with each registration that changes on this clock, and the clock instant of its
  /// next change.
  private func forEachRunningRegistration(_ body: (SlotReference, CountdownTiming, _ change: Int64) -> Void) {
    forEachRegistration { slot, timing in
      guard !timing.awaitsPromptDelivery, !timing.isPaused, !timing.isFinished,
        let change = timing.nextClockChange(interval: grid.interval, suspendedTotal: suspension.total)
      else { return }
      body(slot, timing, change)
    }
  }

  /// An index's entries by handle, nil at a free position: read once per check, so that finding a
  /// registration's entry is an array lookup, not calls into the generic index.
  private typealias EntriesByHandle = [(registration: IndexedRegistration, deadline: Int64)?]

  private var wheelEntries: EntriesByHandle {
    (wheel?.nodes ?? []).map { node in node.home >= 0 ? node.payload.map { ($0, node.deadline) } : nil }
  }

  private var endEntries: EntriesByHandle {
    ends.nodes.map { node in node.home >= 0 ? node.payload.map { ($0.registration, node.deadline) } : nil }
  }

  /// The deadline of the registration's entry among `entries` (rule 10), or nil if it has none.
  private static func deadline(of slot: SlotReference, in entries: EntriesByHandle) -> Int64? {
    let handle = Int(slot.indexHandle)
    guard entries.indices.contains(handle), let entry = entries[handle], entry.registration.slot == slot else {
      return nil
    }
    return entry.deadline
  }

  /// The soonest next change of the running registrations but the ends that wait in ``ends``, and
  /// the soonest of those ends.
  private func soonestChanges() -> (change: Int64?, end: Int64?) {
    var soonest: Int64?
    var soonestEnd: Int64?
    forEachRunningRegistration { _, timing, change in
      if grid.endsHaveOwnGrid, timing.isAtItsLastValue {
        soonestEnd = Int64.earlier(soonestEnd, change)
      } else {
        soonest = Int64.earlier(
          soonest,
          usesWheel ? max(change, grid.instant(ofWindow: wheelCursor.visitedWindow).addingSaturated(1)) : change)
      }
    }
    return (soonest, soonestEnd)
  }

  /// Rule 1, between passes.
  func checkEarliestChangeIsALowerBound() -> [String] {
    guard isBetweenPasses, !isWalkComing, let soonest = soonestChanges().change else { return [] }
    let earliestChange = changeBound.earliestChange
    if let earliestChange, earliestChange <= soonest { return [] }
    return [
      "a registration changes at \(soonest), before the earliest change \(earliestChange.map(String.init) ?? "(none)")"
    ]
  }

  /// Rule 2; and a timer whenever a registration lives.
  func checkAChangeToComeIsAWakeupToCome() -> [String] {
    var problems: [String] = []
    if !table.isEmpty, !arming.hasTimer, !arming.isMakingTimer {
      problems.append("\(table.count) registrations and no timer")
    }
    guard isBetweenPasses else { return problems }
    let wakeupComing =
      arming.armedAt != nil || arming.isMakingTimer || pendingWork.passQueued || !pendingWork.isEmpty
      || suspension.since != nil
    guard !wakeupComing else { return problems }
    let (change, end) = soonestChanges()
    if let soonest = Int64.earlier(change, end) {
      problems.append("a registration changes at \(soonest), and nothing will wake the engine")
    }
    return problems
  }

  /// Rule 3, between passes.
  func checkEveryRegistrationIsAheadOfTheWalkOrAwaitsItsPromptDelivery() -> [String] {
    guard isBetweenPasses, !isWalkComing else { return [] }
    var owed: [(slot: SlotReference, timing: CountdownTiming)] = []
    forEachRegistration { slot, timing in
      if timing.awaitsPromptDelivery { owed.append((slot, timing)) }
    }
    guard !owed.isEmpty else { return [] }
    let awaiting = Set(pendingWork.awaitingPromptDelivery.map(\.slot))
    // What it is, and what the engine owes, so that a failure found by a run that cannot be
    // replayed exactly (other threads' timing) says where to look.
    return owed.filter { !awaiting.contains($0.slot) }.map { _, timing in
      "a registration awaits its prompt delivery, and no pass will make it (\(timing.kind), "
        + "\(timing.skipsChanges ? "skips changes" : "every change"), walks segments \(timing.walksSegments), "
        + "paused \(timing.isPaused), value "
        + "\(timing.value), \(timing.policy); \(pendingWork.awaitingPromptDelivery.count) owed, "
        + "suspended \(suspension.since != nil), \(table.count) registrations)"
    }
  }

  /// Rule 4, between passes (``onlyTheEndViolation(_:slot:)``).
  func checkOnlyTheEndIsAState() -> [String] {
    guard isBetweenPasses else { return [] }
    var problems: [String] = []
    forEachRegistration { slot, timing in
      if let problem = onlyTheEndViolation(timing, slot: slot) { problems.append(problem) }
      // Overtime is a state of a countdown delivering every change, which its 0 does not end.
      if timing.countsOvertime, timing.kind != .countdown || timing.skipsChanges {
        problems.append("an overtime registration counts up or skips changes")
      }
    }
    return problems
  }

  /// Rule 15, between passes: a registration walks segments exactly when its slot holds its
  /// walk; it is a countdown of every change, without overtime; one whose walk owes a call awaits
  /// its prompt delivery, or is paused (its resume owes it); its ordinal is the plan's; paused, it
  /// has no more left than its segment's span (rule 5); and no other registration holds the same
  /// walk.
  func checkAWalkIsItsRegistrationsTiming() -> [String] {
    guard isBetweenPasses else { return [] }
    var problems: [String] = []
    var walks = Set<ObjectIdentifier>()
    forEachRegistration { slot, timing in
      let walk = slots.walk(of: slot)
      guard timing.walksSegments else {
        if walk != nil { problems.append("a registration that does not walk segments has a walk in its slot") }
        return
      }
      guard let walk else { return problems.append("a registration walking segments has no walk in its slot") }
      if !walks.insert(ObjectIdentifier(walk)).inserted {
        problems.append("a walk is held by two registrations")
      }
      if timing.kind != .countdown || timing.countsOvertime {
        problems.append("a registration walking segments counts up or counts overtime")
      }
      if timing.skipsChanges, walk.deliversEveryChange {
        problems.append("a walk of every change skips changes")
      }
      if walk.owesCall, !timing.awaitsPromptDelivery, !timing.isPaused, !timing.isFinished {
        problems.append("a walk owes a call that no delivery is owed for (ordinal \(walk.ordinal))")
      }
      if walk.ordinal < 0 || (walk.layout.segmentCount.map { walk.ordinal > $0 } ?? false) {
        problems.append("a walk's ordinal \(walk.ordinal) lies outside its plan")
      }
      // Rule 5: a segment frozen never holds more than its span (its length and the time added).
      if timing.isPaused, !walk.isEnded, timing.deadlineOrStart > walk.span {
        problems.append("a paused walk has \(timing.deadlineOrStart) ns left of a span of \(walk.span)")
      }
    }
    return problems
  }

  /// Rule 5.
  func checkInstantsAreMonotone() -> [String] {
    var problems: [String] = []
    let instants = actedOn
    if instants.latestInstant < instants.wakeupInstant {
      problems.append("latest instant \(instants.latestInstant) < wakeup instant \(instants.wakeupInstant)")
    }
    if instants.latestInstant < instants.endInstant {
      problems.append("latest instant \(instants.latestInstant) < end instant \(instants.endInstant)")
    }
    if instants.latestInstant < instants.latestRegistrationReading {
      problems.append(
        "latest instant \(instants.latestInstant) < registration reading \(instants.latestRegistrationReading)")
    }
    if let since = suspension.since, since > instants.latestInstant {
      problems.append("suspended at \(since), after the latest instant \(instants.latestInstant)")
    }
    return problems
  }

  /// Rule 8, between passes, with ends on a grid of their own.
  func checkEveryEndToComeIsNoted() -> [String] {
    guard isBetweenPasses, grid.endsHaveOwnGrid else { return [] }
    var problems: [String] = []
    let noted = endEntries
    forEachRunningRegistration { slot, timing, change in
      // An overtime countdown's 0 is noted from its 1 like any end; below that, on the grid.
      guard timing.isAtItsLastValue else { return }
      if let end = Self.deadline(of: slot, in: noted), end <= change { return }
      let what = timing.deliversMilestones ? "its next milestone" : "its last value"
      problems.append("a registration at \(what), ending at \(change), has no end noted by then")
    }
    return problems
  }

  /// Rule 9, between passes, with the wheel not due to be rebuilt and the engine not suspended
  /// (running time then stands still, and its end rebuilds it).
  func checkEveryChangeWaitsInTheWheel() -> [String] {
    guard isBetweenPasses, let wheel, !wheelCursor.needsWalk, suspension.since == nil else { return [] }
    var problems: [String] = []
    if wheel.firstHeld != nil { problems.append("the wheel holds entries between passes") }
    let entries = wheelEntries
    let visitedWindow = wheelCursor.visitedWindow
    // After the pass at the clock's last instant (every window visited), none is probed again.
    let probesToCome = visitedWindow != .max
    forEachRegistration { slot, timing in
      if probesToCome, timing.isPaused, !timing.awaitsPromptDelivery, Self.deadline(of: slot, in: entries) == nil {
        problems.append("a paused registration is not in the wheel, to be probed")
      }
    }
    forEachRunningRegistration { slot, _, change in
      let window = max(grid.windowNumber(ofChangeAt: change), visitedWindow.addingSaturated(1))
      let waiting = Self.deadline(of: slot, in: entries)
      if waiting != window {
        problems.append(
          "a registration changing at \(change) waits for \(waiting.map(String.init) ?? "nothing"), "
            + "not for window \(window) (visited through window \(visitedWindow))")
      }
    }
    return problems
  }

  /// Rule 10, both ways: each entry is the one its slot's handle names, of a registration in the
  /// table, and each handle names its entry.
  func checkAnIndexHoldsOneEntryPerRegistration() -> [String] {
    var problems: [String] = []
    if usesWheel, !ends.isEmpty { problems.append("an engine with the wheel has ends to come") }
    // The engine's one index.
    let entries = usesWheel ? wheelEntries : endEntries
    var entryCount = 0
    for (handle, entry) in entries.enumerated() {
      guard let registration = entry?.registration else { continue }
      entryCount += 1
      if registration.slot.indexHandle != handle {
        problems.append("an index entry is not the one its slot's handle names")
      }
      if registration.slot.key == nil || table.index(of: registration.slot, at: registration.position) == nil {
        problems.append("an index entry names a registration not in the table")
      }
    }
    if entryCount > table.count {
      problems.append("an index holds \(entryCount) entries, \(table.count) registrations")
    }
    forEachRegistration { slot, _ in
      if slot.indexHandle >= 0, Self.deadline(of: slot, in: entries) == nil {
        problems.append("a registration's index handle names no entry of its own")
      }
    }
    return problems
  }

  /// Rule 6's retirement: nothing retired between passes; while a pass runs, each slot retired
  /// keeps its handler and is out of the table.
  func checkRemovedRegistrationsAreKeptForThePass() -> [String] {
    var problems: [String] = []
    let retired = pass.retired
    let retiredHandlers = pass.retiredHandlers
    if isBetweenPasses, !retired.isEmpty || !retiredHandlers.isEmpty {
      problems.append("\(retired.count) slots and \(retiredHandlers.count) handlers retired between passes")
    }
    if retired.count != retiredHandlers.count {
      problems.append("\(retired.count) slots retired with \(retiredHandlers.count) handlers")
    }
    if !retired.isEmpty {
      let live = Set(table.nodes.lazy.map(\.slot))
      for slot in retired where live.contains(slot) {
        problems.append("a retired slot is still in the table")
      }
    }
    return problems
  }

  /// Whether the registration in `slot` is still in the table and not paused: a callback may begin
  /// for it.
  func isLive(_ slot: SlotReference, pausedWalk: Bool = false) -> Bool {
    guard let key = slot.key, let index = table.index(of: key) else { return false }
    let timing = table[index].timing
    return table[index].slot == slot && (!timing.isPaused || (pausedWalk && timing.walksSegments))
  }

  /// The rule checks every transition runs as it ends, in builds with `COUNTDOWN_CHECK_INVARIANTS`
  /// (set by `COUNTDOWN_INTERNAL_CHECKS=1`); traps on a broken rule unless a test records them
  /// (``BrokenRuleRecorder``). Rule 12 (O(1)) every time; the O(count) ones while fewer than 64
  /// registrations live, then every `count / 32`-th lock entry (about 32 registrations looked at
  /// per transition, so that large tests, and the sanitized runs, stay linear and cheap), never
  /// above 2 048.
  @inline(__always)
  func checkRulesIfEnabled() {
    #if COUNTDOWN_CHECK_INVARIANTS
      BrokenRuleRecorder.report(indexCostViolations() + checkNoWakeupIsPlannedForAnEmptyTable(), "engine cost rules")
      guard table.count <= 2048, lockEntries % Int64(max(1, table.count / 32)) == 0 else { return }
      BrokenRuleRecorder.report(invariantViolations(), "engine invariants")
      BrokenRuleRecorder.report(checkQuietRegistrationsAreApart(), "engine cost rules")
    #endif
  }
}

extension EngineState {
  /// Rule 14, as each chunk is prepared: its final 0s are in deadline order, ties in registration
  /// order.
  func checkEndsAreInOrder(_ chunk: borrowing DeliveryChunk) -> [String] {
    var last: EndOrder?
    for callback in chunk.prepared where callback.ends {
      let order = endOrder(of: callback.slot)
      if let last, order < last {
        return [
          "an end due at \(order.deadline) (registration \(order.order)) comes after one due at "
            + "\(last.deadline) (registration \(last.order))"
        ]
      }
      last = order
    }
    return []
  }

  /// ``checkEndsAreInOrder(_:)`` in builds with internal checks, for a chunk just prepared.
  @inline(__always)
  func checkEndsAreInOrderIfEnabled(_ chunk: borrowing DeliveryChunk) {
    #if COUNTDOWN_CHECK_INVARIANTS
      BrokenRuleRecorder.report(checkEndsAreInOrder(chunk), "engine invariants")
    #endif
  }

  /// What is wrong with a registration that delivers only its end or at milestones (its timing
  /// `timing`, in `slot`), if anything: it must stand at 1 (or, at milestones, at a milestone of
  /// its slot's + 1) until its 0, and only a registration at milestones has them in its slot.
  func onlyTheEndViolation(_ timing: CountdownTiming, slot: SlotReference) -> String? {
    guard timing.deliversMilestones else {
      // A walk keeps its milestones for each segment, in the stretches it delivers only its end too.
      if slots.milestones(of: slot) != nil, !timing.walksSegments {
        return "a registration without milestones has some in its slot"
      }
      guard timing.skipsChanges, timing.value != 1, timing.value != 0, !timing.isPaused else { return nil }
      return "an only-the-end registration stands at \(timing.value)"
    }
    guard let milestones = slots.milestones(of: slot) else {
      return "a registration at milestones has none in its slot"
    }
    let next = timing.value - 1
    // A walk paused (after a segment that pauses) stands at its frozen time's value, as any paused
    // walk does: its resume plans its next milestone again.
    guard timing.value != 0, next != 0, !(timing.walksSegments && timing.isPaused),
      !milestones.ascending.contains(next)
    else { return nil }
    return "a registration at milestones stands at \(timing.value), waiting for \(next), not one of its milestones"
  }
}
