import CountdownCore
import CountdownTestSupport

// The driver's steps on registrations walking segments: a walk registered, moved, paused, resumed
// and given time, each checked against the model's walk (``WalkRecord``) and leaving it as the
// engine documents. Cancel, release, suspensions, jumps and the steps during a pass or preempted
// are the driver's own, for walks as for any registration.

extension SimulationRun.Driver {
  /// Whether the slot holds a walk the model knows of (its plan may have ended, its final call
  /// still to come).
  func walks(_ slot: Int) -> Bool {
    current[slot].flatMap { model.records[$0]?.walk } != nil
  }

  /// An operation made now may find the walk's end taken by a pass the model has not seen finish:
  /// from a callback, from a step that preempts another, or off the delivery queue.
  var mayMeetAPass: Bool { !deliversInsideTheCall }

  /// Registers a walk of `plan` in `slot`. Walks stay off a run near the clock's last instant: its
  /// segments' ends would lie past it.
  func registerWalk(
    _ slot: Int, plan: SimulationPlan, from: Int, leftMilliseconds: Int64?, pauses: Bool,
    deliveries: CountdownDeliveries, paused: Bool
  ) throws {
    guard !nearTheEnd else { return }
    let layout = try plan.layout()
    let receiver = objects[slot] ?? Receiver("slot \(slot)")
    objects[slot] = receiver
    let id = nextID
    nextID += 1
    let model = self.model
    let clock = self.clock
    let start = self.start
    let inside = deliversInsideTheCall
    let ended = plan.isEnded(from)
    let left = leftMilliseconds.map { $0 * 1_000_000 } ?? (ended ? 0 : plan.length(from))
    let before = now()
    let outer = model.hold(id)
    do {
      try engine.register(
        receiver, walking: layout, from: from, left: leftMilliseconds.map { $0 * 1_000_000 },
        whileSuspended: pauses ? .pauses : .keepsRunning, delivering: deliveries, paused: paused,
        handler: { [weak receiver] value, stop in
          guard receiver != nil else {
            stop = true
            return
          }
          model.deliver(id, value, at: clock.base.now.nanosecondsSinceOrigin - start)
        },
        onSegment: { [weak receiver] call, stop in
          guard receiver != nil else {
            stop = true
            return
          }
          model.deliverCall(id, call, at: clock.base.now.nanosecondsSinceOrigin - start)
        })
    } catch {
      model.release(outer)
      return model.fail("walk(slot \(slot)) threw \(error)")
    }
    let after = now() + model.early
    end(slot)
    current[slot] = id
    var record = RegistrationRecord(
      kind: .countdown, pauses: pauses, anchorMin: before + left, anchorMax: after + left,
      maximum: Int(max(1, model.ceilDiv(left, SimulationRun.interval))), gridCheckAfter: after)
    record.sawSuspension = suspended
    record.onlyTheEnd = deliveries.isOnlyTheEnd
    record.atMilestones = deliveries.milestones != nil
    if record.atMilestones { record.milestonesBelow = model.ceilDiv(left, SimulationRun.interval) }
    record.walk = WalkRecord(plan: plan, deliveries: deliveries, ordinal: from)
    // A time left past the segment's length is time added to it before it started.
    if !ended { record.walk!.added = max(0, left - plan.length(from)) }
    // Past the plan's last segment, the plan ends at once.
    if ended { (record.anchorMin, record.anchorMax) = (before, after) }
    var owed = deliveries.isEveryChange
    if paused, !ended {
      owed = left <= 0
      if left <= 0 {
        // With nothing left, its segment ends there, and the next waits paused: told at once.
        endPausedSegment(of: &record, between: before, and: after)
      } else {
        record.paused = true
        (record.pausedMin, record.pausedMax) = (0, 0)
        (record.anchorMin, record.anchorMax) = (left, left)
      }
    }
    model.records[id] = record
    let made = release(outer, between: before, and: after)
    // A silent walk's first call is its first end, which may be due at once: with nothing left, or
    // with time moving past it between the clock reading its end counts from and the registration.
    let silentEndDue = !deliveries.isEveryChange && (left <= 0 || ended || before + left <= after)
    if inside, made != (owed ? 1 : 0), !(silentEndDue && made <= 1) {
      model.fail("#\(id) had \(made) calls inside its registration on the delivery queue, not \(owed ? 1 : 0)")
    }
  }

  /// Checks what the driver's call held, the calls standing for its readings, `before` to `after`.
  @discardableResult
  func release(
    _ outer: (held: SimulationModel.Held?, duringPass: (() -> Void)?), between before: Int64, and after: Int64
  )
    -> Int
  {
    model.heldWindow = before...after
    defer { model.heldWindow = nil }
    return model.release(outer)
  }

  /// Ends the walk's current segment, paused with nothing left, at the call's reading (`before` to
  /// `after`): the next waits paused at its full length, or the plan ends; told at once.
  func endPausedSegment(of record: inout RegistrationRecord, between before: Int64, and after: Int64) {
    guard var walk = record.walk else { return }
    let end = WalkEnd(
      ordinal: walk.ordinal, instantMin: before, instantMax: after, planEnded: walk.plan.isEnded(walk.ordinal + 1),
      paused: walk.plan.pausesAfter(walk.ordinal))
    walk.pending.append(end)
    walk.ordinal += 1
    walk.added = 0
    walk.mayCallPaused = true
    if end.planEnded {
      record.paused = false
      (record.anchorMin, record.anchorMax) = (before, after)
    } else {
      let length = walk.plan.length(walk.ordinal)
      record.paused = true
      (record.pausedMin, record.pausedMax) = (0, 0)
      (record.anchorMin, record.anchorMax) = (length, length)
      record.maximum = max(record.maximum, Int(model.ceilDiv(length, SimulationRun.interval)))
    }
    record.milestonesBelow = nil
    record.walk = walk
  }

  /// The error a seek must throw, if any: a negative offset, a negative ordinal, or an offset at or
  /// past its segment's length (any offset but 0 past the plan's last segment).
  func seekError(_ move: SegmentMove, in plan: SimulationPlan) -> CountdownError? {
    guard case .seek(let ordinal, let offset) = move else { return nil }
    if offset < 0 { return .negativeDuration }
    if ordinal < 0 { return .outOfRange }
    if plan.isEnded(ordinal) { return offset == 0 ? nil : .outOfRange }
    return offset < plan.length(ordinal) ? nil : .outOfRange
  }

  /// Moves the slot's walk, checking the result, the error of an invalid seek (which changes
  /// nothing), and the call that tells the move.
  func moveWalk(_ slot: Int, _ move: SegmentMove) {
    guard let object = objects[slot] else { return }
    let id = current[slot]
    let known = id.flatMap { model.records[$0] }
    // Its final call made, its registration has ended.
    let walking = known?.walk != nil && known?.ended == false
    let inside = deliversInsideTheCall
    let inPass = mayMeetAPass
    let before = now()
    let outer = id.map { model.hold($0) }
    let result: SegmentMoveResult
    do {
      result = try engine.move(object, move)
    } catch {
      let after = now() + model.early
      let made = outer.map { release($0, between: before, and: after) } ?? 0
      let expected = known?.walk.flatMap { walking ? seekError(move, in: $0.plan) : nil }
      model.coverage?.note("invalid seeks")
      // From a callback, a walk whose final call this pass made is still there until the pass
      // removes it: its seek is checked still.
      let ending = inPass && known?.ended == true
      if error != expected, !(ending && error == known?.walk.flatMap { seekError(move, in: $0.plan) }) {
        model.fail("move(slot \(slot), \(move)) threw \(error), not \(String(describing: expected))")
      }
      if made != 0 { model.fail("move(slot \(slot), \(move)) threw and made \(made) calls") }
      return
    }
    let after = now() + model.early
    guard walking, let id, var record = model.records[id], let plan = record.walk?.plan else {
      if let outer { release(outer, between: before, and: after) }
      if result != .notFound { model.fail("move(slot \(slot), \(move)) found a walk: \(result)") }
      return
    }
    // A pass that preempted the move (inside its clock reading) told the plan's end: the
    // registration ended with that call, before the move took effect.
    if record.ended {
      if let outer { release(outer, between: before, and: after) }
      if result != .notFound { model.fail("move(slot \(slot), \(move)) found a walk after its final call: \(result)") }
      return
    }
    // From a callback of the pass that prepared the walk's final 0, before that call begins, its
    // registration has ended already, as a countdown's has for a cancel: nothing is found or moved,
    // and that call still comes.
    if result == .notFound, inPass, walkMayHaveEnded(record, by: after) {
      model.coverage?.note("moves finding the plan's end prepared")
      if let outer { release(outer, between: before, and: after) }
      return
    }
    if let error = seekError(move, in: plan) {
      model.fail("move(slot \(slot), \(move)) was accepted, not \(error)")
    }
    var sure = record.walk!.sure && record.followsTheClock
    var passed: [WalkEnd] = []
    if sure, !record.paused {
      // The walk is brought up to the move's reading first.
      let passing = model.passing(record, by: after, surelyBy: before)
      if passing.sure != passing.ends.count || (inPass && !passing.ends.isEmpty) { sure = false }
      passed = passing.ends
    }
    var expected: Set<SegmentMoveResult> = [.moved, .endedPlan, .planHadEnded]
    var owed: Int?
    // A silent walk's segment counts from the move's reading: its end may be due at once, with time
    // moving past it between that reading and the move's lock.
    var silentEndDue = false
    if sure {
      model.pass(passed, in: &record)
      var walk = record.walk!
      if plan.isEnded(walk.ordinal) {
        // Its plan ended before the move: its final call is on its way.
        expected = [.planHadEnded]
      } else {
        let target: Int
        var offset: Int64 = 0
        switch move {
        case .skip: target = walk.ordinal + 1
        case .restart: target = walk.ordinal
        case .back: target = max(0, walk.ordinal - 1)
        case .seek(let ordinal, let seekOffset): (target, offset) = (ordinal, seekOffset)
        }
        walk.movedSinceSync = true
        if plan.isEnded(target), walk.pending.isEmpty {
          expected = [.endedPlan]
        } else {
          expected = [.moved]
          // Past the last segment, the walk stands at the segment count.
          walk.ordinal = min(target, plan.count ?? target)
          walk.added = 0
          if plan.isEnded(target) {
            // The ends passed before it are told with the plan's end.
            record.paused = false
            (record.anchorMin, record.anchorMax) = (before, after)
          } else {
            let left = plan.length(target) - offset
            if record.paused {
              walk.mayCallPaused = true
              (record.pausedMin, record.pausedMax) = (0, 0)
              (record.anchorMin, record.anchorMax) = (left, left)
            } else {
              (record.anchorMin, record.anchorMax) = (before + left, after + left)
              silentEndDue = !walk.deliveries.isEveryChange && before + left <= after
            }
            record.maximum = max(record.maximum, Int(model.ceilDiv(left, SimulationRun.interval)))
          }
          owed = walk.deliveries.isEveryChange || !walk.pending.isEmpty ? 1 : 0
        }
      }
      record.walk = walk
    } else {
      if record.walk!.sure { model.coverage?.note("moves about an end") }
      record.walk!.sure = false
      record.walk!.movedSinceSync = true
      record.walk!.mayCallPaused = true
    }
    record.loose = true
    record.mayGoUp = true
    record.milestonesBelow = nil
    record.gridCheckAfter = max(record.gridCheckAfter, after)
    model.records[id] = record
    model.coverage?.note("moves \(result)\(expected.count == 1 ? ", predicted" : "")")
    if !expected.contains(result) {
      model.fail("move(slot \(slot), \(move)) returned \(result), not \(expected.map { "\($0)" }.sorted())")
    }
    if result == .endedPlan { end(slot) }
    let made = outer.map { release($0, between: before, and: after) } ?? 0
    if inside, let owed, made != owed, !(silentEndDue && made <= 1) {
      model.fail("#\(id) had \(made) calls inside move \(move), not \(owed)")
    }
    if inside, made > 1 { model.fail("#\(id) had \(made) calls inside move \(move)") }
  }

  /// Pauses the slot's walk: at the call's reading, its segment's time left frozen; with its end
  /// due and not told, that segment ends there (the next waiting paused at its full length), told
  /// at once.
  func pauseWalk(_ slot: Int) {
    guard let object = objects[slot], let id = current[slot], let known = model.records[id], !known.ended,
      !known.paused
    else { return }
    let inside = deliversInsideTheCall
    let inPass = mayMeetAPass
    let before = now()
    let outer = model.hold(id)
    let found = engine.pause(object)
    let after = now() + model.early
    var record = model.records[id]!
    // A pass that preempted the pause told the walk paused after its segment: nothing to pause.
    guard !record.paused else {
      release(outer, between: before, and: after)
      return
    }
    var owed: Int?
    let passing = model.passing(record, by: after, surelyBy: before)
    if model.follows(record), let walk = record.walk, walk.plan.isEnded(walk.ordinal) {
      // Its plan has ended, its final call on its way: nothing runs to pause, and that call comes.
      if found { model.fail("pause(slot \(slot)) paused a walk whose plan had ended") }
    } else if model.follows(record), passing.ends.isEmpty {
      if !found { model.fail("pause(slot \(slot)) found no running walk") }
      record.paused = true
      (record.pausedMin, record.pausedMax) = (before, after)
      owed = 0
    } else if model.follows(record), !inPass, passing.sure == passing.ends.count {
      // The pause acts on the segment running at it: the ends due pass first, told at once.
      model.pass(passing.ends, in: &record)
      record.walk!.mayCallPaused = true
      if record.paused || record.walk!.plan.isEnded(record.walk!.ordinal) {
        // Its plan ended, or the walk paused itself after a segment, before the pause.
        if found { model.fail("pause(slot \(slot)) paused a walk its plan had stopped") }
      } else {
        if !found { model.fail("pause(slot \(slot)) found no running walk, its ends due") }
        record.paused = true
        (record.pausedMin, record.pausedMax) = (before, after)
      }
      owed = 1
    } else {
      // Its end came about the pause, or a pass may have taken it: either outcome.
      if record.walk!.sure { model.coverage?.note("pauses about an end") }
      record.walk!.sure = false
      record.walk!.mayCallPaused = true
      // Not found: paused already, by a pass that passed a segment the walk pauses after (its call
      // on its way), or ended.
      if found {
        record.paused = true
        (record.pausedMin, record.pausedMax) = (before, after)
      }
    }
    record.loose = true
    model.records[id] = record
    let made = release(outer, between: before, and: after)
    if inside, let owed, made != owed { model.fail("#\(id) had \(made) calls inside its pause, not \(owed)") }
  }

  /// Resumes the slot's walk, paused by a pause or after a segment that pauses: its resume is told
  /// by a call at once (a silent walk's only when it owes ends).
  func resumeWalk(_ slot: Int) {
    guard let object = objects[slot], let id = current[slot], let known = model.records[id], !known.ended,
      known.paused
    else { return }
    let inside = deliversInsideTheCall
    let before = now()
    let outer = model.hold(id)
    let found = engine.resume(object)
    let read = now()
    let after = read + model.early
    var record = model.records[id]!
    let sure = record.walk!.sure && record.followsTheClock
    if !found, sure { model.fail("resume(slot \(slot)) found no paused walk") }
    record.anchorMin = before + max(0, record.anchorMin - record.pausedMax)
    record.anchorMax = after + max(0, record.anchorMax - record.pausedMin)
    record.paused = false
    record.awaitsPromptDelivery = true
    record.gridCheckAfter = after
    record.loose = true
    record.milestonesBelow = nil
    record.walk!.mayCallPaused = false
    if !found { record.walk!.sure = false }
    // A silent walk's resume owes a call for the ends it owes. With milestones, and the clock moved
    // during the resume (an advance inside it), its next milestone may be due by the instant its
    // lock acts on, and is owed at once, late, never skipped: a call then, or none.
    let milestoneMayBeDue = record.walk!.deliveries.milestones != nil && read != before
    let owed =
      sure && found
      ? (record.walk!.deliveries.isEveryChange || !record.walk!.pending.isEmpty ? 1 : milestoneMayBeDue ? nil : 0)
      : nil
    model.records[id] = record
    let made = release(outer, between: before, and: after)
    if inside, let owed, made != owed { model.fail("#\(id) had \(made) calls inside its resume, not \(owed)") }
  }

  /// Adds time to the slot's walk: to the segment running at the call's reading (the ends due
  /// before it passed first), never moving its end before that reading; a paused one's time left,
  /// never below zero, down to nothing ending the segment. A walk of every change is told by a
  /// call at once, a silent one only of ends.
  func addTimeToWalk(_ nanoseconds: Int64, slot: Int) {
    guard let object = objects[slot], let id = current[slot], let known = model.records[id], !known.ended else {
      return
    }
    let inside = deliversInsideTheCall
    let inPass = mayMeetAPass
    let before = now()
    let outer = model.hold(id)
    let found: Bool
    do {
      found = try engine.addTime(.nanoseconds(nanoseconds), to: object)
    } catch {
      release(outer, between: before, and: now() + model.early)
      if error != .outOfRange || nanoseconds != .max {
        model.fail("addTime(slot \(slot), \(nanoseconds) ns) threw \(error)")
      }
      return
    }
    let after = now() + model.early
    var record = model.records[id]!
    // A walk whose plan has ended has nothing to add to: its end is told, and nothing is rejected.
    if nanoseconds == .max, !walkMayHaveEnded(record) {
      model.fail("addTime(slot \(slot), \(nanoseconds) ns) was accepted")
    }
    guard found else {
      release(outer, between: before, and: after)
      if !walkMayHaveEnded(record) { model.fail("addTime(slot \(slot)) found no walk") }
      return
    }
    var sure = record.walk!.sure && record.followsTheClock
    var owed: Set<Int> = [0, 1]
    if sure, record.paused {
      let leftMin = max(0, record.anchorMin - record.pausedMax)
      let leftMax = record.anchorMax - record.pausedMin
      let (newMin, newMax) = (max(0, leftMin + nanoseconds), max(0, leftMax + nanoseconds))
      if newMax == 0 {
        endPausedSegment(of: &record, between: before, and: after)
        owed = [1]
      } else if newMin == 0 {
        sure = false
      } else {
        record.anchorMin = record.pausedMax + newMin
        record.anchorMax = record.pausedMin + newMax
        owed = [record.walk!.pending.isEmpty ? 0 : 1]
      }
    } else if sure {
      let passing = model.passing(record, by: after, surelyBy: before)
      if passing.sure != passing.ends.count || (inPass && !passing.ends.isEmpty) {
        sure = false
      } else {
        model.pass(passing.ends, in: &record)
        let walk = record.walk!
        if walk.plan.isEnded(walk.ordinal) {
          // Its plan ended before the change: its end is told at once.
          owed = [1]
        } else if record.paused {
          // Paused after a segment that pauses: its frozen time moves, down to nothing ending it.
          let left = max(0, record.anchorMin + nanoseconds)
          if left == 0 {
            endPausedSegment(of: &record, between: before, and: after)
          } else {
            (record.anchorMin, record.anchorMax) = (left, left)
          }
          owed = [1]
        } else {
          // Never before the call's reading: taken past it, the segment ends at once.
          record.anchorMin = max(record.anchorMin + nanoseconds, before)
          record.anchorMax = max(record.anchorMax + nanoseconds, after)
          let everyChange = walk.deliveries.isEveryChange && nanoseconds != 0
          if everyChange || !walk.pending.isEmpty {
            owed = [1]
          } else if record.anchorMin > after {
            owed = [0]
          }
        }
      }
    }
    if !sure {
      if record.walk!.sure { model.coverage?.note("time added about an end") }
      record.walk!.sure = false
      record.walk!.mayCallPaused = true
    }
    record.walk!.added += max(0, nanoseconds)
    record.maximum += Int(model.ceilDiv(max(0, nanoseconds), SimulationRun.interval))
    record.milestonesBelow = nil
    record.loose = true
    record.mayGoUp = true
    record.gridCheckAfter = max(record.gridCheckAfter, after)
    model.records[id] = record
    let made = release(outer, between: before, and: after)
    if inside, !owed.contains(made) { model.fail("#\(id) had \(made) calls inside time added, not \(owed.sorted())") }
  }

  /// Whether the walk of `record` may have come to its plan's end by `latest` (by default, now):
  /// its end passed, or the model does not follow it.
  func walkMayHaveEnded(_ record: RegistrationRecord, by latest: Int64? = nil) -> Bool {
    guard let walk = record.walk, walk.plan.count != nil else { return false }
    guard model.follows(record) else { return true }
    if walk.plan.isEnded(walk.ordinal) { return true }
    return model.passing(record, by: latest ?? now() + model.early, surelyBy: .min).ends.last?.planEnded == true
  }
}
