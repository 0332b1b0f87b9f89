@_spi(Walks) import CountdownCore

// The model of registrations walking segments: which ends a walk passes by an instant, what its
// next call must say, and the check of each call it makes.

extension SimulationModel {
  /// The clock's instant at the run's start: the model counts every instant from it.
  var origin: Int64 { Int64.max - lastInstant }

  /// The ends the walk of `record` passes from its current segment by `latest` at most: those
  /// whose end may lie at or before it, in order, stopping after one the walk pauses after or the
  /// plan's last. The first `sure` of them surely lie at or before `earliest`.
  func passing(_ record: RegistrationRecord, by latest: Int64, surelyBy earliest: Int64) -> (
    ends: [WalkEnd], sure: Int
  ) {
    guard let walk = record.walk, !record.paused, !walk.plan.isEnded(walk.ordinal) else { return ([], 0) }
    var ends: [WalkEnd] = []
    var sure = 0
    var ordinal = walk.ordinal
    var (endMin, endMax) = (record.anchorMin, record.anchorMax)
    while endMin <= latest {
      let end = WalkEnd(
        ordinal: ordinal, instantMin: endMin, instantMax: endMax, planEnded: walk.plan.isEnded(ordinal + 1),
        paused: walk.plan.pausesAfter(ordinal))
      ends.append(end)
      if endMax <= earliest { sure += 1 }
      if end.planEnded || end.paused { break }
      ordinal += 1
      endMin += walk.plan.length(ordinal)
      endMax += walk.plan.length(ordinal)
    }
    return (ends, sure)
  }

  /// Moves the model's walk of `record` past `ends` (from ``passing(_:by:surelyBy:)``): they are
  /// owed to the next call, and the walk is in the segment after the last, running toward its
  /// end, waiting paused at its full length, or, past the plan's last, due to end at once.
  func pass(_ ends: [WalkEnd], in record: inout RegistrationRecord) {
    guard let last = ends.last, var walk = record.walk else { return }
    walk.pending += ends
    walk.ordinal = last.ordinal + 1
    walk.added = 0
    if last.planEnded {
      (record.anchorMin, record.anchorMax) = (last.instantMin, last.instantMax)
    } else {
      let length = walk.plan.length(walk.ordinal)
      if last.paused {
        record.paused = true
        (record.pausedMin, record.pausedMax) = (0, 0)
        (record.anchorMin, record.anchorMax) = (length, length)
        walk.mayCallPaused = true
      } else {
        (record.anchorMin, record.anchorMax) = (last.instantMin + length, last.instantMax + length)
      }
      record.maximum = max(record.maximum, Int(ceilDiv(length, interval)))
    }
    record.milestonesBelow = nil
    record.walk = walk
  }

  /// Delivers a segment call to the walk of `id`, made at clock instant `now` (held while the call
  /// that owes it runs, as a value is).
  func deliverCall(_ id: Int, _ call: SegmentCall, at now: Int64) {
    if holds(id) {
      hold(call, at: now)
      return
    }
    checkCall(id, call, at: now)
    passCalled()
  }

  /// Checks one call to the walk of `id`, made at clock instant `now`, and takes up the walk from
  /// it. `window`: the instants the call may stand for, when the model knows better than a pass's
  /// (a call made inside an operation stands for the operation's reading).
  func checkCall(_ id: Int, _ call: SegmentCall, at now: Int64, window: ClosedRange<Int64>? = nil) {
    guard var record = records[id], let walk = record.walk else {
      return fail("a segment call \(describe(call)) to #\(id), which walks no segments")
    }
    let text = "#\(id)'s call \(describe(call)) at \(now)"
    if record.gone { fail("\(text) came after it was cancelled, replaced or released") }
    if record.ended { fail("\(text) came after its plan's end") }
    if walk.sure, record.paused, !walk.mayCallPaused { fail("\(text) came while paused") }
    if let problem = structuralProblem(call, record) { fail("\(text): \(problem)") }
    coverage?.note("calls")
    if walk.sure, record.followsTheClock, !record.ended, !record.gone {
      let window = window ?? (now - slack)...(now + early)
      coverage?.note("predicted calls")
      if call.ends.summary != nil { coverage?.note("predicted summaries") }
      if !call.ends.isEmpty { coverage?.note("predicted ends") }
      if call.isPaused { coverage?.note("predicted paused calls") }
      if walk.plan.isEnded(call.ordinal) { coverage?.note("predicted plan ends") }
      if let problem = predictionProblem(call, record, window: window) {
        fail("\(text): \(problem) (the model: segment \(walk.ordinal), owing \(walk.pending))")
      }
    }
    takeUp(call, in: &record, at: now)
    records[id] = record
  }

  /// What the call says that no walk of the plan can say, whatever the model knows.
  private func structuralProblem(_ call: SegmentCall, _ record: RegistrationRecord) -> String? {
    guard let walk = record.walk else { return nil }
    let plan = walk.plan
    let told = call.ends
    guard call.ordinal >= 0, !(plan.count.map { call.ordinal > $0 } ?? false) else {
      return "its ordinal is off the plan"
    }
    if plan.isEnded(call.ordinal) {
      guard call.value == 0, call.timeLeft == 0, call.end == nil else { return "the plan's end, with time left" }
    } else {
      guard call.value >= 1, call.timeLeft > 0 else { return "no time left in a segment" }
      if call.isPaused != (call.end == nil) {
        return "paused \(call.isPaused), with the end \(String(describing: call.end))"
      }
      if let end = call.end, end - call.instant != call.timeLeft {
        return "its end and its instant \(call.instant) are \(end - call.instant) apart, its time left \(call.timeLeft)"
      }
      let most = ceilDiv(plan.length(call.ordinal) + max(0, walk.added), interval)
      if Int64(call.value) > most { return "more than its segment's \(most) intervals" }
    }
    if told.ends.count > plan.window { return "more ends one by one than the window of \(plan.window)" }
    if told.summary != nil, told.ends.isEmpty { return "a summary without ends" }
    var instants = told.summary.map { [$0.first, $0.last] } ?? []
    instants += told.ends.map(\.instant)
    if instants != instants.sorted() { return "its ends out of order" }
    if let last = instants.last, last > call.instant { return "an end after its instant \(call.instant)" }
    if let last = told.ends.last {
      if told.planEnded, last.ordinal + 1 != plan.count { return "the plan's end told after segment \(last.ordinal)" }
      if told.paused, !plan.pausesAfter(last.ordinal) { return "paused after \(last.ordinal), which does not pause" }
    } else if told.planEnded || told.paused {
      return "flags without ends"
    }
    // A silent walk's calls tell ends (or milestones), or its plan's end (one registered past it).
    let toldNothing = told.isEmpty && !plan.isEnded(call.ordinal)
    if walk.deliveries.isOnlyTheEnd, toldNothing { return "a walk of only its ends told no end" }
    if let milestones = walk.deliveries.milestones, toldNothing, !milestones.contains(call.value) {
      return "a walk at milestones told no end, at no milestone"
    }
    // Without a move since the last call, the ends run on from its segment.
    if !walk.movedSinceSync {
      var ordinals = told.summary.map { Array($0.ordinals) } ?? []
      if let summary = told.summary, let first = told.ends.first, summary.ordinals.upperBound != first.ordinal {
        return "its summary does not run on to its ends"
      }
      ordinals += told.ends.map(\.ordinal)
      let expected = Array(walk.syncedOrdinal..<(walk.syncedOrdinal + ordinals.count))
      if ordinals != expected { return "ends \(ordinals) do not run on from segment \(walk.syncedOrdinal)" }
      if call.ordinal != walk.syncedOrdinal + ordinals.count {
        return "segment \(call.ordinal) after ends from \(walk.syncedOrdinal)"
      }
    }
    return nil
  }

  /// What the call says that the model, sure of the walk, does not predict; `nil` when it says
  /// what one of the outcomes the model allows says. `window`: the instants the call may stand for.
  private func predictionProblem(
    _ call: SegmentCall, _ record: RegistrationRecord, window: ClosedRange<Int64>
  ) -> String? {
    guard let walk = record.walk else { return nil }
    let passed = passing(record, by: window.upperBound, surelyBy: window.lowerBound)
    var first: String?
    for count in passed.sure...passed.ends.count {
      let ends = Array(passed.ends.prefix(count))
      guard let problem = outcomeProblem(call, record, walk, passed: ends, window: window) else { return nil }
      first = first ?? problem
    }
    return first
  }

  /// What the call says that differs from the outcome in which the walk passed `passed` (and told
  /// the ends it owed before them).
  private func outcomeProblem(
    _ call: SegmentCall, _ record: RegistrationRecord, _ walk: WalkRecord, passed: [WalkEnd],
    window: ClosedRange<Int64>
  ) -> String? {
    let plan = walk.plan
    let expected = walk.pending + passed
    if let problem = endsProblem(call.ends, expected: expected, window: plan.window) { return problem }
    let ordinal = passed.last.map { $0.ordinal + 1 } ?? walk.ordinal
    guard call.ordinal == ordinal else { return "segment \(call.ordinal), not \(ordinal)" }
    if plan.isEnded(ordinal) { return nil }
    let pausedByPlan = passed.last?.paused ?? false
    let paused = record.paused || pausedByPlan
    guard call.isPaused == paused else { return "paused \(call.isPaused), not \(paused)" }
    if pausedByPlan {
      let length = plan.length(ordinal)
      guard call.timeLeft == length else { return "waiting with \(call.timeLeft) ns, not its length \(length)" }
      return nil
    }
    if paused {
      let leftMin = max(0, record.anchorMin - record.pausedMax)
      let leftMax = record.anchorMax - record.pausedMin
      guard (leftMin...max(leftMin, leftMax)).contains(call.timeLeft) else {
        return "paused with \(call.timeLeft) ns, not \(leftMin)...\(leftMax)"
      }
      return nil
    }
    let length = plan.length(ordinal)
    let (endMin, endMax) =
      passed.last.map { ($0.instantMin + length, $0.instantMax + length) } ?? (record.anchorMin, record.anchorMax)
    guard let end = call.end.map({ $0 - origin }), (endMin...endMax).contains(end) else {
      return "its end \(call.end.map { String($0 - origin) } ?? "none"), not \(endMin)...\(endMax)"
    }
    // A milestone's value is the milestone's.
    if walk.atMilestones, call.ends.isEmpty { return nil }
    let least = max(1, ceilDiv(end - window.upperBound, interval))
    let most = ceilDiv(end - window.lowerBound, interval) + 1
    guard (least...most).contains(Int64(call.value)) else { return "the value \(call.value), not \(least)...\(most)" }
    return nil
  }

  /// What `told` says that differs from the ends `expected`, bounded: the latest `window` one by
  /// one, those before them in one summary from the first to the last.
  private func endsProblem(_ told: PassedSegmentEnds, expected: [WalkEnd], window: Int) -> String? {
    let kept = Array(expected.suffix(window))
    let folded = expected.dropLast(kept.count)
    func within(_ instant: Int64, _ end: WalkEnd) -> Bool {
      (end.instantMin...end.instantMax).contains(instant - origin)
    }
    if let first = folded.first, let last = folded.last {
      guard let summary = told.summary else { return "no summary of \(Array(folded))" }
      guard summary.ordinals == first.ordinal..<(last.ordinal + 1) else {
        return "a summary of \(summary.ordinals), not of \(Array(folded))"
      }
      guard within(summary.first, first), within(summary.last, last) else {
        return "a summary from \(summary.first - origin) to \(summary.last - origin), not of \(Array(folded))"
      }
    } else if told.summary != nil {
      return "a summary, for the ends \(expected)"
    }
    guard told.ends.map(\.ordinal) == kept.map(\.ordinal) else { return "ends other than \(expected)" }
    for (end, wanted) in zip(told.ends, kept) where !within(end.instant, wanted) {
      return "segment \(end.ordinal) ended at \(end.instant - origin), not \(wanted)"
    }
    let planEnded = expected.last?.planEnded ?? false
    let paused = expected.last?.paused ?? false
    guard told.planEnded == planEnded, told.paused == paused else {
      return "ends told with planEnded \(told.planEnded), paused \(told.paused)"
    }
    return nil
  }

  /// Takes up the walk of `record` from `call`, made at `now`: its segment, its end (or its time
  /// left, paused), its value; nothing owed. The plan's end ends the registration.
  func takeUp(_ call: SegmentCall, in record: inout RegistrationRecord, at now: Int64) {
    guard var walk = record.walk else { return }
    // A segment the model did not know of starts with its length (unsure, the model keeps what it
    // added: a bound never below the time added).
    if walk.sure, call.ordinal != walk.ordinal { walk.added = 0 }
    walk.ordinal = call.ordinal
    walk.syncedOrdinal = call.ordinal
    walk.pending = []
    walk.movedSinceSync = false
    walk.mayCallPaused = false
    walk.sure = true
    record.walk = walk
    if walk.plan.isEnded(call.ordinal) {
      record.ended = true
      return
    }
    if call.isPaused {
      record.paused = true
      (record.pausedMin, record.pausedMax) = (0, 0)
      (record.anchorMin, record.anchorMax) = (call.timeLeft, call.timeLeft)
    } else if let end = call.end {
      record.paused = false
      (record.anchorMin, record.anchorMax) = (end - origin, end - origin)
    }
    record.sawSuspension = suspended
    record.last = call.value
    record.maximum = call.value
    record.mayGoUp = false
    record.awaitsPromptDelivery = false
    record.gridCheckAfter = max(record.gridCheckAfter, now)
    if record.atMilestones { record.milestonesBelow = Int64(call.value) }
    if record.looseTwice {
      record.looseTwice = false
    } else {
      record.loose = false
    }
  }

  /// Marks the model unsure of the walk of `id`: its next call is checked for what holds whatever
  /// the outcome, and taken up.
  /// Whether the model follows the walk of `record` exactly enough to check its timing: sure of
  /// it, on the clock. `true` for a registration that walks no segments.
  func follows(_ record: RegistrationRecord) -> Bool {
    guard let walk = record.walk else { return true }
    return walk.sure && walk.pending.isEmpty && record.followsTheClock
  }

  /// A call as the walk tests write it: `#1 5 ends 0..<3,3 paused ended`.
  func describe(_ call: SegmentCall) -> String {
    var line = "#\(call.ordinal) \(call.value)"
    if !call.ends.isEmpty {
      var parts: [String] = []
      if let summary = call.ends.summary {
        parts.append("\(summary.ordinals.lowerBound)..<\(summary.ordinals.upperBound)@\(summary.first - origin)")
      }
      parts += call.ends.ends.map { "\($0.ordinal)@\($0.instant - origin)" }
      line += " ends " + parts.joined(separator: ",")
    }
    if call.isPaused { line += " paused" }
    if call.ends.planEnded { line += " ended" }
    if call.ends.paused { line += " waits" }
    return "(\(line), left \(call.timeLeft))"
  }
}
