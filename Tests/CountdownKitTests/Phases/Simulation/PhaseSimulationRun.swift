@_spi(Walks) import CountdownCore
import Foundation

@testable import CountdownKit

/// One seeded run of the simulation of countdowns in phases: a manager on a clock that is late,
/// early and moves during a pass (``PassDriftClock``), three slots that random steps start with
/// random plans (by the slot's id, or by an object, ``SlotReceiver``, that a step may release) or
/// plain durations, skip, restart, send back, pause, resume, give or take time, cancel and read
/// (between calls, and from inside the handlers' calls: ``operateInCall(of:slot:withEnds:)``),
/// while the manager is suspended and resumed (each plan walking on or frozen, as its start
/// chose), the machine stalls, and the app is relaunched: its ids saved as it leaves
/// (`keepSaved(_:in:savingOn:center:onFailure:_:phases:)`), now and then with a phase end due and
/// not delivered yet, a new manager restoring them after a gap. Every call of a handler is checked against ``PhaseExpectation``, the reference model.
///
/// The model knows each operation's instant exactly (the clock moves only during a pass, and is
/// held still while a handler's call makes one inside a pass: ``PassDriftClock/holdingStill(_:)``), and
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

  /// The object a countdown in phases started by receiver is keyed by: held by the run alone, so
  /// that a step can release it.
  final class SlotReceiver {
    let slot: Int

    init(slot: Int) {
      self.slot = slot
    }
  }

  /// The notification the app saves its ids on as it leaves.
  nonisolated static let leaving = Notification.Name("PhaseSimulationRun.leaving")

  static let slotCount = 3
  /// The device's clock at the start: near the reference date, where a `Date` (a `Double` of
  /// seconds from it) holds a nanosecond exactly, so that a relaunch restores each phase end to the
  /// nanosecond the model knows.
  nonisolated static let wall = Date(timeIntervalSinceReferenceDate: 1_000)
  static let late: Int64 = 20_000_000
  static let early: Int64 = 5_000_000
  static let drift: Int64 = 50_000

  let seed: UInt64
  let interval: Int64
  /// The plans' unit: phases last 1 to 20 of them.
  let unit: Int64
  let clock: PassDriftClock
  private(set) var manager: CountdownManager
  let alignment: CountdownAlignment
  /// The device's clock: still, but for a relaunch's gap.
  let wall = LockedState(PhaseSimulationRun.wall)
  /// Where the app keeps its ids between launches, and the center it hears it leaving on.
  let store: CountdownStore
  let storeFile: URL
  let center = NotificationCenter()
  var random: SplitMix64
  /// Draws what the handlers do from inside their calls (``drawActionsInCalls()``): apart from
  /// `random`, so that the steps draw what they drew before those operations were made.
  var callRandom: SplitMix64
  /// Fails the process, naming the seed and step, if an operation made from inside a call does
  /// not return (an operation waiting for its own start, up the same stack, spins forever).
  let watchdog = OperationWatchdog(limit: .seconds(30))
  var slots = [Slot](repeating: .empty, count: slotCount)
  /// The object of each slot's countdown in phases started by receiver, while the run holds it.
  var receivers = [SlotReceiver?](repeating: nil, count: slotCount)
  /// Countdowns in phases whose receiver was released: the manager may still hold their
  /// registration until it finds them so, and never calls them.
  private var released = 0
  /// The observable model (``ObservablePhaseCountdown``) walking the same plan as a slot's
  /// countdown in phases by receiver, its twin: started in the same instant, given the same
  /// operations, so delivered in the same wakeups; what it shows is checked after each step.
  /// `AnyObject`: the model needs Observation, which the package's oldest platforms lack.
  var observables = [AnyObject?](repeating: nil, count: slotCount)
  /// What each model must show: its twin's position, its plan's end, or nothing checked (its
  /// sequence cancelled, stopped, or its last phase skipped, which leave the last values).
  var observableStates = [ObservableState](repeating: .unchecked, count: slotCount)
  /// The last phase ends each slot's countdown in phases was given, for its model.
  var lastEnds = [[Int]](repeating: [], count: slotCount)
  /// Every phase end each slot's countdown in phases was given in the step its last ends came in,
  /// in order: its model's own calls may have grouped them otherwise.
  var lastEndsStepEnds = [[Int]](repeating: [], count: slotCount)
  /// The step the last ends of each slot came in.
  private var lastEndsStep = [Int](repeating: -1, count: slotCount)
  /// The step running.
  private var stepIndex = 0
  /// Whether time moved in the step (the models' dates are then of another instant).
  var timeMoved = false
  /// The slots whose observable model an operation of the step moved (set its dates).
  var movedModels: Set<Int> = []
  var observableModels = 0
  /// The stream being read, if any, and how many were.
  var stream: StreamWatch?
  var streams = 0
  private var nextGeneration = 0
  private(set) var failures: [String] = []
  var trace: [String] = []
  /// The instant the current step began at: no call in it is earlier.
  private var stepStart: Int64 = 0
  var suspended = false
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
  /// The run's coverage of the other surfaces: plans frozen while suspended, started by receiver,
  /// receivers released, relaunches, and the countdowns in phases they restored.
  private(set) var frozenPlans = 0
  private(set) var receiverPlans = 0
  private(set) var receiversReleased = 0
  private(set) var relaunches = 0
  /// Relaunches made with a phase end due and not delivered yet (``relaunchWithAnEndDue()``).
  private(set) var relaunchesWithAnEndDue = 0
  private(set) var plansRestored = 0
  /// Operations made from inside a handler's call; those of them made from a first call that came
  /// inside its start or restore, and from a call with phase ends (``operateInCall(of:slot:withEnds:)``).
  var operationsInCalls = 0
  var operationsInsideStarts = 0
  var operationsAtEnds = 0
  /// Plans started on another slot from inside a call.
  var startsInCalls = 0
  /// A start or a restore is running: the calls coming now come inside it.
  var insideAStart = false
  /// A restore is running.
  var restoring = false
  /// The operations running (``perform(_:on:label:)``; one inside another's call too): the calls
  /// coming now come inside them.
  var operationsRunning = 0

  init(seed: UInt64) throws {
    self.seed = seed
    random = SplitMix64(seed: seed)
    callRandom = SplitMix64(seed: seed ^ 0xCA11_0FE2_A710_0001)
    interval = seed % 2 == 0 ? 100_000_000 : 1_000_000_000
    unit = interval / 4
    clock = try PassDriftClock(
      seed: seed, late: .nanoseconds(Self.late), early: .nanoseconds(Self.early), drift: Self.drift)
    alignment = (seed / 2) % 2 == 0 ? .shared : .perCountdown(tolerance: .milliseconds(20))
    let wall = wall
    manager = try CountdownManager(
      interval: .nanoseconds(interval), alignment: alignment, clock: clock, wallClock: { wall.withLock { $0 } })
    storeFile = FileManager.default.temporaryDirectory.appendingPathComponent(
      "phase-simulation-\(seed)-\(UUID().uuidString).json")
    store = .file(storeFile)
  }

  /// The device's clock now.
  var wallNow: Date {
    wall.withLock { $0 }
  }

  /// Runs `steps` random steps, then lets every plan run on and cancels everything; the first
  /// failure, with the seed, the step and the steps before it, or `nil`.
  func run(steps: Int) throws -> String? {
    defer {
      watchdog.stop()
      manager.cancelAll()
      try? store.remove()
    }
    try keepSaved()
    for index in 0..<steps {
      stepIndex = index
      stepStart = clock.current
      timeMoved = false
      movedModels = []
      try step()
      checkIDs()
      checkObservables()
      checkStreamIfFinished()
      if let failure = failures.first { return report(failure, step: index) }
    }
    stepStart = clock.current
    try finish()
    return failures.first.map { report($0, step: steps) }
  }

  /// `failure` as the run reports it at the step running: with the seed and the steps before it.
  func report(_ failure: String) -> String {
    report(failure, step: stepIndex)
  }

  private func report(_ failure: String, step: Int) -> String {
    "seed \(seed), step \(step): \(failure)\n  steps before it: \(trace.suffix(12).joined(separator: "; "))"
  }

  func fail(_ message: String) {
    failures.append(message)
  }

  func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fail(message()) }
  }

  // MARK: Steps

  private func step() throws {
    let slot = Int(random.next() % UInt64(Self.slotCount))
    switch random.next() % 38 {
    case 0..<10: try advance(by: random.upTo(interval * 2))
    case 10..<13: try startPlan(slot)
    case 13: try startPlain(slot)
    case 14, 15: try operate(.skipPhase, on: slot)
    case 16: try operate(.restartPhase, on: slot)
    case 17: try operate(.goToPreviousPhase, on: slot)
    case 18, 19: try operate(.pause, on: slot)
    case 20, 21: try operate(.resume, on: slot)
    case 22, 23: try operate(.addTime(random.upTo(12 * unit) - 6 * unit), on: slot)
    case 24: try operate(.cancel, on: slot)
    case 25, 26: read(slot)
    case 27:
      trace.append(suspended ? "resumeTicking" : "suspendTicking")
      let now = clock.current
      for case .phases(let expectation) in slots {
        if suspended { expectation.resume(at: now) } else { expectation.suspend(at: now) }
      }
      if suspended { manager.resumeTicking() } else { manager.suspendTicking() }
      suspended.toggle()
    case 32:
      // Now and then with a phase end due and not delivered yet as the app leaves.
      if random.next() % 3 == 0 { try relaunchWithAnEndDue() } else { try relaunch() }
    case 33: release(slot)
    case 34: try startStream()
    case 35: cancelStream()
    case 28:
      // A stall: the machine sleeps, and wakes with each timer due once, late.
      let time = random.upTo(60 * unit)
      trace.append("stall \(time)")
      timeMoved = true
      try clock.jump(by: time)
      checkEndsCame()
    default: try advance(by: random.upTo(interval * 20))
    }
  }

  private func advance(by time: Int64) throws {
    trace.append("advance \(time)")
    timeMoved = true
    try clock.advance(by: time)
    checkEndsCame()
  }

  /// Starts a random plan on `slot`: a step's, or (`fromACall`) one a handler makes from inside a
  /// call of another slot's, whose start then has no operations in its own calls and no twin.
  func startPlan(_ slot: Int, fromACall: Bool = false) throws {
    // What a start inside a call of another start finds, and gives back.
    let outer = (replacing, replacingPlain, insideAStart)
    let plan = try RandomPlan.make(&random, unit: unit)
    let onlyTheEnds = random.next() % 4 == 0
    let stopsAtCall = random.next() % 8 == 0 ? Int(random.next() % 12) + 1 : nil
    let policy: SuspensionPolicy = random.next() % 3 == 0 ? .pauses : .keepsRunning
    // By receiver: the slot's receiver if it has one (its start replaces the receiver's), a new
    // one for an empty slot now and then.
    if receivers[slot] == nil, case .empty = slots[slot], random.next() % 3 == 0 {
      receivers[slot] = SlotReceiver(slot: slot)
    }
    let receiver = receivers[slot]
    let generation = nextGeneration
    nextGeneration += 1
    trace.append(
      "start plan \(slot) g\(generation)\(receiver == nil ? "" : " receiver")\(policy == .pauses ? " pauses" : "")"
        + "\(onlyTheEnds ? " ends" : "")\(stopsAtCall.map { " stop@\($0)" } ?? "")")
    if policy == .pauses { frozenPlans += 1 }
    if receiver != nil { receiverPlans += 1 }
    let actionsInCalls = fromACall ? [:] : drawActionsInCalls()
    // The first call comes inside the start: the model expects it before.
    let replaced = phases(slot)
    replacingPlain = plainGeneration(slot)
    let expectation = PhaseExpectation(
      generation: generation, plan: plan, startingAt: clock.current, onlyTheEnds: onlyTheEnds,
      stopsAtCall: stopsAtCall, policy: policy, byReceiver: receiver != nil, suspended: suspended)
    expectation.actionsAtCalls = actionsInCalls
    slots[slot] = .phases(expectation)
    replacing = replaced
    insideAStart = true
    defer { (replacing, replacingPlain, insideAStart) = outer }
    let deliveries: CountdownDeliveries = onlyTheEnds ? .onlyTheEnd : .everyChange
    lastEnds[slot] = []
    lastEndsStepEnds[slot] = []
    do {
      if let receiver {
        try manager.start(receiver, plan: plan, whileSuspended: policy, delivering: deliveries) {
          [weak self] receiver, update, stop in
          self?.delivered(update, slot: receiver.slot, generation: generation, &stop)
        }
      } else {
        try manager.start(id: slot, plan: plan, whileSuspended: policy, delivering: deliveries) {
          [weak self] id, update, stop in
          self?.delivered(update, slot: id, generation: generation, &stop)
        }
      }
    } catch {
      fail("start(plan:) threw \(error) for a valid plan")
    }
    // A twin is given the run's operations between calls, in the same instant; one made from inside
    // a call could not be (the model's own call is another, perhaps later in the pass).
    if receiver != nil, stopsAtCall == nil, actionsInCalls.isEmpty, !fromACall {
      try startTwin(slot, plan: plan, policy: policy, deliveries: deliveries)
    } else {
      endTwin(slot)
    }
  }

  private func startPlain(_ slot: Int) throws {
    if let receiver = receivers[slot] {
      // The receiver's countdown in phases ends first: the plain countdown is the id's.
      trace.append("cancel receiver \(slot)")
      let had = phases(slot) != nil
      slots[slot] = .empty
      receivers[slot] = nil
      check(manager.cancel(receiver) == had, "cancel(_:) of a receiver's countdown in phases")
      endTwin(slot)
    }
    let generation = nextGeneration
    nextGeneration += 1
    let length = 1 + random.upTo(20 * unit)
    trace.append("start plain \(slot) g\(generation) \(length)")
    replacing = phases(slot)
    replacingPlain = plainGeneration(slot)
    defer { (replacing, replacingPlain) = (nil, nil) }
    slots[slot] = .plain(generation: generation)
    try manager.start(id: slot, for: .nanoseconds(length)) { [weak self] id, remaining, _ in
      self?.plainDelivered(remaining, slot: id, generation: generation)
    }
  }

  /// A plain countdown's call: it must be the slot's, or one owed before its replacement.
  private func plainDelivered(_ remaining: Int, slot: Int, generation: Int) {
    guard case .plain(generation) = slots[slot] else {
      if replacingPlain == generation {
        callsInsideTheirReplacement += 1
        return
      }
      return fail("a plain countdown's call (g\(generation)) after it was replaced, cancelled or ended")
    }
    if remaining == 0 { slots[slot] = .empty }
  }

  private func isPlain(_ slot: Int) -> Bool {
    plainGeneration(slot) != nil
  }

  private func plainGeneration(_ slot: Int) -> Int? {
    if case .plain(let generation) = slots[slot] { generation } else { nil }
  }

  /// The expectation of `slot`'s countdown in phases, if it has one.
  func phases(_ slot: Int) -> PhaseExpectation? {
    if case .phases(let expectation) = slots[slot] { expectation } else { nil }
  }

  /// The expectation of `slot`'s countdown in phases brought up to `now`, if it has one.
  private func following(_ slot: Int, at now: Int64) -> PhaseExpectation? {
    let expectation = phases(slot)
    expectation?.follow(at: now)
    return expectation
  }

  /// The slot's receiver and what it is called as, for the trace.
  private func form(_ slot: Int) -> String {
    receivers[slot] == nil ? "\(slot)" : "receiver \(slot)"
  }

  /// Makes `operation` on `slot` between two calls, as an app does on an event of its own; the
  /// slot's observable model makes it too.
  private func operate(_ operation: ModelOperation, on slot: Int) throws {
    settle(slot)
    let done = try perform(operation, on: slot)
    twin(slot, done, operation)
    if case .cancel = operation { endTwin(slot) }
  }

  /// Makes `operation` on `slot`'s countdown (by its receiver if it has one, else by its id) at
  /// the clock's instant, the model first, and checks what it returns (but a plain countdown's
  /// pause, resume and time added: its own rules are not this simulation's). `label` heads its
  /// line of the trace.
  @discardableResult
  func perform(_ operation: ModelOperation, on slot: Int, label: String = "") throws -> Bool {
    let now = clock.current
    let receiver = receivers[slot]
    trace.append("\(label)\(operation.traced) \(form(slot))")
    let expectation = following(slot, at: now)
    let plain = isPlain(slot)
    var expected = expectation != nil
    let done: Bool
    operationsRunning += 1
    defer { operationsRunning -= 1 }
    switch operation {
    case .skipPhase:
      // A move acts on the phase running now: the ends due before it pass first; a plan they
      // ended has no phase to move (its final call still comes).
      expectation?.bringUp(to: now)
      if expectation?.isEnded == true { expected = false }
      if let expectation, !expectation.isEnded {
        if expectation.phase(expectation.cursor.ordinal + 1) == nil, !expectation.unreported.isEmpty {
          // The plan's last phase, with ends passed before the skip: one call tells them, and the
          // plan's end.
          expectation.change { cursor, plan in cursor.skip(at: now, plan) }
        } else if expectation.phase(expectation.cursor.ordinal + 1) == nil {
          // The plan's last phase: skipping it ends the plan, with no call.
          slots[slot] = .empty
        } else {
          expectation.change { cursor, plan in cursor.skip(at: now, plan) }
        }
      }
      done = receiver.map { manager.skipPhase($0) } ?? manager.skipPhase(id: slot)
      if case .empty = slots[slot] { observableStates[slot] = .unchecked }
    case .restartPhase:
      expectation?.bringUp(to: now)
      if expectation?.isEnded == true { expected = false }
      expectation?.change { cursor, plan in if !cursor.isEnded(plan) { cursor.restart(at: now, plan) } }
      expectation?.phaseBegan()
      done = receiver.map { manager.restartPhase($0) } ?? manager.restartPhase(id: slot)
    case .goToPreviousPhase:
      expectation?.bringUp(to: now)
      if expectation?.isEnded == true { expected = false }
      expectation?.change { cursor, plan in if !cursor.isEnded(plan) { cursor.goBack(at: now, plan) } }
      // Back at the first phase, that phase began again.
      expectation?.phaseBegan()
      done = receiver.map { manager.goToPreviousPhase($0) } ?? manager.goToPreviousPhase(id: slot)
    case .pause:
      expected = false
      // A pause acts on the phase running now: the ends due before it pass first.
      expectation?.bringUp(to: now)
      if let expectation, !expectation.isEnded, case .running = expectation.cursor.timing {
        expected = true
        // Never frozen before its phase began (its deadline less its length and the time added):
        // a wakeup that ran early began it at the grid instant it stood for, after `now`.
        let began = expectation.phaseStart
        expectation.change { cursor, _ in cursor.pause(at: max(now, began ?? now)) }
      }
      done = receiver.map { manager.pause($0) } ?? manager.pause(id: slot)
    case .resume:
      expected = false
      if let expectation, case .paused = expectation.cursor.timing {
        expected = true
        expectation.change { cursor, _ in cursor.resume(at: now) }
      }
      done = receiver.map { manager.resume($0) } ?? manager.resume(id: slot)
    case .addTime(let time):
      // Time added goes to the phase running now: the ends due before it pass first.
      if !plain { expectation?.bringUp(to: now) }
      expectation?.change { cursor, plan in if !cursor.isEnded(plan) { cursor.addTime(time, at: now, plan) } }
      done =
        try receiver.map { try manager.addTime(.nanoseconds(time), to: $0) }
        ?? manager.addTime(.nanoseconds(time), id: slot)
    case .cancel:
      if case .empty = slots[slot] { expected = false } else { expected = true }
      slots[slot] = .empty
      receivers[slot] = nil
      done = receiver.map { manager.cancel($0) } ?? manager.cancel(id: slot)
    }
    switch operation {
    case .pause, .resume, .addTime:
      // A plain countdown's own rules are not this simulation's.
      if plain { return done }
    default: break
    }
    check(done == expected, "\(operation.traced) returned \(done)")
    return done
  }
  /// Releases the slot's receiver: its countdown in phases ends without a call.
  private func release(_ slot: Int) {
    guard receivers[slot] != nil else { return }
    trace.append("release receiver \(slot)")
    receiversReleased += 1
    if phases(slot) != nil {
      slots[slot] = .empty
      released += 1
    }
    receivers[slot] = nil
    endTwin(slot)
  }

  /// Reads the slot as an app does between two calls: its position, time left, dates and pause,
  /// at an instant the model knows.
  private func read(_ slot: Int) {
    let now = clock.current
    trace.append("read \(form(slot))")
    let receiver = receivers[slot]
    let position = receiver.map { manager.phasePosition(for: $0) } ?? manager.phasePosition(id: slot)
    guard let expectation = following(slot, at: now) else {
      return check(position == nil, "phasePosition of a slot without a countdown in phases: \(position!)")
    }
    // The position says where the plan is now: an end passed and not delivered yet is passed.
    let walked = expectation.cursor(at: now)
    if walked.isEnded(expectation.reference) {
      check(position == nil, "phasePosition of a plan whose last end passed: \(position.map { "\($0)" } ?? "")")
    } else if let position {
      check(position, against: expectation, cursor: walked, at: now, "phasePosition")
    } else {
      fail("phasePosition is nil for a countdown in phases")
    }
    let timeLeft = receiver.map { manager.timeLeft(for: $0) } ?? manager.timeLeft(id: slot)
    let dates = receiver.map { manager.timerDates(for: $0) } ?? manager.timerDates(id: slot)
    // Its span: its length and the time added to it since it began, from where it began.
    let length = (expectation.phase(expectation.cursor.ordinal)?.length ?? 0) + expectation.added
    // Frozen while the manager is suspended, as a single countdown that pauses then.
    let frozen = suspended && expectation.policy == .pauses
    // The time left, as the position, is in the phase the plan is in now: ends due are passed.
    let walkedLeft: Int64
    switch walked.timing {
    case _ where walked.isEnded(expectation.reference): walkedLeft = 0
    case .running(let deadline): walkedLeft = max(0, deadline - now)
    case .paused(let left): walkedLeft = left
    }
    check(
      timeLeft == .nanoseconds(walkedLeft),
      "timeLeft \(timeLeft.map { "\($0)" } ?? "nil"), expected \(walkedLeft) ns in ordinal \(walked.ordinal) at \(now)")
    switch expectation.cursor.timing {
    case .running(let deadline):
      let left = deadline - now
      // What the dates count from: a frozen phase's time left is never below nothing.
      let shown = frozen ? max(0, left) : left
      if receiver == nil { check(!manager.isPaused(id: slot), "isPaused(id:) of a running phase") }
      check(
        dates.map { dates in
          Self.near(dates.timerInterval.upperBound, wallNow, plus: shown)
            && Self.near(dates.timerInterval.lowerBound, wallNow, plus: shown - max(length, shown))
            && dates.isFrozen == frozen
        } ?? false,
        "timerDates \(dates.map { "\($0)" } ?? "nil") for a phase of \(length) ns ending in \(left) ns\(frozen ? ", frozen" : "")"
      )
    case .paused(let left):
      if receiver == nil { check(manager.isPaused(id: slot), "isPaused(id:) of a paused phase") }
      check(
        dates.map { dates in
          dates.isFrozen && Self.near(dates.timerInterval.upperBound, wallNow, plus: left)
            && Self.near(dates.timerInterval.lowerBound, wallNow, plus: left - max(length, left))
        } ?? false,
        "timerDates of a phase of \(length) ns paused with \(left): \(dates.map { "\($0)" } ?? "nil")")
    }
  }

  // MARK: What the handler is given

  /// A call of a countdown in phases: checked, then the operation its handler makes at this call,
  /// if any (``operateInCall(of:slot:)``).
  private func delivered(_ update: CountdownPhaseUpdate, slot: Int, generation: Int, _ stop: inout Bool) {
    checkCall(update, slot: slot, generation: generation, &stop)
    if !stop {
      operateInCall(of: generation, slot: slot, withEnds: !update.phaseEnds.isEmpty)
    }
  }

  private func checkCall(_ update: CountdownPhaseUpdate, slot: Int, generation: Int, _ stop: inout Bool) {
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
    expectation.follow(at: latest)
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
    // The ends a move passed before it come first; the model's own walk's from here.
    var fromWalk = 0
    for index in 0..<total {
      if !expectation.unreported.isEmpty {
        fromWalk += 1
        // Passed by a move before it moved: reported first.
        expected.append(expectation.unreported.removeFirst())
        continue
      }
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
        check(left <= 0 && index == fromWalk, "an end reported for a phase paused with \(left) left (end \(index))")
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
        Self.near(summary.firstDate, wallNow, plus: -Self.nanoseconds(summary.lateness)), "the summary's first date")
      check(
        update.phaseEnds.count == expectation.plan.layout.segments.window,
        "a summary beside \(update.phaseEnds.count) ends")
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
        // Ended when the time was taken, at that operation's instant: the call may come later (a
        // pass queued, the clock read again), but never before it.
        check(lateness <= latest - stepStart, "the end of a phase paused with nothing left is late by \(lateness)")
      }
      // Late, its date is the call's less the lateness; on time, it may be the instant an early
      // wakeup stood for, just after the call's.
      check(
        lateness > 0
          ? Self.near(end.date, wallNow, plus: -lateness)
          : (end.date.timeIntervalSince(wallNow) > -1e-6
            && end.date.timeIntervalSince(wallNow) < Double(Self.early) / 1e9),
        "the date of ordinal \(ordinal): \(end.date), late by \(lateness)")
    }
    check(
      update.phaseEnds.count <= expectation.plan.layout.segments.window, "\(update.phaseEnds.count) ends one by one")
    check(update.planEnded == expectation.isEnded, "planEnded \(update.planEnded)")
    if phases(slot) === expectation, !update.phaseEnds.isEmpty {
      lastEnds[slot] = update.phaseEnds.map(\.ordinal)
      if lastEndsStep[slot] != stepIndex { lastEndsStepEnds[slot] = [] }
      lastEndsStep[slot] = stepIndex
      lastEndsStepEnds[slot] += lastEnds[slot]
    }
    if expectation.isEnded {
      if phases(slot) === expectation, observables[slot] != nil { observableStates[slot] = .ended }
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
    _ position: CountdownPhasePosition, against expectation: PhaseExpectation, cursor: NaiveCursor? = nil,
    at now: Int64?, _ what: String
  ) -> Int64? {
    let cursor = cursor ?? expectation.cursor
    let ordinal = cursor.ordinal
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
    switch cursor.timing {
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
          position.phaseEndDate.map { Self.near($0, wallNow, plus: deadline - instant) } ?? false,
          "\(what): the phase's end date")
        check(
          after.map { after in
            position.planEndDate.map { Self.near($0, wallNow, plus: deadline - instant + after) } ?? false
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
    streamRan(until: now)
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

  /// The ids and receivers the manager has are the model's, each with one registration (and
  /// perhaps one of a receiver released, which the manager has not found yet).
  private func checkIDs() {
    var registrations = 0
    for slot in 0..<Self.slotCount {
      let receiver = receivers[slot]
      switch slots[slot] {
      case .empty:
        check(!manager.contains(id: slot), "slot \(slot): the manager still has the id")
        check(manager.phasePosition(id: slot) == nil, "slot \(slot): a position for an id without one")
        if let receiver {
          check(!manager.contains(receiver), "slot \(slot): the manager still has the receiver")
          check(manager.phasePosition(for: receiver) == nil, "slot \(slot): a position for a receiver without one")
        }
      case .plain:
        registrations += 1
        check(manager.phasePosition(id: slot) == nil, "slot \(slot): a position for a plain countdown")
      case .phases(let expectation):
        registrations += 1
        if let receiver {
          check(expectation.byReceiver, "slot \(slot): a receiver beside a countdown in phases of the id")
          check(manager.contains(receiver), "slot \(slot): the manager lost the receiver")
          check(!manager.contains(id: slot), "slot \(slot): the id has a countdown beside the receiver's")
        } else {
          check(manager.contains(id: slot), "slot \(slot): the manager lost the id")
        }
      }
    }
    // Each observable model following its twin has a registration of its own.
    registrations += observableStates.filter { if case .following = $0 { true } else { false } }.count
    let count = manager.engine.count
    // A stream's countdown, while it is read, may have ended by itself.
    let streaming = stream == nil ? 0 : 1
    check(
      count >= registrations && count <= registrations + released + streaming,
      "\(count) registrations for \(registrations) slots and models (and \(released) receivers released)")
  }

  /// Lets every plan run on (resumed), checks the ends came; then cancels everything and checks
  /// that nothing more comes.
  private func finish() throws {
    if suspended {
      let now = clock.current
      for case .phases(let expectation) in slots { expectation.resume(at: now) }
      manager.resumeTicking()
      suspended = false
      trace.append("resumeTicking")
    }
    try advance(by: 3 * interval)
    checkIDs()
    manager.cancelAll()
    endStream()
    slots = [Slot](repeating: .empty, count: Self.slotCount)
    for slot in 0..<Self.slotCount { endTwin(slot) }
    trace.append("cancelAll")
    try advance(by: 100 * unit)
    released = 0
    checkIDs()
  }

  // MARK: Relaunch

  /// Has the manager save the ids as the app leaves, and restore what the store holds with the
  /// slots' expectations as they stand (a relaunch's).
  private func keepSaved() throws {
    // Each start's generation, as the restore's handlers must find it.
    var generations: [Int: Int] = [:]
    for slot in 0..<Self.slotCount {
      switch slots[slot] {
      case .empty: break
      case .plain(let generation): generations[slot] = generation
      case .phases(let expectation): generations[slot] = expectation.generation
      }
    }
    // Now and then a restored plan's handler makes an operation from inside its first call, which
    // comes inside the restore.
    for case .phases(let expectation) in slots where callRandom.next() % 3 == 0 {
      expectation.actionsAtCalls[expectation.calls + 1] = .operation(drawOperation())
    }
    (insideAStart, restoring) = (true, true)
    defer { (insideAStart, restoring) = (false, false) }
    let restoration: CountdownRestoration<Int>
    do {
      restoration = try manager.keepSaved(
        Int.self, in: store, savingOn: [Self.leaving], center: center,
        { [weak self] id, remaining, _ in
          guard let self else { return }
          plainDelivered(remaining, slot: id, generation: generations[id] ?? -1)
        },
        phases: { [weak self] id, update, stop in
          self?.delivered(update, slot: id, generation: generations[id] ?? -1, &stop)
        })
    } catch {
      return fail("keepSaved threw \(error) for what the manager saved")
    }
    plansRestored += restoration.ids.filter { phases($0) != nil }.count
  }

  /// The app leaves (saving its ids), its process ends, and after a gap it is launched again: a
  /// new manager on the same clocks restores the ids. The plans started by receiver end with the
  /// process; those started by id come back where their plans are, each end passed meanwhile
  /// reported late (a plan frozen while suspended comes back with the time it had left).
  private func relaunch() throws {
    let gap = random.next() % 4 == 0 ? random.upTo(2_000 * unit) : random.upTo(40 * unit)
    trace.append("relaunch after \(gap)")
    relaunches += 1
    let left = clock.current
    center.post(name: Self.leaving, object: nil)
    manager.stopSaving(Int.self)
    manager.cancelAll()
    endStream()
    for slot in 0..<Self.slotCount where receivers[slot] != nil {
      if phases(slot)?.byReceiver == true { slots[slot] = .empty }
      receivers[slot] = nil
      endTwin(slot)
    }
    timeMoved = true
    released = 0
    suspended = false
    try clock.jump(by: gap)
    // What the clock moved by (the old manager's last wakeup may have read it on the way).
    let away = clock.current - left
    let wallLeft = wallNow
    wall.withLock { $0 += Double(away) / 1e9 }
    let now = clock.current
    for case .phases(let expectation) in slots {
      expectation.resume(at: left)
      guard case .running(let deadline) = expectation.cursor.timing else { continue }
      if expectation.policy == .pauses {
        // Frozen while suspended: frozen too while the app is not running, with the time it had
        // left when saved (a phase whose end was due and not delivered yet keeps how overdue it
        // was: that end comes at the restore, that late, and the next phase has what it had left).
        expectation.cursor.timing = .running(deadline: deadline + away)
      } else {
        // Saved as its end's date, read back in whole microseconds from now: in the manager's
        // arithmetic on dates, whose half microseconds round as the doubles fall.
        let saved = wallLeft + Double(deadline - left) / 1e9
        let ahead = Int64((saved.timeIntervalSince(wallNow) * 1e6).rounded()) * 1_000
        expectation.cursor.timing = .running(deadline: now + ahead)
      }
    }
    for case .phases(let expectation) in slots {
      // A snapshot keeps a phase's time left, not its span: restored, a phase spans its length,
      // or what it has left if that is more.
      let length = expectation.phase(expectation.cursor.ordinal)?.length ?? 0
      switch expectation.cursor.timing {
      case .running(let deadline): expectation.added = max(0, deadline - now - length)
      case .paused(let left): expectation.added = max(0, left - length)
      }
    }
    let wall = wall
    manager = try CountdownManager(
      interval: .nanoseconds(interval), alignment: alignment, clock: clock, wallClock: { wall.withLock { $0 } })
    try keepSaved()
    checkEndsCame()
  }

  /// The app leaves with a phase end due and not delivered yet: time moves past the soonest end
  /// of a running plan on another thread, so that the end's call waits on the main queue when the
  /// app saves and its process ends (the calls waiting so never come: the manager is cancelled).
  /// The restore delivers that end late by as long as it was overdue (for a plan that freezes
  /// while suspended, on the time it counts), and the next phase has what it had left.
  private func relaunchWithAnEndDue() throws {
    let deadlines = slots.compactMap { slot -> Int64? in
      guard case .phases(let expectation) = slot, case .running(let deadline) = expectation.cursor.timing else {
        return nil
      }
      return deadline
    }
    let now = clock.current
    guard !suspended, let soonest = deadlines.min(), soonest >= now else { return try relaunch() }
    relaunchesWithAnEndDue += 1
    let time = soonest - now + 1 + random.upTo(4 * unit)
    trace.append("advance \(time) on another thread")
    timeMoved = true
    let clock = clock
    let failed = LockedState(false)
    DispatchQueue.global().sync {
      do { try clock.advance(by: time) } catch { failed.withLock { $0 = true } }
    }
    if failed.withLock({ $0 }) { fail("advancing the clock by \(time) on another thread threw") }
    try relaunch()
  }

  // MARK: Helpers

  static func nanoseconds(_ duration: Duration) -> Int64 {
    duration.components.seconds * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000
  }

  /// Whether `date` is `base` plus `nanoseconds`, within a microsecond (a `Date`'s precision here).
  static func near(_ date: Date, _ base: Date, plus nanoseconds: Int64) -> Bool {
    abs(date.timeIntervalSince(base) - Double(nanoseconds) / 1e9) < 1e-6
  }

}
