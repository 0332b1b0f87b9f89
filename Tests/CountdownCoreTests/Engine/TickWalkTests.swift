import CountdownCore
import XCTest

/// The delivery walk takes a fast path for running countdowns one interval on and a general path
/// for everything else; both must deliver what the formula says, whatever the clock does.
final class TickWalkTests: XCTestCase {
  /// Random countdowns and count-ups, paused and resumed at random, under clock steps that are
  /// exact, fractional and late by several intervals: every delivered value equals the formula at
  /// the instant of its delivery, countdowns only go down, and each ends with exactly one 0.
  func testEveryDeliveredValueMatchesTheFormulaAtDelivery() throws {
    for alignment in [CountdownAlignment.shared, .perCountdown(tolerance: .milliseconds(250))] {
      try checkRandomRun(alignment: alignment, seed: 0x7E57)
    }
  }

  /// A late tick's steps, reused across countdowns late by as much, equal the formula's for every
  /// lateness, the edges of the clock's range included.
  func testALateTicksStepsAreTheBoundariesPassed() {
    for interval: Int64 in [1, 7, 10_000_000, 1_000_000_000] {
      var steps = LateTickSteps(interval: interval)
      var generator = SplitMix64(seed: UInt64(interval))
      let samples: [Int64] = (0..<2_000).map { index in
        // Runs of nearby lateness (reused), jumps between them, and the extremes.
        switch index % 50 {
        case 0: .max
        case 1: 0
        case 2: interval - 1
        case 3: interval
        default: Int64(generator.next() % UInt64(8 * interval)) + Int64(index / 50) * interval
        }
      }
      for late in samples {
        let expected = late / interval == .max ? Int64.max : late / interval + 1
        XCTAssertEqual(steps.steps(late: late), expected, "late \(late) ns, interval \(interval) ns")
      }
    }
  }

  private static let second: Int64 = 1_000_000_000

  private func checkRandomRun(alignment: CountdownAlignment, seed: UInt64) throws {
    let (engine, clock) = try makeEngine(alignment: alignment)
    var generator = SplitMix64(seed: seed)
    let receivers = (0..<300).map { Receiver("r\($0)") }
    let log = DeliveryLog()
    let (deadlines, starts) = try registerAtRandomInstants(receivers, engine, clock, log, &generator)
    let everPaused = try stepAndPauseAtRandom(receivers, engine, clock, &generator)
    try clock.advance(by: .seconds(61))
    checkCountdowns(deadlines, log, "\(alignment)")
    checkCountUps(starts, everPaused: everPaused, log, "\(alignment)")
    XCTAssertEqual(engine.tableInvariantViolations(), [])
    engine.cancelAll()
  }

  /// Every fifth receiver counts up, the others count down from up to a minute; the clock moves
  /// a fraction of a second between some registrations. Returns the countdowns' deadlines and the
  /// count-ups' starts.
  private func registerAtRandomInstants(
    _ receivers: [Receiver], _ engine: CountdownEngine, _ clock: ManualCountdownClock, _ log: DeliveryLog,
    _ generator: inout SplitMix64
  ) throws -> (deadlines: [ObjectIdentifier: Int64], starts: [ObjectIdentifier: Int64]) {
    var deadlines: [ObjectIdentifier: Int64] = [:]
    var starts: [ObjectIdentifier: Int64] = [:]
    for (index, receiver) in receivers.enumerated() {
      let key = ObjectIdentifier(receiver)
      let record: CountdownHandler = { value, _ in log.record(key, value, clock.now.nanosecondsSinceOrigin) }
      if index % 5 == 0 {
        starts[key] = clock.now.nanosecondsSinceOrigin
        try engine.register(receiver, .countingUp, handler: record)
      } else {
        let length = Int64(generator.next() % UInt64(60 * Self.second))
        deadlines[key] = clock.now.nanosecondsSinceOrigin + length
        try engine.register(receiver, .duration(.nanoseconds(length)), handler: record)
      }
      if generator.next() % 4 == 0 {
        try clock.advance(by: .nanoseconds(Int64(generator.next() % UInt64(Self.second))))
      }
    }
    return (deadlines, starts)
  }

  /// 200 clock steps, exact, fractional or late by several intervals, each followed by pausing or
  /// resuming a count-up. Returns the count-ups that were ever paused.
  private func stepAndPauseAtRandom(
    _ receivers: [Receiver], _ engine: CountdownEngine, _ clock: ManualCountdownClock, _ generator: inout SplitMix64
  ) throws -> Set<ObjectIdentifier> {
    var paused: Set<Int> = []
    var everPaused: Set<ObjectIdentifier> = []
    for _ in 0..<200 {
      switch generator.next() % 10 {
      // Late: one wakeup several intervals on (as after a busy delivery queue or a device's
      // sleep), which moves each countdown down by the boundaries passed at once. It lands on the
      // grid (whole seconds from the first registration), so its values are those at delivery.
      case 0:
        let now = clock.now.nanosecondsSinceOrigin
        let target = (now / Self.second + 2 + Int64(generator.next() % 4)) * Self.second
        try clock.jump(by: .nanoseconds(target - now))
      case 1: try clock.advance(by: .nanoseconds(Int64(generator.next() % UInt64(Self.second))))  // a fraction
      default: try clock.advance(by: .seconds(1))
      }
      // Pausing moves a countdown's deadline: only count-ups (whose formula is elapsed running
      // time) are paused here, so the check of the countdowns stays exact.
      let pick = Int(generator.next() % UInt64(receivers.count / 5)) * 5
      if paused.remove(pick) != nil {
        XCTAssertTrue(engine.resume(receivers[pick]))
      } else if engine.pause(receivers[pick]) {
        paused.insert(pick)
        everPaused.insert(ObjectIdentifier(receivers[pick]))
      }
    }
    return everPaused
  }

  /// Each countdown's values are ceil(left / interval) at their delivery, only go down, and end
  /// with exactly one 0.
  private func checkCountdowns(_ deadlines: [ObjectIdentifier: Int64], _ log: DeliveryLog, _ run: String) {
    for (key, deadline) in deadlines {
      let calls = log.calls(key)
      XCTAssertFalse(calls.isEmpty)
      var previous = Int.max
      for (value, now) in calls {
        let left = deadline - now
        let expected = left <= 0 ? 0 : Int((left + Self.second - 1) / Self.second)
        XCTAssertEqual(value, expected, "\(run): value at delivery must be ceil(left / interval)")
        XCTAssertLessThan(value, previous, "\(run): a countdown only goes down, never repeats")
        previous = value
      }
      XCTAssertEqual(calls.last?.value, 0, "\(run): each countdown ends with 0")
      XCTAssertEqual(calls.filter { $0.value == 0 }.count, 1, "\(run): exactly one 0")
    }
  }

  /// Each count-up only goes up, and never delivers a value twice unless it was resumed (a resume
  /// delivers the current value again, by design).
  private func checkCountUps(
    _ starts: [ObjectIdentifier: Int64], everPaused: Set<ObjectIdentifier>, _ log: DeliveryLog, _ run: String
  ) {
    for (key, _) in starts {
      let values = log.calls(key).map(\.value)
      XCTAssertEqual(values, values.sorted(), "\(run): a count-up only goes up")
      if !everPaused.contains(key) {
        XCTAssertEqual(Set(values).count, values.count, "\(run): no value delivered twice")
      }
    }
  }

  /// The walk goes from the pool's end down, chunk by chunk; a removal moves the pool's last node,
  /// already delivered, into the gap, which may lie in the part not walked yet. Such a node must not
  /// be delivered twice in one pass: not on a tick, and not on a resume, which delivers every
  /// registration whether its value changed or not.
  func testAPassDeliversEachRegistrationOnceWhenCallbacksMoveNodes() throws {
    let (engine, clock) = try makeEngine()
    let count = ChunkLimits.capacity * 3
    let perPass = count / 10
    let receivers = (0..<count).map { Receiver("r\($0)") }
    let progress = LockedState(PassProgress())
    for (index, receiver) in receivers.enumerated() {
      try engine.register(receiver, .duration(.seconds(100))) { _, _ in
        // The first calls of a pass (from the pool's end) remove registrations still at the pool's
        // start, so the last nodes, just delivered, move there, ahead of the walk.
        let victim = progress.withLock { progress -> Int? in
          progress.calls[progress.pass, default: [:]][index, default: 0] += 1
          progress.callsInPass += 1
          guard progress.pass > 0, progress.callsInPass <= perPass else { return nil }
          progress.nextVictim += 1
          return progress.nextVictim - 1
        }
        if let victim { engine.cancel(receivers[victim]) }
      }
    }
    try clock.advance(by: .zero)
    try runTicksAndResumes(4, engine, clock, progress)
    let passes = progress.withLock { $0.calls }
    for pass in 1...4 {
      let repeated = passes[pass, default: [:]].filter { $0.value > 1 }
      XCTAssertEqual(repeated.count, 0, "pass \(pass): delivered twice: \(repeated.keys.sorted().prefix(5))")
      XCTAssertEqual(
        passes[pass, default: [:]].count, count - pass * perPass,
        "pass \(pass) delivered every survivor (its victims were ahead of the walk)")
    }
    XCTAssertEqual(engine.count, count - 4 * perPass)
    XCTAssertEqual(engine.tableInvariantViolations(), [])
    engine.cancelAll()
  }

  /// What the callbacks of ``testAPassDeliversEachRegistrationOnceWhenCallbacksMoveNodes()`` saw.
  private struct PassProgress {
    var pass = 0
    var callsInPass = 0
    var nextVictim = 0
    var calls: [Int: [Int: Int]] = [:]  // pass → receiver → calls
  }

  /// `passes` passes, alternately a tick and a suspend-resume (which delivers every registration).
  private func runTicksAndResumes(
    _ passes: Int, _ engine: CountdownEngine, _ clock: ManualCountdownClock, _ progress: LockedState<PassProgress>
  ) throws {
    for step in 0..<passes {
      progress.withLock {
        $0.pass += 1
        $0.callsInPass = 0
      }
      if step % 2 == 0 {
        try clock.advance(by: .seconds(1))
      } else {
        engine.suspendTicking()
        try clock.advance(by: .milliseconds(300))
        engine.resumeTicking()  // due at once, the values unchanged
        try clock.advance(by: .zero)
      }
    }
  }
}
