import CountdownCore
import Dispatch

/// Replays simulation steps on an engine whose manual clock behaves like a real one (wakeups up
/// to 20 ms late or 5 ms early, every read 0–50 µs later), checking every delivered value against
/// the reference model. Runs on the main thread: the engine delivers on the main queue, so each
/// advance delivers synchronously.
///
/// A crowded run adds, at its first ``SimulationStep/duringPass(slot:milliseconds:)``, more
/// countdowns than fit in one chunk of a delivery pass, registered after the slots' so that a
/// pass walks them first: a slot registered from a crowd callback lies in the part of the pass
/// not prepared yet.
struct SimulationRun {
  static let slots = 6
  static let interval: Int64 = 100_000_000
  /// Longer than any run's advances and jumps; the final jump of an hour ends them.
  static let crowdLength: Int64 = 20 * 60 * 1_000_000_000
  let seed: UInt64
  var crowded = false

  /// The first failure, with the index of the step it came in; `nil` when every check held.
  func run(_ steps: some Collection<SimulationStep>) throws -> (index: Int, message: String)? {
    dispatchPrecondition(condition: .onQueue(.main))
    let clock = try ManualCountdownClock(
      jitter: .init(late: .milliseconds(20), early: .milliseconds(5), drift: .microseconds(50), seed: seed))
    let engine = try CountdownEngine(interval: .nanoseconds(Self.interval), clock: clock, deliveryQueue: .main)
    let model = SimulationModel(interval: Self.interval, early: 5_000_000, slack: 21_000_000)
    let driver = Driver(engine: engine, clock: clock, model: model)
    driver.crowded = crowded
    for (index, step) in steps.enumerated() {
      try driver.perform(step)
      driver.checkMembership()
      if let message = model.failures.first { return (index, message) }
    }
    try driver.finish()
    return model.failures.first.map { (steps.count, "at the end: " + $0) }
  }

  /// The state of one run: the receivers in their slots and which registration each holds.
  private final class Driver: @unchecked Sendable {
    // @unchecked Sendable: a crowd callback performs a step, on the main queue (the engine's
    // delivery queue), where the run itself is: only the main thread touches it.
    let engine: CountdownEngine
    let clock: ManualCountdownClock
    let model: SimulationModel
    var objects: [Receiver?] = Array(repeating: nil, count: SimulationRun.slots)
    var current: [Int: Int] = [:]
    var nextID = 0
    var suspended = false
    var crowded = false
    /// Countdowns that make a pass longer than one chunk.
    var crowd: [Receiver] = []

    init(engine: CountdownEngine, clock: ManualCountdownClock, model: SimulationModel) {
      self.engine = engine
      self.clock = clock
      self.model = model
    }

    func now() -> Int64 { clock.now.nanosecondsSinceOrigin }

    func perform(_ step: SimulationStep) throws {
      let model = self.model
      switch step {
      case .countdown(let slot, let milliseconds, let pauses):
        let length = milliseconds * 1_000_000
        try register(slot, .duration(.nanoseconds(length)), pauses: pauses) { before, after in
          RegistrationRecord(
            kind: .countdown, pauses: pauses, anchorMin: before + length, anchorMax: after + length,
            maximum: Int(model.ceilDiv(length, SimulationRun.interval)), gridCheckAfter: after)
        }
      case .deadline(let slot, let milliseconds):
        let deadline = clock.now.nanosecondsSinceOrigin + milliseconds * 1_000_000
        try register(slot, .deadline(CountdownInstant(nanosecondsSinceOrigin: deadline)), pauses: false) { before, after in
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
        if engine.cancel(object) != expected { model.fail("cancel(slot \(slot)) did not return \(expected)") }
        end(slot)
      case .pause(let slot):
        guard let object = objects[slot], let id = current[slot], !model.records[id]!.ended,
          !model.records[id]!.paused
        else { return }
        let before = now()
        if !engine.pause(object) { model.fail("pause(slot \(slot)) found no registration") }
        let after = now()
        model.records[id]!.paused = true
        model.records[id]!.loose = true
        model.records[id]!.pausedMin = before
        model.records[id]!.pausedMax = after
      case .resume(let slot):
        guard let object = objects[slot], let id = current[slot], model.records[id]!.paused else { return }
        let before = now()
        if !engine.resume(object) { model.fail("resume(slot \(slot)) found no registration") }
        let after = now()
        // The anchor moves by the time paused, which lies between these brackets.
        model.records[id]!.anchorMin += before - model.records[id]!.pausedMax
        model.records[id]!.anchorMax += after - model.records[id]!.pausedMin
        model.records[id]!.paused = false
        model.records[id]!.gridCheckAfter = after
      case .release(let slot):
        objects[slot] = nil
        end(slot)
      case .suspend:
        engine.suspend()
        suspended = true
        model.loosenAll()
      case .resumeAll:
        engine.resume()
        suspended = false
        model.loosenAll(gridCheckAfter: now())
      case .cancelAll:
        engine.cancelAll()
        for slot in current.keys { end(slot) }
      case .advance(let milliseconds):
        let target = now() + milliseconds * 1_000_000
        try clock.advance(to: CountdownInstant(nanosecondsSinceOrigin: target))
        if !suspended {
          model.checkGrid(gridFloor(target))
        }
      case .duringPass(let slot, let milliseconds):
        if crowded, crowd.isEmpty { try startCrowd() }
        var failure: (any Error)?
        model.duringPass = { [self] in
          do {
            try perform(.countdown(slot: slot, milliseconds: milliseconds, pauses: false))
          } catch {
            failure = error
          }
        }
        try perform(.advance(milliseconds: SimulationRun.interval / 1_000_000))
        model.crowdCalled()  // no crowd callback came (suspended, or not crowded): register now
        if let failure { throw failure }
      case .jump(let milliseconds):
        model.loosenAll()
        model.jumping = true
        defer { model.jumping = false }
        try clock.jump(by: .milliseconds(milliseconds))
      }
    }

    /// Starts more countdowns than one chunk holds.
    func startCrowd() throws {
      crowd = (0...CountdownEngine.chunkSize).map { Receiver("crowd \($0)") }
      let model = self.model
      for member in crowd {
        try engine.register(member, .duration(.nanoseconds(SimulationRun.crowdLength))) {
          [weak member] _, stop in
          guard member != nil else { return stop = true }
          model.crowdCalled()
        }
      }
    }

    /// The last grid instant at or before `instant`.
    func gridFloor(_ instant: Int64) -> Int64 {
      let origin = engine.gridOrigin.nanosecondsSinceOrigin
      return origin + model.floorDiv(instant - origin, SimulationRun.interval) * SimulationRun.interval
    }

    func register(
      _ slot: Int, _ target: CountdownTarget, pauses: Bool,
      record: (_ before: Int64, _ after: Int64) -> RegistrationRecord
    ) throws {
      let receiver = objects[slot] ?? Receiver("slot \(slot)")
      objects[slot] = receiver
      let id = nextID
      nextID += 1
      let model = self.model
      let clock = self.clock
      let before = now()
      try engine.register(receiver, target, whileSuspended: pauses ? .pauses : .keepsRunning) {
        [weak receiver] value, stop in
        guard receiver != nil else { return stop = true }
        model.deliver(id, value, at: clock.now.nanosecondsSinceOrigin)
      }
      let after = now()
      end(slot)
      current[slot] = id
      model.records[id] = record(before, after)
    }

    /// The slot's registration is gone: it must never be called again.
    func end(_ slot: Int) {
      if let id = current.removeValue(forKey: slot) {
        model.records[id]!.gone = true
      }
    }

    /// Whether the engine has exactly the registrations the model says.
    func checkMembership() {
      for slot in 0..<SimulationRun.slots {
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
      for slot in 0..<SimulationRun.slots {
        guard let id = current[slot] else { continue }
        if model.records[id]!.paused { try perform(.resume(slot: slot)) }
        if model.records[id]!.kind == .countUp { try perform(.cancel(slot: slot)) }
      }
      try perform(.jump(milliseconds: 3_600_000))
      try clock.advance(by: .seconds(1))
      for (id, record) in model.records where record.kind == .countdown && !record.gone && !record.ended {
        model.fail("#\(id) never delivered its 0 (last: \(record.last.map(String.init) ?? "none"))")
      }
      if engine.count != 0 { model.fail("\(engine.count) registrations left after every countdown ended") }
      if !engine.tableInvariantViolations().isEmpty { model.fail("table: \(engine.tableInvariantViolations())") }
    }
  }
}
