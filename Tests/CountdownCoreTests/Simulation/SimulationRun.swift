import CountdownCore
import Dispatch
import Foundation

/// Replays simulation steps on an engine whose manual clock behaves like a real one (wakeups up
/// to 20 ms late or 5 ms early, every read 0–50 µs later, and a reading that another step can
/// overtake before the engine takes its lock), checking every delivered value against the
/// reference model, and after every advance that every one-shot still to come has a wakeup armed
/// by its end. Runs on the main thread: the engine delivers on the main queue, so each advance
/// delivers synchronously.
///
/// The seed also picks the run's setting: the shared grid (with ends on time, or, in one run of
/// eight, ends on the interval's grid and steps of mostly one-shots: see
/// ``runsMostlyOneShots(seed:crowded:)``) or
/// per-countdown alignment (a 20 ms tolerance), and
/// whether a count-up "ticker" runs beside the slots, so that a pass always has a
/// callback to perform a ``SimulationStep/duringPass(_:offThread:)`` step from. Without it, such a
/// step runs from a slot's own callback, or after the advance if none came.
///
/// A crowded run adds, at its first ``SimulationStep/duringPass(_:offThread:)``, more countdowns
/// than fit in one chunk of a delivery pass, registered after the slots' so that a pass walks them
/// first: a slot registered from a crowd callback lies in the part of the pass not prepared yet.
///
/// One uncrowded run in eight without a silent crowd (``startsNearTheClocksEnd(seed:crowded:)``)
/// starts its clock under a minute before the clock's last instant, `Int64.max`, which its
/// advances and jumps then reach: its changes come near, at and past the last grid instant, and
/// every countdown due by `Int64.max` must still have its values and its 0 there. Time stops at
/// that instant (an advance or a jump past it stops there), a countdown longer than the time left
/// is rejected (``CountdownError/outOfRange``, the slot's registration untouched), and a deadline
/// past it is `Int64.max` itself. The model works on instants counted from the clock's start, so
/// its arithmetic never overflows.
///
/// After every step, the engine's rules are checked, and its cost rules: what its passes looked at
/// against what they delivered, and what its indexes walked against what was done to them. One
/// run in 128 (on the shared grid, ends on time, no ticker: ``hasSilentCrowd(seed:crowded:)``)
/// has a silent crowd: 4 097 one-shots ending twenty minutes on, a millisecond apart, which wait
/// in the ends to come in a few coarse slots, the ten that end soonest moved behind the others at
/// an advance when they are all the engine has to come. A wakeup that walked the table where no
/// value on the grid changes, or a slot walked anew as its soonest entries leave, breaks a cost
/// rule there. Its steps have no `cancelAll`, as
/// a crowded run's, which would end the crowd. (The table stays above the 2 048 registrations
/// past which internal checks skip their checks after every transition: the run checks the rules
/// after every step.)
struct SimulationRun {
  static let slots = 6
  /// Slots after the others that hold walks of segments (``SimulationStep/random(slots:crowded:mostlyOneShots:using:)``).
  static let walkSlots = 2
  /// Whether a run's steps are mostly one-shots: uncrowded runs with ends on the interval's grid use two slots
  /// and start one-shots where others start countdowns. With few countdowns running, and those
  /// calling back only at their end, the engine often has nothing to wake for but one of them, so
  /// one whose wakeup is lost is not rescued by another's.
  static func runsMostlyOneShots(seed: UInt64, crowded: Bool) -> Bool {
    !crowded && endsOnTheGrid(seed: seed)
  }
  /// One run in eight, on the shared grid without a ticker, has its ends on the interval's grid (an
  /// end tolerance of a whole interval), where nothing but the earliest-change bound wakes them.
  static func endsOnTheGrid(seed: UInt64) -> Bool {
    seed % 8 == 0
  }
  /// Whether a run has a silent crowd: one uncrowded run in 128, on the shared grid with ends on
  /// time and no ticker (see ``SimulationRun``). Slow in builds with internal checks (its first
  /// 2 048 registrations are each checked against the whole table): `swift test`'s seeds have one.
  static func hasSilentCrowd(seed: UInt64, crowded: Bool) -> Bool {
    !crowded && seed % 128 == 4
  }
  /// Whether a run starts its clock near the clock's last instant: one uncrowded run in eight
  /// without a silent crowd (whose twenty-minute one-shots would not fit), in every setting (the
  /// seed's lowest three bits pick those).
  static func startsNearTheClocksEnd(seed: UInt64, crowded: Bool) -> Bool {
    !crowded && !hasSilentCrowd(seed: seed, crowded: crowded) && (seed / 8) % 8 == 3
  }
  /// The time between a run's start and the clock's last instant, when it starts near it: 2 to 60 s,
  /// with any offset from the interval's grid.
  static func timeToTheClocksEnd(seed: UInt64) -> Int64 {
    var generator = SplitMix64(seed: seed ^ 0xE1D)
    return 2_000_000_000 + Int64(generator.next() % 58_000_000_001)
  }
  static let interval: Int64 = 100_000_000
  /// Longer than any run's advances and jumps; the final jump of an hour ends them.
  static let crowdLength: Int64 = 20 * 60 * 1_000_000_000
  let seed: UInt64
  var crowded = false
  /// Counts what the walks went through, if set.
  var coverage: WalkCoverage?

  /// The first failure, with the index of the step it came in; `nil` when every check held.
  func run(_ steps: some Collection<SimulationStep>) throws -> (index: Int, message: String)? {
    dispatchPrecondition(condition: .onQueue(.main))
    let nearTheEnd = Self.startsNearTheClocksEnd(seed: seed, crowded: crowded)
    let start = nearTheEnd ? Int64.max - Self.timeToTheClocksEnd(seed: seed) : 0
    let clock = try PreemptingClock(
      now: CountdownInstant(nanosecondsSinceOrigin: start),
      jitter: .init(late: .milliseconds(20), early: .milliseconds(5), drift: .microseconds(50), seed: seed))
    let perCountdown = !crowded && seed % 4 >= 2
    let endsOnTheGrid = Self.endsOnTheGrid(seed: seed)
    let engine = try CountdownEngine(
      interval: .nanoseconds(Self.interval),
      alignment: perCountdown ? .perCountdown(tolerance: .milliseconds(20)) : .shared,
      endTolerance: endsOnTheGrid ? .nanoseconds(Self.interval) : nil, clock: clock, deliveryQueue: .main)
    let model = SimulationModel(
      interval: Self.interval, early: 5_000_000, slack: 21_000_000,
      endTolerance: engine.endTolerance.nanosecondsSaturating)
    model.lastInstant = Int64.max - start
    model.coverage = coverage
    model.batchNumber = { [weak engine] in engine?.statistics.batches ?? 0 }
    let driver = Driver(engine: engine, clock: clock, model: model, start: start)
    driver.crowded = crowded
    driver.sharedGrid = !perCountdown
    driver.silentCrowded = Self.hasSilentCrowd(seed: seed, crowded: crowded)
    // In builds with internal checks, a rule the engine breaks fails the run like a wrong value
    // (and the run shrinks), instead of trapping with neither seed nor steps.
    return try BrokenRuleRecorder.recording {
      if !crowded, seed % 2 == 1 { try driver.startTicker() }
      if driver.silentCrowded { try driver.startSilentCrowd() }
      for (index, step) in steps.enumerated() {
        try driver.perform(step)
        driver.checkMembership()
        // The engine's rules, checked in any build (internal checks also check them after every
        // transition, inside the step), and its cost rules.
        model.failures += engine.stateInvariantViolations().map { "engine rule: " + $0 }
        model.failures += engine.costRuleViolations().map { "engine cost rule: " + $0 }
        model.failures += BrokenRuleRecorder.takeRecorded()
        if let message = model.failures.first { return (index, message) }
      }
      try driver.finish()
      model.failures += BrokenRuleRecorder.takeRecorded()
      return model.failures.first.map { (steps.count, "at the end: " + $0) }
    }
  }

  /// The state of one run: the receivers in their slots and which registration each holds.
  final class Driver: @unchecked Sendable {
    // @unchecked Sendable: a crowd callback performs a step, on the main queue (the engine's
    // delivery queue), where the run itself is: only the main thread touches it.
    let engine: CountdownEngine
    let clock: PreemptingClock
    let model: SimulationModel
    var objects: [Receiver?] = Array(repeating: nil, count: SimulationRun.slots + SimulationRun.walkSlots)
    var current: [Int: Int] = [:]
    var nextID = 0
    var suspended = false
    /// A ``SimulationStep/preempted(_:by:)`` step's interruption runs: inside a clock reading of
    /// the engine's, maybe between the chunks of a pass.
    var preempting = false
    var crowded = false
    /// Whether values flip together on the interval's grid (not per-countdown alignment).
    var sharedGrid = true
    /// Countdowns that make a pass longer than one chunk.
    var crowd: [Receiver] = []
    /// A count-up that calls back at every wakeup, if the run has one.
    var ticker: Receiver?
    /// Whether the run has a silent crowd (``startSilentCrowd()``).
    var silentCrowded = false
    /// One-shots ending twenty minutes on, a millisecond apart, in the order they end.
    var silentCrowd: [Receiver] = []

    /// The clock's instant at the run's start: the model counts every instant from it.
    let start: Int64
    /// The clock's last instant, `Int64.max`, counted from ``start``.
    let end: Int64
    /// Whether the run starts near the clock's last instant (``SimulationRun/startsNearTheClocksEnd(seed:crowded:)``).
    var nearTheEnd: Bool { start != 0 }
    /// Registrations whose receivers were released at the clock's end, which may stay.
    var releasedAtTheEnd = 0

    init(engine: CountdownEngine, clock: PreemptingClock, model: SimulationModel, start: Int64) {
      self.engine = engine
      self.clock = clock
      self.model = model
      self.start = start
      end = Int64.max - start
    }

    /// The time, read without triggering a preemption (only the engine's readings do), counted
    /// from the run's start.
    func now() -> Int64 { relative(clock.base.now) }

    /// `instant`, counted from the run's start.
    func relative(_ instant: CountdownInstant) -> Int64 { instant.nanosecondsSinceOrigin - start }

    /// The clock instant `instant` (counted from the run's start) stands for.
    func absolute(_ instant: Int64) -> CountdownInstant { CountdownInstant(nanosecondsSinceOrigin: start + instant) }

    /// `instant` (counted from the run's start), or the clock's last instant if it lies past it.
    func clampedToTheEnd(_ instant: Int64) -> Int64 { min(instant, end) }

    func perform(_ step: SimulationStep) throws {
      let model = self.model
      switch step {
      case .countdown(let slot, let milliseconds, let pauses):
        try registerCountdown(slot, milliseconds: milliseconds, pauses: pauses)
      case .oneShot(let slot, let milliseconds, let pauses):
        try registerCountdown(slot, milliseconds: milliseconds, pauses: pauses, deliveries: .onlyTheEnd) {
          record, length in
          // A deadline that has come by the registration is delivered at once, as its first value.
          record.onlyTheEnd = length > 0
        }
      case .overtime(let slot, let milliseconds, let pauses):
        try registerCountdown(slot, milliseconds: milliseconds, pauses: pauses, ending: .countsOvertime) { record, _ in
          record.overtime = true
        }
      case .milestones(let slot, let milliseconds, let pauses):
        let deliveries = CountdownDeliveries.milestones(SimulationModel.milestones)
        try registerCountdown(slot, milliseconds: milliseconds, pauses: pauses, deliveries: deliveries) {
          record, length in
          // A deadline that has come by the registration is delivered at once, as its first value.
          record.atMilestones = length > 0
          record.milestonesBelow = model.ceilDiv(length, SimulationRun.interval)
        }
      case .oneShotCountUp(let slot):
        let receiver = objects[slot] ?? Receiver("slot \(slot)")
        objects[slot] = receiver
        do {
          try engine.register(receiver, .countingUp, delivering: .onlyTheEnd) { _, _ in
            model.fail("a count-up with only the end was called")
          }
          model.fail("a count-up with only the end was accepted")
        } catch CountdownError.invalidCombination {
        } catch {
          model.fail("a count-up with only the end threw \(error), not invalidCombination")
        }
      case .deadline(let slot, let milliseconds):
        // Past the clock's last instant: at it.
        let deadline = clampedToTheEnd(relative(clock.now) + milliseconds * 1_000_000)
        try register(slot, .deadline(absolute(deadline)), pauses: false) { before, after in
          RegistrationRecord(
            kind: .countdown, pauses: false, anchorMin: deadline, anchorMax: deadline,
            maximum: Int(max(0, model.ceilDiv(deadline - before, SimulationRun.interval))), gridCheckAfter: after)
        }
      case .countUp(let slot):
        try register(slot, .countingUp, pauses: false) { before, after in
          RegistrationRecord(
            kind: .countUp, pauses: false, anchorMin: before, anchorMax: after, maximum: .max, gridCheckAfter: after)
        }
      case .cancel(let slot):
        guard let object = objects[slot] else { return }
        let expected = current[slot].map { !model.records[$0]!.ended } ?? false
        let found = engine.cancel(object)
        // From a callback, a countdown whose 0 the pass has prepared has ended already.
        if found != expected, !(expected && mayHaveEnded(slot)) {
          model.fail("cancel(slot \(slot)) did not return \(expected)")
        }
        end(slot)
      case .addTime(let slot, let nanoseconds):
        if walks(slot) { return addTimeToWalk(nanoseconds, slot: slot) }
        addTime(nanoseconds, slot: slot)
      case .walk(let slot, let plan, let from, let leftMilliseconds, let pauses, let deliveries, let paused):
        try registerWalk(
          slot, plan: plan, from: from, leftMilliseconds: leftMilliseconds, pauses: pauses, deliveries: deliveries,
          paused: paused)
      case .move(let slot, let move):
        moveWalk(slot, move)
      case .pause(let slot):
        if walks(slot) { return pauseWalk(slot) }
        guard let object = objects[slot], let id = current[slot], !model.records[id]!.ended,
          !model.records[id]!.paused
        else { return }
        let before = now()
        guard engine.pause(object) else {
          // From a callback, a countdown whose 0 the pass has prepared has ended already: the 0
          // still comes.
          if !mayHaveEnded(slot) { model.fail("pause(slot \(slot)) found no registration") }
          return
        }
        let after = now()
        model.records[id]!.paused = true
        model.records[id]!.loose = true
        model.records[id]!.pausedMin = before
        // The engine may freeze the value the labels show, for a grid instant an early wakeup stood
        // for, up to `early` ahead of the clock.
        model.records[id]!.pausedMax = after + model.early
      case .resume(let slot):
        if walks(slot) { return resumeWalk(slot) }
        guard let object = objects[slot], let id = current[slot], model.records[id]!.paused else { return }
        let inside = deliversInsideTheCall
        let before = now()
        let outer = model.hold(id)
        if !engine.resume(object) { model.fail("resume(slot \(slot)) found no registration") }
        let after = now()
        defer {
          // Its current value came inside the call, on the delivery queue (this thread), once.
          let made = model.release(outer)
          let owed = !model.records[id]!.onlyTheEnd && !model.records[id]!.atMilestones
          if inside, owed, made != 1 { model.fail("#\(id) had \(made) values inside its resume on the delivery queue") }
        }
        // The anchor moves by the time paused, which lies between these brackets. A countdown keeps
        // what was left when it was paused, and none is left of one whose deadline had passed (the
        // engine was suspended then, or it was paused at its end): it ends from the resume on.
        var record = model.records[id]!
        if record.kind == .countdown {
          // An overtime countdown keeps its time past the deadline too. One with more time left
          // than the clock has ends no sooner than its last instant.
          record.anchorMin = clampedToTheEnd(before + max(record.lowestValue, record.anchorMin - record.pausedMax))
          record.anchorMax = clampedToTheEnd(
            after + model.early + max(record.lowestValue, record.anchorMax - record.pausedMin))
        } else {
          record.anchorMin += before - record.pausedMax
          record.anchorMax += after + model.early - record.pausedMin
        }
        record.paused = false
        record.awaitsPromptDelivery = true
        record.gridCheckAfter = after
        model.records[id] = record
      case .release(let slot):
        // Within a few intervals of the clock's last instant, a registration may have no change
        // or probe to come that would notice its receiver is gone: it may stay. So may one on
        // running time near the clock's end: a suspension after this may move its end past the
        // clock's last instant.
        if nearTheEnd, let id = current[slot], !model.records[id]!.ended,
          now() > end - 3 * SimulationRun.interval || model.records[id]!.pauses
        {
          releasedAtTheEnd += 1
        }
        objects[slot] = nil
        end(slot)
      case .suspend:
        engine.suspendTicking()
        suspended = true
        model.suspended = true
        for id in model.records.keys { model.records[id]!.sawSuspension = true }
        model.loosenAll()
      case .resumeAll:
        engine.resumeTicking()
        suspended = false
        model.suspended = false
        model.loosenAll(gridCheckAfter: now())
      case .cancelAll:
        engine.cancelAll()
        for slot in current.keys { end(slot) }
        if ticker != nil { try startTicker() }
      case .advance(let milliseconds):
        try thinSilentCrowd()
        // Time stops at the clock's last instant.
        let target = clampedToTheEnd(now() + milliseconds * 1_000_000)
        try clock.base.advance(to: absolute(target))
        if !suspended {
          if sharedGrid { model.checkGrid(gridFloor(target), latest: gridFloor(max(target, now()))) }
          model.checkEnds(at: now())
          model.checkMilestones(at: now())
          model.checkWakeups(clock.base.earliestArmedDeadline.map(relative))
        }
      case .duringPass(let step, let offThread):
        if crowded, crowd.isEmpty { try startCrowd() }
        let failure = LockedState<String?>(nil)
        model.duringPass = { [self] in
          let run: @Sendable () -> Void = { [self] in
            do {
              try perform(step)
            } catch {
              failure.withLock { $0 = "\(error)" }
            }
          }
          guard offThread else { return run() }
          // The callback waits while another thread performs the step: the pass is held between
          // two callbacks of its chunk.
          let done = DispatchSemaphore(value: 0)
          DispatchQueue.global().async {
            run()
            done.signal()
          }
          done.wait()
        }
        try perform(.advance(milliseconds: SimulationRun.interval / 1_000_000))
        model.passCalled()  // no callback came (suspended, or nothing running): perform it now
        if let failure = failure.withLock({ $0 }) { model.fail("during a pass: \(failure)") }
      case .preempted(let step, let interruption):
        let failure = LockedState<String?>(nil)
        clock.preemptAfterNextRead { [self] in
          let outer = preempting
          preempting = true
          defer { preempting = outer }
          do {
            try model.unheld { try perform(interruption) }
          } catch {
            failure.withLock { $0 = "\(error)" }
          }
        }
        try perform(step)
        clock.preemptAfterNextRead(nil)  // the step read no clock (it found nothing to do)
        if let failure = failure.withLock({ $0 }) { model.fail("preempting: \(failure)") }
      case .jump(let milliseconds):
        model.loosenAll()
        model.jumping = true
        defer { model.jumping = false }
        let target = now() + milliseconds * 1_000_000
        guard target > end - 100_000 else { return try clock.base.jump(by: .milliseconds(milliseconds)) }
        // To the clock's last instant: a jump to just before it (its own reading of the clock may
        // drift up to 50 µs further), then an advance to it.
        try clock.base.jump(by: .nanoseconds(max(0, end - now() - 100_000)))
        try clock.base.advance(to: absolute(end))
      }
    }

    /// Adds time to the slot's registration, checking what the engine says against the model, and
    /// moves the model's brackets of its end as the engine moves the end: a deadline by the time
    /// added, never before the call's instant (unless it was already); a paused one's time left,
    /// never below zero; one counting overtime's by the whole change.
    func addTime(_ nanoseconds: Int64, slot: Int) {
      guard let object = objects[slot], let id = current[slot], let known = model.records[id], !known.ended else {
        return
      }
      let beyondTheClock = nanoseconds == .max
      // A deadline at or before the clock's origin is not beyond the clock with `Int64.max` added.
      if beyondTheClock, known.kind == .countdown, !known.paused, start + known.anchorMin <= 0 { return }
      // Nor is a paused one counting overtime, its time left below zero, that resumed now may end at
      // or before the origin: its end, `Int64.max` later, is still on the clock.
      if beyondTheClock, known.kind == .countdown, known.paused, !nearTheEnd,
        now() + known.anchorMin - known.pausedMax <= 0
      {
        return
      }
      // Near the clock's last instant, an end moved past it is beyond the clock too: a running
      // countdown's deadline, or where a paused one would end if it resumed now (even with time
      // taken, when it had more left than the clock has).
      // (A paused one's time left never went below zero: one paused past its deadline has none.)
      let latestEnd =
        known.paused ? now() + model.early + max(known.lowestValue, known.anchorMax - known.pausedMin) : known.anchorMax
      // One on running time that saw a suspension ends later on the clock than its anchors say (the
      // model does not follow running time): by the time suspended, which may put it past the end.
      let lagsTheClock = known.pauses && known.sawSuspension
      let mayPassTheEnd =
        nearTheEnd && (lagsTheClock || ((known.paused || nanoseconds > 0) && latestEnd > end - nanoseconds))
      let inside = deliversInsideTheCall
      let before = now()
      let found: Bool
      var outer = Optional(model.hold(id))
      defer { if let outer { model.release(outer) } }
      do {
        found = try engine.addTime(.nanoseconds(nanoseconds), to: object)
      } catch {
        let expected: CountdownError = known.kind == .countUp ? .invalidCombination : .outOfRange
        if error != expected || (known.kind == .countdown && !beyondTheClock && !mayPassTheEnd) {
          model.fail("addTime(slot \(slot), \(nanoseconds) ns) threw \(error)")
        }
        return
      }
      let after = now() + model.early
      guard found else {
        // From a callback, a countdown whose 0 the pass has prepared has ended already.
        if !mayHaveEnded(slot) { model.fail("addTime(slot \(slot)) found no registration") }
        return
      }
      if known.kind == .countUp || beyondTheClock {
        return model.fail("addTime(slot \(slot), \(nanoseconds) ns) was accepted")
      }
      // Read again: a step that preempted the call (a suspension, a wakeup) may have changed it.
      var record = model.records[id]!
      if record.overtime {
        // Counting overtime, the end moves by the whole change, running or paused: nothing stops it.
        record.anchorMin += nanoseconds
        record.anchorMax += nanoseconds
        if !record.paused {
          record.awaitsPromptDelivery = true
          record.gridCheckAfter = max(record.gridCheckAfter, after)
        }
      } else if record.paused {
        // Frozen time left never goes below zero.
        let leftMin = max(record.lowestValue, record.anchorMin - record.pausedMax)
        let leftMax = max(record.lowestValue, record.anchorMax - record.pausedMin)
        let least = max(leftMin + nanoseconds, min(leftMin, 0))
        let most = max(leftMax + nanoseconds, min(leftMax, 0))
        record.anchorMin = record.pausedMax + least
        record.anchorMax = record.pausedMin + most
      } else {
        // Accepted: the new deadline is at or before the clock's last instant.
        record.anchorMin = clampedToTheEnd(max(record.anchorMin + nanoseconds, min(record.anchorMin, before)))
        record.anchorMax = clampedToTheEnd(max(record.anchorMax + nanoseconds, min(record.anchorMax, after)))
        if !record.onlyTheEnd {
          // Its new value comes promptly, computed off the grid.
          record.awaitsPromptDelivery = true
          record.gridCheckAfter = max(record.gridCheckAfter, after)
        }
      }
      record.maximum += Int(model.ceilDiv(max(0, nanoseconds), SimulationRun.interval))
      record.milestonesBelow = nil
      record.loose = true
      record.mayGoUp = true
      model.records[id] = record
      // A running countdown's new value came inside the call, on the delivery queue (this thread),
      // once; none for one that delivers only its end or at milestones. (Time added that changed
      // nothing owes nothing.)
      // (Time taken may change nothing: a countdown past its deadline whose 0 is still to come.)
      let made = outer.map(model.release) ?? 0
      outer = nil
      let owed = !record.paused && !record.onlyTheEnd && !record.atMilestones
      if inside, owed, made > 1 || (made == 0 && nanoseconds > 0) {
        model.fail("#\(id) had \(made) values inside time added on the delivery queue, not its new one")
      }
    }

    /// Starts more countdowns than one chunk holds.
    func startCrowd() throws {
      crowd = (0...ChunkLimits.capacity).map { Receiver("crowd \($0)") }
      let model = self.model
      for member in crowd {
        try engine.register(member, .duration(.nanoseconds(SimulationRun.crowdLength))) {
          [weak member] _, stop in
          guard member != nil else {
            stop = true
            return
          }
          model.passCalled()
        }
      }
    }

    /// Starts a silent crowd: 4 097 one-shots, ending twenty minutes on, a millisecond apart (a few
    /// of the ends' coarse slots hold them all); the final jump of an hour ends those left.
    func startSilentCrowd() throws {
      silentCrowd = (0...4_096).map { Receiver("silent \($0)") }
      for (index, member) in silentCrowd.enumerated() {
        let length = Duration.nanoseconds(SimulationRun.crowdLength) + .milliseconds(index)
        try engine.register(member, .duration(length), delivering: .onlyTheEnd) { _, _ in }
      }
    }

    /// While the silent crowd's ends are all the engine has to come (its slots are then the
    /// earliest), moves the ten members that end soonest, one by one, behind the others: each
    /// registered anew (its end leaves the ends to come, soonest first) to end after every other,
    /// and the engine asks for the soonest end as it re-arms after each.
    func thinSilentCrowd() throws {
      guard !silentCrowd.isEmpty, engine.indexSizes.ends == silentCrowd.count else { return }
      for _ in 0..<10 {
        let member = silentCrowd.removeFirst()
        let length = Duration.nanoseconds(SimulationRun.crowdLength) + .milliseconds(silentCrowd.count + 1)
        try engine.register(member, .duration(length), delivering: .onlyTheEnd) { _, _ in }
        silentCrowd.append(member)
      }
    }

    /// Starts (again) the count-up that calls back at every wakeup.
    func startTicker() throws {
      let ticker = self.ticker ?? Receiver("ticker")
      self.ticker = ticker
      let model = self.model
      try engine.register(ticker, .countingUp) { _, _ in model.passCalled() }
    }

    /// The last grid instant at or before `instant`: the clock's last instant is one (a change
    /// after the last grid instant short of it shows there).
    func gridFloor(_ instant: Int64) -> Int64 {
      guard instant != end else { return end }
      let origin = relative(engine.gridOrigin)
      return origin + model.floorDiv(instant - origin, SimulationRun.interval) * SimulationRun.interval
    }

    /// Registers a countdown of `milliseconds` in `slot` with these options, recorded as a
    /// countdown whose deadline is that long after the registration; `mark` sets in the record
    /// what the options change (it is given the length in nanoseconds).
    func registerCountdown(
      _ slot: Int, milliseconds: Int64, pauses: Bool, deliveries: CountdownDeliveries = .everyChange,
      ending: CountdownEnding = .stops,
      mark: (_ record: inout RegistrationRecord, _ length: Int64) -> Void = { _, _ in }
    ) throws {
      let length = milliseconds * 1_000_000
      let model = self.model
      try register(
        slot, .duration(.nanoseconds(length)), pauses: pauses, deliveries: deliveries, ending: ending, length: length
      ) { before, after in
        var record = RegistrationRecord(
          kind: .countdown, pauses: pauses, anchorMin: before + length, anchorMax: after + length,
          maximum: Int(model.ceilDiv(length, SimulationRun.interval)), gridCheckAfter: after)
        mark(&record, length)
        return record
      }
    }

    /// `length`: the countdown's length, for a target of a duration; one that may end past the
    /// clock's last instant is rejected with ``CountdownError/outOfRange``, the slot's
    /// registration staying as it was.
    func register(
      _ slot: Int, _ target: CountdownTarget, pauses: Bool, deliveries: CountdownDeliveries = .everyChange,
      ending: CountdownEnding = .stops, length: Int64? = nil,
      record: (_ before: Int64, _ after: Int64) -> RegistrationRecord
    ) throws {
      let receiver = objects[slot] ?? Receiver("slot \(slot)")
      objects[slot] = receiver
      let id = nextID
      nextID += 1
      let model = self.model
      let clock = self.clock
      let inside = deliversInsideTheCall
      let before = now()
      let outer = model.hold(id)
      let start = self.start
      do {
        try engine.register(
          receiver, target, whileSuspended: pauses ? .pauses : .keepsRunning, delivering: deliveries, pastTheEnd: ending
        ) {
          [weak receiver] value, stop in
          guard receiver != nil else {
            stop = true
            return
          }
          model.deliver(id, value, at: clock.base.now.nanosecondsSinceOrigin - start)
        }
      } catch {
        model.release(outer)
        // (The engine may count from the grid instant an early wakeup stood for, up to `early` ahead.)
        guard error == .outOfRange, let length, length > 0, now() + model.early + length > end else { throw error }
        return
      }
      // The engine may count from the grid instant an early wakeup stood for, up to `early` ahead.
      let after = now() + model.early
      end(slot)
      current[slot] = id
      model.records[id] = record(before, after)
      // Made while suspended: one on running time starts counting only at the resume.
      model.records[id]!.sawSuspension = suspended
      // Its first value came inside the call, on the delivery queue (this thread), once.
      let made = model.release(outer)
      if inside, deliveries == .everyChange, made != 1 {
        model.fail("#\(id) had \(made) values inside its registration on the delivery queue, not its first")
      }
    }

    /// A call made now runs on the delivery queue (the main thread) with no pass running up the
    /// stack: what it owes is delivered inside it. Not from a callback, nor from a step that
    /// preempts another (it may run between the chunks of a pass), nor off the main thread.
    var deliversInsideTheCall: Bool {
      Thread.isMainThread && !model.insideCallback && !preempting
    }

    /// Whether the slot's countdown may have come to its end (its deadline has passed, or it counts
    /// on running time, which the model does not follow).
    func mayHaveEnded(_ slot: Int) -> Bool {
      guard let id = current[slot], let record = model.records[id], record.kind == .countdown else { return false }
      if record.walk != nil { return walkMayHaveEnded(record) }
      return record.pauses || record.anchorMin <= now() + model.early
    }

    /// The slot's registration is gone: it must never be called again.
    func end(_ slot: Int) {
      if let id = current.removeValue(forKey: slot) {
        model.records[id]!.gone = true
      }
    }

    /// Whether the engine has exactly the registrations the model says.
    func checkMembership() {
      for slot in objects.indices {
        guard let object = objects[slot] else { continue }
        let expected = current[slot].map { !model.records[$0]!.ended } ?? false
        if engine.contains(object) != expected {
          model.fail("contains(slot \(slot)) is \(!expected), the model says \(expected)")
        }
      }
    }

    /// Runs every countdown out: each that was not cancelled must have had exactly one 0.
    func finish() throws {
      if suspended { try perform(.resumeAll) }
      // A walk may pause after its segments, or run forever: each is cancelled (its ends and its
      // plan's end are checked as they come during the run).
      for (slot, id) in current where model.records[id]!.walk != nil { try perform(.cancel(slot: slot)) }
      for slot in objects.indices {
        guard let id = current[slot] else { continue }
        if model.records[id]!.paused { try perform(.resume(slot: slot)) }
        if model.records[id]!.kind == .countUp { try perform(.cancel(slot: slot)) }
      }
      let overtime = current.filter { model.records[$0.value]!.overtime }
      if let ticker { engine.cancel(ticker) }
      // The final jump delivers every 0 still owed at once. Before it, run past every deadline a
      // run sets (3 s ahead at most) an interval at a time, checking the ends, so that a countdown
      // whose wakeup was lost shows as late instead of being rescued by the jump.
      let sweep: Int64 = 3_500_000_000
      for _ in 0..<(sweep / SimulationRun.interval) {
        try perform(.advance(milliseconds: SimulationRun.interval / 1_000_000))
      }
      try perform(.jump(milliseconds: 3_600_000))
      try clock.base.advance(to: absolute(clampedToTheEnd(now() + 1_000_000_000)))
      // An hour past every deadline, each overtime countdown is still counting, far below 0 (near
      // the clock's end, time stopped at its last instant).
      for (slot, id) in overtime where current[slot] == id {
        if !nearTheEnd, let last = model.records[id]!.last, last > -1_000 {
          model.fail("#\(id) counts overtime, and shows \(last)")
        }
        try perform(.cancel(slot: slot))
      }
      // Near the clock's end, a countdown on running time that saw a suspension may end past the
      // clock's last instant, where it never ends (the model does not follow running time).
      for (slot, id) in current where nearTheEnd && model.records[id]!.pauses && model.records[id]!.sawSuspension {
        try perform(.cancel(slot: slot))
      }
      for (id, record) in model.records where record.kind == .countdown && !record.gone && !record.ended {
        model.fail("#\(id) never delivered its 0 (last: \(record.last.map(String.init) ?? "none"))")
      }
      if engine.count > releasedAtTheEnd {
        model.fail("\(engine.count) registrations left after every countdown ended")
      }
      if !engine.tableInvariantViolations().isEmpty { model.fail("table: \(engine.tableInvariantViolations())") }
    }
  }
}
