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

  private func checkRandomRun(alignment: CountdownAlignment, seed: UInt64) throws {
    let second: Int64 = 1_000_000_000
    let (engine, clock) = try makeEngine(alignment: alignment)
    var generator = SplitMix64(seed: seed)
    let receivers = (0..<300).map { Receiver("r\($0)") }
    let log = DeliveryLog()
    var deadlines: [ObjectIdentifier: Int64] = [:]
    var starts: [ObjectIdentifier: Int64] = [:]

    for (index, receiver) in receivers.enumerated() {
      let key = ObjectIdentifier(receiver)
      if index % 5 == 0 {
        starts[key] = clock.now.nanosecondsSinceOrigin
        try engine.register(receiver, .countingUp) { value, _ in log.record(key, value, clock.now.nanosecondsSinceOrigin) }
      } else {
        let length = Int64(generator.next() % UInt64(60 * second))
        deadlines[key] = clock.now.nanosecondsSinceOrigin + length
        try engine.register(receiver, .duration(.nanoseconds(length))) { value, _ in
          log.record(key, value, clock.now.nanosecondsSinceOrigin)
        }
      }
      if generator.next() % 4 == 0 {
        try clock.advance(by: .nanoseconds(Int64(generator.next() % UInt64(second))))
      }
    }

    var paused: Set<Int> = []
    var everPaused: Set<ObjectIdentifier> = []
    for _ in 0..<200 {
      switch generator.next() % 10 {
      case 0: try clock.advance(by: .nanoseconds(Int64(generator.next() % UInt64(5 * second))))  // late
      case 1: try clock.advance(by: .nanoseconds(Int64(generator.next() % UInt64(second))))  // a fraction
      default: try clock.advance(by: .seconds(1))
      }
      // Pausing moves a countdown's deadline: only count-ups (whose formula is elapsed running
      // time) are paused here, so the check below stays exact for countdowns.
      let pick = Int(generator.next() % UInt64(receivers.count / 5)) * 5
      if paused.remove(pick) != nil {
        XCTAssertTrue(engine.resume(receivers[pick]))
      } else if engine.pause(receivers[pick]) {
        paused.insert(pick)
        everPaused.insert(ObjectIdentifier(receivers[pick]))
      }
    }
    try clock.advance(by: .seconds(61))

    for (key, deadline) in deadlines {
      let calls = log.calls(key)
      XCTAssertFalse(calls.isEmpty)
      var previous = Int.max
      for (value, now) in calls {
        let left = deadline - now
        let expected = left <= 0 ? 0 : Int((left + second - 1) / second)
        XCTAssertEqual(value, expected, "\(alignment): value at delivery must be ceil(left / interval)")
        XCTAssertLessThan(value, previous, "\(alignment): a countdown only goes down, never repeats")
        previous = value
      }
      XCTAssertEqual(calls.last?.value, 0, "\(alignment): each countdown ends with 0")
      XCTAssertEqual(calls.filter { $0.value == 0 }.count, 1, "\(alignment): exactly one 0")
    }
    for (key, _) in starts {
      let values = log.calls(key).map(\.value)
      XCTAssertEqual(values, values.sorted(), "\(alignment): a count-up only goes up")
      if !everPaused.contains(key) {
        // (A resume delivers the current value again, by design.)
        XCTAssertEqual(Set(values).count, values.count, "\(alignment): no value delivered twice")
      }
    }
    XCTAssertEqual(engine.tableInvariantViolations(), [])
    engine.cancelAll()
  }

  /// The walk goes from the pool's end down, chunk by chunk; a removal moves the pool's last node,
  /// already delivered, into the gap, which may lie in the part not walked yet. Such a node must not
  /// be delivered twice in one pass: not on a tick, and not on a resume, which delivers every
  /// registration whether its value changed or not.
  func testAPassDeliversEachRegistrationOnceWhenCallbacksMoveNodes() throws {
    let (engine, clock) = try makeEngine()
    let count = CountdownEngine.chunkSize * 3
    let perPass = count / 10
    let receivers = (0..<count).map { Receiver("r\($0)") }
    struct Progress {
      var pass = 0
      var callsInPass = 0
      var nextVictim = 0
      var calls: [Int: [Int: Int]] = [:]  // pass → receiver → calls
    }
    let progress = LockedState(Progress())
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
    for step in 0..<4 {
      progress.withLock {
        $0.pass += 1
        $0.callsInPass = 0
      }
      if step % 2 == 0 {
        try clock.advance(by: .seconds(1))
      } else {
        engine.suspend()
        try clock.advance(by: .milliseconds(300))
        engine.resume()  // due at once, the values unchanged
        try clock.advance(by: .zero)
      }
    }
    let passes = progress.withLock { $0.calls }
    for pass in 1...4 {
      let repeated = passes[pass, default: [:]].filter { $0.value > 1 }
      XCTAssertEqual(repeated.count, 0, "pass \(pass): delivered twice: \(repeated.keys.sorted().prefix(5))")
      XCTAssertEqual(passes[pass, default: [:]].count, count - pass * perPass, "pass \(pass) delivered every survivor (its victims were ahead of the walk)")
    }
    XCTAssertEqual(engine.count, count - 4 * perPass)
    XCTAssertEqual(engine.tableInvariantViolations(), [])
    engine.cancelAll()
  }
}
