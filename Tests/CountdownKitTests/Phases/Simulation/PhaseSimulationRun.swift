import CountdownCore
import Foundation

@testable import CountdownKit

/// One seeded run of the simulation of countdowns in phases: a manager on a clock that is late,
/// early and moves during a pass (``PassDriftClock``), three ids that random steps start with random
/// plans or plain durations, skip, restart, send back, pause, resume, give or take time, cancel
/// and read, while the manager is suspended and resumed (the plans keep running) and the machine
/// stalls; every call of a handler checked against ``PhaseExpectation``, the reference model.
///
/// The model knows each operation's instant exactly (the clock moves only during a pass), and
/// brackets a handler's instant between the step's start and the call; where the call says it (a
/// phase's time left, an end's lateness), the instant is pinned and every other figure of the call
/// must agree with it.
@MainActor
final class PhaseSimulationRun {
  enum Slot {
    case empty
    case plain(generation: Int)
    case phases(PhaseExpectation)
  }

  static let slotCount = 3
  nonisolated static let wall = Date(timeIntervalSince1970: 1_800_000_000)
  static let late: Int64 = 20_000_000
  static let early: Int64 = 5_000_000
  static let drift: Int64 = 50_000

  let seed: UInt64
  let interval: Int64
  /// The plans' unit: phases last 1 to 20 of them.
  let unit: Int64
  let clock: PassDriftClock
  let manager: CountdownManager
  private var random: SplitMix64
  private var slots = [Slot](repeating: .empty, count: slotCount)
  private var nextGeneration = 0
  private(set) var failures: [String] = []
  private var trace: [String] = []
  /// The instant the current step began at: no call in it is earlier.
  private var stepStart: Int64 = 0
  private var suspended = false
  /// The countdown in phases a start replaces, while the start runs: the call it owed (a batch
  /// pending on the main queue) may still come inside the start, before the replacement.
  private var replacing: PhaseExpectation?
  /// The plain countdown a start replaces, while the start runs, likewise.
  private var replacingPlain: Int?
  /// Calls that came so.
  private(set) var callsInsideTheirReplacement = 0
  /// Phase ends the handlers were given, summaries included: the run's coverage.
  private(set) var endsDelivered = 0
  private(set) var summariesDelivered = 0

  init(seed: UInt64) throws {
    self.seed = seed
    random = SplitMix64(seed: seed)
    interval = seed % 2 == 0 ? 100_000_000 : 1_000_000_000
    unit = interval / 4
    clock = try PassDriftClock(
      seed: seed, late: .nanoseconds(Self.late), early: .nanoseconds(Self.early), drift: Self.drift)
    let alignment: CountdownAlignment = (seed / 2) % 2 == 0 ? .shared : .perCountdown(tolerance: .milliseconds(20))
    manager = try CountdownManager(
      interval: .nanoseconds(interval), alignment: alignment, clock: clock, wallClock: { Self.wall })
  }

  /// Runs `steps` random steps, then lets every plan run on and cancels everything; the first
  /// failure, with the seed, the step and the steps before it, or `nil`.
  func run(steps: Int) throws -> String? {
    defer { manager.cancelAll() }
    for index in 0..<steps {
      stepStart = clock.current
      try step()
      checkIDs()
      if let failure = failures.first { return report(failure, step: index) }
    }
    stepStart = clock.current
    try finish()
    return failures.first.map { report($0, step: steps) }
  }

  private func report(_ failure: String, step: Int) -> String {
    "seed \(seed), step \(step): \(failure)\n  steps before it: \(trace.suffix(12).joined(separator: "; "))"
  }

  private func fail(_ message: String) {
    failures.append(message)
  }

  private func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fail(message()) }
  }

  // MARK: Steps

  private func step() throws {
    let slot = Int(random.next() % UInt64(Self.slotCount))
    switch random.next() % 32 {
    case 0..<10: try advance(by: random.upTo(interval * 2))
    case 10..<13: try startPlan(slot)
    case 13: try startPlain(slot)
    case 14, 15: skip(slot)
    case 16: restart(slot)
    case 17: goBack(slot)
    case 18, 19: pause(slot)
    case 20, 21: resume(slot)
    case 22, 23: try addTime(slot)
    case 24: cancel(slot)
    case 25, 26: read(slot)
    case 27:
      trace.append(suspended ? "resumeTicking" : "suspendTicking")
      if suspended { manager.resumeTicking() } else { manager.suspendTicking() }
      suspended.toggle()
    case 28:
      // A stall: the machine sleeps, and wakes with each timer due once, late.
      let time = random.upTo(60 * unit)
      trace.append("stall \(time)")
      try clock.jump(by: time)
      checkEndsCame()
    default: try advance(by: random.upTo(interval * 20))
    }
  }

  private func advance(by time: Int64) throws {
    trace.append("advance \(time)")
    try clock.advance(by: time)
    checkEndsCame()
  }

  private func startPlan(_ slot: Int) throws {
    let plan = try Self.randomPlan(&random, unit: unit)
    let onlyTheEnds = random.next() % 4 == 0
    let stopsAtCall = random.next() % 8 == 0 ? Int(random.next() % 12) + 1 : nil
    let generation = nextGeneration
    nextGeneration += 1
    trace.append(
      "start plan \(slot) g\(generation)\(onlyTheEnds ? " ends" : "")\(stopsAtCall.map { " stop@\($0)" } ?? "")")
    // The first call comes inside the start: the model expects it before.
    let replaced = phases(slot)
    replacingPlain = plainGeneration(slot)
    slots[slot] = .phases(
      PhaseExpectation(
        generation: generation, plan: plan, startingAt: clock.current, onlyTheEnds: onlyTheEnds,
        stopsAtCall: stopsAtCall))
    replacing = replaced
    defer { (replacing, replacingPlain) = (nil, nil) }
    do {
      try manager.start(id: slot, plan: plan, delivering: onlyTheEnds ? .onlyTheEnd : .everyChange) {
        [weak self] id, update, stop in
        self?.delivered(update, slot: id, generation: generation, &stop)
      }
    } catch {
      fail("start(id:plan:) threw \(error) for a valid plan")
    }
  }

  private func startPlain(_ slot: Int) throws {
    let generation = nextGeneration
    nextGeneration += 1
    let length = 1 + random.upTo(20 * unit)
    trace.append("start plain \(slot) g\(generation) \(length)")
    replacing = phases(slot)
    replacingPlain = plainGeneration(slot)
    defer { (replacing, replacingPlain) = (nil, nil) }
    slots[slot] = .plain(generation: generation)
    try manager.start(id: slot, for: .nanoseconds(length)) { [weak self] id, remaining, _ in
      guard let self else { return }
      guard case .plain(generation) = slots[id] else {
        if replacingPlain == generation {
          callsInsideTheirReplacement += 1
          return
        }
        return fail("a plain countdown's call (g\(generation)) after it was replaced, cancelled or ended")
      }
      if remaining == 0 { slots[id] = .empty }
    }
  }

  private func isPlain(_ slot: Int) -> Bool {
    plainGeneration(slot) != nil
  }

  private func plainGeneration(_ slot: Int) -> Int? {
    if case .plain(let generation) = slots[slot] { generation } else { nil }
  }

  /// The expectation of `slot`'s countdown in phases, if it has one.
  private func phases(_ slot: Int) -> PhaseExpectation? {
    if case .phases(let expectation) = slots[slot] { expectation } else { nil }
  }

  private func skip(_ slot: Int) {
    let now = clock.current
    trace.append("skip \(slot)")
    let expectation = phases(slot)
    if let expectation {
      if expectation.phase(expectation.cursor.ordinal + 1) == nil {
        // The plan's last phase: skipping it ends the plan, with no call.
        slots[slot] = .empty
      } else {
        expectation.change { cursor, plan in cursor.skip(at: now, plan) }
      }
    }
    let done = manager.skipPhase(id: slot)
    check(done == (expectation != nil), "skipPhase(id:) returned \(done)")
  }

  private func restart(_ slot: Int) {
    let now = clock.current
    trace.append("restart \(slot)")
    let expectation = phases(slot)
    expectation?.change { cursor, plan in cursor.restart(at: now, plan) }
    let done = manager.restartPhase(id: slot)
    check(done == (expectation != nil), "restartPhase(id:) returned \(done)")
  }

  private func goBack(_ slot: Int) {
    let now = clock.current
    trace.append("back \(slot)")
    let expectation = phases(slot)
    expectation?.change { cursor, plan in cursor.goBack(at: now, plan) }
    let done = manager.goToPreviousPhase(id: slot)
    check(done == (expectation != nil), "goToPreviousPhase(id:) returned \(done)")
  }

  private func pause(_ slot: Int) {
    let now = clock.current
    trace.append("pause \(slot)")
    let expectation = phases(slot)
    var expected = false
    if let expectation, case .running = expectation.cursor.timing {
      expected = true
      expectation.change { cursor, _ in cursor.pause(at: now) }
    }
    let plain = isPlain(slot)
    let done = manager.pause(id: slot)
    // A plain countdown's own rules are not this simulation's.
    if plain { return }
    check(done == expected, "pause(id:) returned \(done)")
  }

  private func resume(_ slot: Int) {
    let now = clock.current
    trace.append("resume \(slot)")
    let expectation = phases(slot)
    var expected = false
    if let expectation, case .paused = expectation.cursor.timing {
      expected = true
      expectation.change { cursor, _ in cursor.resume(at: now) }
    }
    let plain = isPlain(slot)
    let done = manager.resume(id: slot)
    // A plain countdown's own rules are not this simulation's.
    if plain { return }
    check(done == expected, "resume(id:) returned \(done)")
  }

  private func addTime(_ slot: Int) throws {
    let now = clock.current
    let time = random.upTo(12 * unit) - 6 * unit
    trace.append("addTime \(time) \(slot)")
    let expectation = phases(slot)
    expectation?.change { cursor, plan in cursor.addTime(time, at: now, plan) }
    let plain = isPlain(slot)
    let done = try manager.addTime(.nanoseconds(time), id: slot)
    // A plain countdown's own rules are not this simulation's.
    if plain { return }
    check(done == (expectation != nil), "addTime(_:id:) returned \(done)")
  }

  private func cancel(_ slot: Int) {
    trace.append("cancel \(slot)")
    let had: Bool
    if case .empty = slots[slot] { had = false } else { had = true }
    slots[slot] = .empty
    let done = manager.cancel(id: slot)
    check(done == had, "cancel(id:) returned \(done)")
  }

  /// Reads the id as an app does between two calls: its position, time left, dates and pause, at
  /// an instant the model knows.
  private func read(_ slot: Int) {
    let now = clock.current
    trace.append("read \(slot)")
    let position = manager.phasePosition(id: slot)
    guard let expectation = phases(slot) else {
      return check(position == nil, "phasePosition(id:) of an id without a countdown in phases: \(position!)")
    }
    guard let position else { return fail("phasePosition(id:) is nil for a countdown in phases") }
    check(position, against: expectation, at: now, "phasePosition(id:)")
    let timeLeft = manager.timeLeft(id: slot)
    let dates = manager.timerDates(id: slot)
    switch expectation.cursor.timing {
    case .running(let deadline):
      check(
        timeLeft == .nanoseconds(max(0, deadline - now)),
        "timeLeft(id:) \(timeLeft.map { "\($0)" } ?? "nil"), deadline \(deadline), now \(now)")
      check(!manager.isPaused(id: slot), "isPaused(id:) of a running phase")
      check(
        dates.map { Self.near($0.timerInterval.upperBound, Self.wall, plus: deadline - now) && !$0.isFrozen } ?? false,
        "timerDates(id:) \(dates.map { "\($0)" } ?? "nil") for a phase ending in \(deadline - now) ns")
    case .paused(let left):
      check(
        timeLeft == .nanoseconds(left),
        "timeLeft(id:) \(timeLeft.map { "\($0)" } ?? "nil") of a phase paused with \(left)")
      check(manager.isPaused(id: slot), "isPaused(id:) of a paused phase")
      check(dates?.isFrozen ?? false, "timerDates(id:) of a paused phase: \(dates.map { "\($0)" } ?? "nil")")
    }
  }

  // MARK: What the handler is given

  private func delivered(_ update: CountdownPhaseUpdate, slot: Int, generation: Int, _ stop: inout Bool) {
    let latest = clock.current
    let expectation: PhaseExpectation
    if let current = phases(slot), current.generation == generation {
      expectation = current
    } else if let replaced = replacing, replaced.generation == generation {
      callsInsideTheirReplacement += 1
      expectation = replaced
    } else {
      return fail("a call of g\(generation) after its countdown in phases was cancelled, replaced or ended")
    }
    expectation.calls += 1
    var pinned: Int64?
    func pin(_ instant: Int64, _ what: String) {
      check(
        instant >= stepStart && instant <= latest,
        "\(what): the call's instant \(instant) is outside [\(stepStart), \(latest)]")
      if let pinned, pinned != instant { fail("\(what): the call's instant \(instant), elsewhere \(pinned)") }
      pinned = instant
    }
    // Each end once, in order: the ordinals the call reports follow one another.
    let ordinals = Array(update.earlierPhaseEnds?.ordinals ?? 0..<0) + update.phaseEnds.map(\.ordinal)
    for (earlier, later) in zip(ordinals, ordinals.dropFirst()) where later != earlier + 1 {
      fail("the ends \(ordinals) of one call: ordinal \(later) after \(earlier)")
    }
    // The ends the model walks through: as many as the call reports, each where the model says.
    let summaryCount = update.earlierPhaseEnds?.count ?? 0
    let total = summaryCount + update.phaseEnds.count
    var expected: [(ordinal: Int, instant: Int64?, phase: PlanReferenceModel.Phase)] = []
    for index in 0..<total {
      guard !expectation.isEnded, let phase = expectation.phase(expectation.cursor.ordinal) else {
        fail("\(total) ends reported, the plan had \(index) left")
        break
      }
      switch expectation.cursor.timing {
      case .running(let deadline):
        // A wakeup that fires early stands for the instant it was armed for (by up to the clock's
        // early jitter): its `0` is on time.
        check(
          deadline <= latest + Self.early,
          "the end of ordinal \(expectation.cursor.ordinal) due at \(deadline) reported at \(latest) at the latest, before it"
        )
        expected.append((expectation.cursor.ordinal, deadline, phase))
        expectation.passEnd(at: deadline)
      case .paused(let left):
        // Time taken from a paused phase down to nothing ends it at the call; the next one waits.
        check(left <= 0 && index == 0, "an end reported for a phase paused with \(left) left (end \(index))")
        expected.append((expectation.cursor.ordinal, nil, phase))
        expectation.passEnd(at: 0, pausedNext: true)
      }
    }
    // An end that passed before the step began comes in the call that follows it, not later.
    if !expectation.isEnded, case .running(let deadline) = expectation.cursor.timing, deadline < stepStart {
      fail(
        "the end of ordinal \(expectation.cursor.ordinal) due at \(deadline) not reported in a call at \(stepStart) or later"
      )
    }
    if let summary = update.earlierPhaseEnds {
      summariesDelivered += 1
      let first = expected.first
      check(
        summary.ordinals == (first.map { $0.ordinal..<($0.ordinal + summaryCount) } ?? 0..<0),
        "the summary's ordinals \(summary.ordinals), expected from \(first?.ordinal ?? -1)")
      if let instant = first?.instant, summary.lateness > .zero {
        pin(instant + Self.nanoseconds(summary.lateness), "the summary's lateness")
      }
      check(
        Self.near(summary.firstDate, Self.wall, plus: -Self.nanoseconds(summary.lateness)), "the summary's first date")
      check(update.phaseEnds.count == expectation.plan.layout.window, "a summary beside \(update.phaseEnds.count) ends")
    }
    for (index, end) in update.phaseEnds.enumerated() {
      endsDelivered += 1
      guard summaryCount + index < expected.count else { break }
      let (ordinal, instant, phase) = expected[summaryCount + index]
      check(
        end.ordinal == ordinal && end.phase == phase.phase && end.cycle == phase.cycle
          && end.phaseIndex == phase.indexInCycle,
        "end \(index): ordinal \(end.ordinal) \(end.phase.name) cycle \(end.cycle), expected ordinal \(ordinal) \(phase.phase.name) cycle \(phase.cycle)"
      )
      let lateness = Self.nanoseconds(end.lateness)
      check(lateness >= 0, "a negative lateness")
      if let instant {
        if lateness > 0 { pin(instant + lateness, "the lateness of ordinal \(ordinal)") }
      } else {
        check(lateness == 0, "the end of a phase paused with nothing left is late by \(lateness)")
      }
      // Late, its date is the call's less the lateness; on time, it may be the instant an early
      // wakeup stood for, just after the call's.
      check(
        lateness > 0
          ? Self.near(end.date, Self.wall, plus: -lateness)
          : (end.date.timeIntervalSince(Self.wall) > -1e-6
            && end.date.timeIntervalSince(Self.wall) < Double(Self.early) / 1e9),
        "the date of ordinal \(ordinal): \(end.date), late by \(lateness)")
    }
    check(update.phaseEnds.count <= expectation.plan.layout.window, "\(update.phaseEnds.count) ends one by one")
    check(update.planEnded == expectation.isEnded, "planEnded \(update.planEnded)")
    if expectation.isEnded {
      check(update.position == nil && update.remaining == 0, "a position or a value after the plan's end")
      if phases(slot) === expectation { slots[slot] = .empty }
      return
    }
    if let last = expected.last {
      check(
        update.pausedAfterPhase == last.phase.phase.pausesAfter,
        "pausedAfterPhase \(update.pausedAfterPhase) after \(last.phase.phase)")
    }
    guard let position = update.position else { return fail("no position before the plan's end") }
    if let instant = check(position, against: expectation, at: pinned, "the call's position") {
      pin(instant, "the phase's time left")
    }
    let left = Self.nanoseconds(position.timeLeftInPhase)
    check(
      update.remaining == Int((left + interval - 1) / interval),
      "remaining \(update.remaining) for \(left) ns left in the phase")
    if expectation.onlyTheEnds {
      check(total > 0, "a call with no end for a countdown in phases delivering only the ends")
    }
    if expectation.calls == expectation.stopsAtCall {
      stop = true
      if phases(slot) === expectation { slots[slot] = .empty }
    }
  }

  /// Checks `position` against the model's walk, at `now` if known; returns the instant its time
  /// left pins (a running phase's deadline less it), if it has some left.
  @discardableResult
  private func check(
    _ position: CountdownPhasePosition, against expectation: PhaseExpectation, at now: Int64?, _ what: String
  ) -> Int64? {
    let ordinal = expectation.cursor.ordinal
    guard let phase = expectation.phase(ordinal) else {
      fail("\(what): a position past the plan's end")
      return nil
    }
    check(
      position.ordinal == ordinal && position.phase == phase.phase && position.phaseIndex == phase.indexInCycle
        && position.cycle == phase.cycle && position.isLongBreak == phase.isLongBreak,
      "\(what): ordinal \(position.ordinal) \(position.phase.name) cycle \(position.cycle), expected ordinal \(ordinal) \(phase.phase.name) cycle \(phase.cycle)"
    )
    check(
      position.nextPhase == expectation.phase(ordinal + 1)?.phase,
      "\(what): next phase \(position.nextPhase?.name ?? "none")")
    let left = Self.nanoseconds(position.timeLeftInPhase)
    let after = expectation.lengthAfter(ordinal)
    switch expectation.cursor.timing {
    case .paused(let frozen):
      check(
        position.isPaused && left == frozen,
        "\(what): \(left) left, paused \(position.isPaused); expected paused with \(frozen)")
      check(position.timeLeftInPlan == after.map { .nanoseconds(frozen + $0) }, "\(what): time left in the plan")
      return nil
    case .running(let deadline):
      check(!position.isPaused, "\(what): paused, expected running to \(deadline)")
      let instant = left > 0 ? deadline - left : now
      if let now { check(left == max(0, deadline - now), "\(what): \(left) left at \(now), deadline \(deadline)") }
      check(
        position.timeLeftInPlan == after.map { .nanoseconds(left + $0) },
        "\(what): time left in the plan \(position.timeLeftInPlan.map { "\($0)" } ?? "nil")")
      if let instant {
        check(
          position.phaseEndDate.map { Self.near($0, Self.wall, plus: deadline - instant) } ?? false,
          "\(what): the phase's end date")
        check(
          after.map { after in
            position.planEndDate.map { Self.near($0, Self.wall, plus: deadline - instant + after) } ?? false
          }
            ?? (position.planEndDate == nil),
          "\(what): the plan's end date")
      }
      return left > 0 ? instant : nil
    }
  }

  // MARK: Checks between steps

  /// After time moved (and the manager is not suspended), every phase end due by the wakeup after
  /// it (late as the clock may be) came; a phase paused with nothing left ended at once.
  private func checkEndsCame() {
    guard !suspended else { return }
    let now = clock.current
    for slot in 0..<Self.slotCount {
      guard let expectation = phases(slot) else { continue }
      switch expectation.cursor.timing {
      case .running(let deadline):
        check(
          deadline + interval + Self.late + 5_000_000 >= now,
          "slot \(slot): the end of ordinal \(expectation.cursor.ordinal) due at \(deadline) has not come at \(now)")
      case .paused(let left):
        check(left > 0, "slot \(slot): a phase paused with nothing left has not ended")
      }
    }
  }

  /// The ids the manager has are the model's, each with one registration.
  private func checkIDs() {
    var registrations = 0
    for slot in 0..<Self.slotCount {
      switch slots[slot] {
      case .empty:
        check(!manager.contains(id: slot), "slot \(slot): the manager still has the id")
        check(manager.phasePosition(id: slot) == nil, "slot \(slot): a position for an id without one")
      case .plain:
        registrations += 1
        check(manager.phasePosition(id: slot) == nil, "slot \(slot): a position for a plain countdown")
      case .phases:
        registrations += 1
        check(manager.contains(id: slot), "slot \(slot): the manager lost the id")
      }
    }
    check(manager.engine.count == registrations, "\(manager.engine.count) registrations for \(registrations) ids")
  }

  /// Lets every plan run on (resumed), checks the ends came; then cancels everything and checks
  /// that nothing more comes.
  private func finish() throws {
    if suspended {
      manager.resumeTicking()
      suspended = false
      trace.append("resumeTicking")
    }
    try advance(by: 3 * interval)
    checkIDs()
    manager.cancelAll()
    slots = [Slot](repeating: .empty, count: Self.slotCount)
    trace.append("cancelAll")
    try advance(by: 100 * unit)
    checkIDs()
  }

  // MARK: Helpers

  static func nanoseconds(_ duration: Duration) -> Int64 {
    duration.components.seconds * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000
  }

  /// Whether `date` is `base` plus `nanoseconds`, within a microsecond (a `Date`'s precision here).
  static func near(_ date: Date, _ base: Date, plus nanoseconds: Int64) -> Bool {
    abs(date.timeIntervalSince(base) - Double(nanoseconds) / 1e9) < 1e-6
  }

  /// A random plan of phases of 1 to 20 units: a warm-up, blocks repeated a number of times, for a
  /// total or forever, long breaks, phases that pause the plan after them, a cool-down.
  static func randomPlan(_ random: inout SplitMix64, unit: Int64) throws -> CountdownPlan {
    func phases(_ count: Int) -> [CountdownPhase] {
      (0..<count).map { index in
        CountdownPhase(
          "p\(index)", .nanoseconds(unit * Int64.random(in: 1...20, using: &random)),
          pausesAfter: Int.random(in: 0..<12, using: &random) == 0)
      }
    }
    let warmUp = phases(Int.random(in: 0...2, using: &random))
    var blocks: [CountdownPlan.Block] = []
    var endless = false
    for _ in 0..<Int.random(in: 0...3, using: &random) where !endless {
      let repetition: CountdownPlan.Repetition
      switch Int.random(in: 0..<4, using: &random) {
      case 0: repetition = .lasting(.nanoseconds(unit * Int64.random(in: 1...200, using: &random)))
      case 1:
        repetition = .forever
        endless = true
      default: repetition = .times(Int.random(in: 1...6, using: &random))
      }
      let long =
        Bool.random(using: &random)
        ? CountdownPhase(
          "long", .nanoseconds(unit * Int64.random(in: 1...20, using: &random)),
          pausesAfter: Int.random(in: 0..<3, using: &random) == 0) : nil
      blocks.append(
        .init(
          phases(Int.random(in: 1...4, using: &random)), repeated: repetition, longBreak: long,
          every: Int.random(in: 1...6, using: &random)))
    }
    var coolDown = endless ? [] : phases(Int.random(in: 0...2, using: &random))
    if warmUp.isEmpty, blocks.isEmpty, coolDown.isEmpty { coolDown = phases(1) }
    return try CountdownPlan(warmUp: warmUp, blocks: blocks, coolDown: coolDown)
  }
}
