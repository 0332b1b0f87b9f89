import CountdownCore
import Dispatch
import XCTest

/// The engine's promises (one timer, replacing, one final 0, cancel, weak receivers, values that
/// follow the clock, flipping together), on the manual clock.
final class EngineGuaranteeTests: XCTestCase {
  let recorder = Recorder()

  // One timer, however many receivers; no wakeup once the table is empty (the timer is kept,
  // disarmed, for the next registration).
  func testOneTimerForAllReceiversAndNoneWhenEmpty() throws {
    let (engine, clock) = try makeEngine()
    XCTAssertFalse(engine.statistics.hasTimer, "no timer before the first registration")
    let receivers = (0..<500).map { Receiver("r\($0)") }
    for receiver in receivers {
      try engine.register(receiver, .duration(.seconds(2)), handler: { _, _ in })
    }
    XCTAssertEqual(clock.liveTimerCount, 1)
    try clock.advance(by: .seconds(2))
    XCTAssertEqual(engine.count, 0, "all ended")
    XCTAssertEqual(clock.armedTimerCount, 0, "disarmed by the wakeup that ended the last one")
    let wakeups = engine.statistics.wakeups
    try clock.advance(by: .seconds(10))
    XCTAssertEqual(engine.statistics.wakeups, wakeups, "no wakeup while the table is empty")
    XCTAssertEqual(clock.liveTimerCount, 1, "kept for the next registration")
    XCTAssertTrue(engine.statistics.hasTimer)
  }

  /// Removals between two wakeups leave the table's size alone, so a list that drops and reloads
  /// its rows refills it without regrowing it; the wakeups after give the memory back.
  func testTheTableGivesMemoryBackAtWakeupsNotOnEachRemoval() throws {
    let (engine, clock) = try makeEngine()
    let receivers = (0..<5_000).map { Receiver("r\($0)") }
    let rows = receivers.dropFirst(10)
    for receiver in receivers {
      try engine.register(receiver, .duration(.seconds(60)), handler: { _, _ in })
    }
    try clock.advance(by: .zero)
    let full = engine.tableSize
    XCTAssertEqual(full.buckets, 8_192)
    for receiver in rows {
      engine.cancel(receiver)
    }
    XCTAssertTrue(engine.tableSize == full, "no resize on removal")
    for receiver in rows {
      try engine.register(receiver, .duration(.seconds(60)), handler: { _, _ in })
    }
    XCTAssertTrue(engine.tableSize == full, "the refill needs no growth")
    for receiver in rows {
      engine.cancel(receiver)
    }
    try clock.advance(by: .seconds(30))
    XCTAssertEqual(engine.count, 10)
    XCTAssertLessThanOrEqual(engine.tableSize.buckets, 64)
    XCTAssertLessThanOrEqual(engine.tableSize.capacity, 128)
    XCTAssertEqual(engine.tableInvariantViolations(), [])
  }

  func testRegistrationBeforeTheLazyWakeupReusesTheTimer() throws {
    let (engine, clock) = try makeEngine()
    let a = Receiver("a")
    try engine.register(a, .duration(.seconds(1)), handler: recorder.handler("a"))
    try clock.advance(by: .seconds(1))
    XCTAssertEqual(engine.count, 0)
    try engine.register(a, .duration(.seconds(2)), handler: recorder.handler("a2"))
    try clock.advance(by: .seconds(2))
    XCTAssertEqual(engine.statistics.wakeups, 3)
    XCTAssertEqual(recorder.values("a2"), [2, 1, 0])
    XCTAssertEqual(clock.liveTimerCount, 1)
  }

  // Re-registering replaces: only the new callback, once per batch.
  func testReRegisteringReplacesTheCountdown() throws {
    let (engine, clock) = try makeEngine()
    let cell = Receiver("cell")
    try engine.register(cell, .duration(.seconds(10)), handler: recorder.handler("old"))
    try clock.advance(by: .zero)
    try clock.advance(by: .milliseconds(300))
    for item in 1...3 {
      try engine.register(cell, .duration(.seconds(5)), handler: recorder.handler("item\(item)"))
    }
    XCTAssertEqual(engine.count, 1)
    try clock.step(3, by: .seconds(1), recorder: recorder)
    XCTAssertEqual(recorder.values("old"), [10])
    // On the delivery queue each registration's first value came inside its call; once replaced,
    // nothing more.
    XCTAssertEqual(recorder.values("item1"), [5])
    XCTAssertEqual(recorder.values("item2"), [5])
    XCTAssertEqual(recorder.values("item3"), [5, 4, 3], "prompt 5, then one per change")
    // The grid started at 0: the wakeup at 1 s finds 4.3 s left, still 5, so it is not called again.
  }

  // Running out delivers exactly one 0, then nothing.
  func testExactlyOneFinalZero() throws {
    let (engine, clock) = try makeEngine()
    let a = Receiver("a")
    try engine.register(a, .duration(.seconds(2)), handler: recorder.handler("a"))
    try clock.advance(by: .seconds(10))
    XCTAssertEqual(recorder.values("a"), [2, 1, 0])
    XCTAssertFalse(engine.contains(a))
  }

  func testZeroDurationAndPastDeadlineEndAtOnceWithOneZero() throws {
    let (engine, clock) = try makeEngine()
    let a = Receiver("a"), b = Receiver("b")
    try clock.advance(by: .seconds(5))
    try engine.register(a, .duration(.zero), handler: recorder.handler("a"))
    try engine.register(b, .deadline(.zero), handler: recorder.handler("b"))
    try clock.advance(by: .seconds(3))
    XCTAssertEqual(recorder.values("a"), [0])
    XCTAssertEqual(recorder.values("b"), [0])
    XCTAssertEqual(engine.count, 0)
  }

  func testStopFlagEndsAfterThatCall() throws {
    let (engine, clock) = try makeEngine()
    let a = Receiver("a")
    try engine.register(a, .duration(.seconds(10)), handler: recorder.handler("a", stopAt: 8))
    try clock.advance(by: .seconds(5))
    XCTAssertEqual(recorder.values("a"), [10, 9, 8])
    XCTAssertEqual(engine.count, 0)
  }

  // After cancel returns on the delivery queue: no further callback, even one already batched.
  func testCancelFromACallbackSuppressesTheRestOfTheBatch() throws {
    let (engine, clock) = try makeEngine()
    let receivers = (0..<600).map { Receiver("r\($0)") }
    let cancelled = LockedState(Set<String>())
    for receiver in receivers {
      try engine.register(receiver, .duration(.seconds(10))) { [recorder, unowned receiver] value, _ in
        let me = receiver
        XCTAssertFalse(cancelled.withLock { $0.contains(me.name) }, "\(me) called after its cancel returned")
        recorder.record(me.name, value)
        guard value == 9 else { return }
        // The first receiver called in this batch cancels every other one.
        for other in receivers where other !== me {
          if engine.cancel(other) { cancelled.withLock { _ = $0.insert(other.name) } }
        }
      }
    }
    try clock.advance(by: .seconds(1))
    XCTAssertEqual(recorder.events.filter { $0.value == 9 }.count, 1)
    XCTAssertEqual(engine.count, 1)
    // The remaining handler holds the engine: ending its registration breaks that cycle, which
    // would otherwise leak the engine, its clock and the 600 receivers.
    engine.cancelAll()
  }

  func testCancelAllFromACallbackSuppressesTheRestOfThePassButNotLaterRegistrations() throws {
    // Mid-chunk: the rest of the chunk is skipped. Last of a chunk: the pass goes on to a next
    // chunk, which must deliver the registration made after the cancel.
    try checkCancelAll(fromCall: ChunkLimits.capacity / 2)
    try checkCancelAll(fromCall: ChunkLimits.capacity)
  }

  /// Registers more receivers than two chunks hold; the `number`th callback of a tick cancels them
  /// all and registers a new one.
  private func checkCancelAll(fromCall number: Int, line: UInt = #line) throws {
    recorder.clear()
    let (engine, clock) = try makeEngine()
    let receivers = (0..<(ChunkLimits.capacity * 2 + 100)).map { Receiver("r\($0)") }
    let late = Receiver("late")
    let calls = LockedState(0)
    for receiver in receivers {
      try engine.register(receiver, .duration(.seconds(10))) { [recorder] value, _ in
        guard value == 9 else { return }
        recorder.record("old", value)
        guard
          calls.withLock({
            $0 += 1
            return $0
          }) == number
        else { return }
        engine.cancelAll()
        try? engine.register(late, .duration(.seconds(5)), handler: recorder.handler("late"))
      }
    }
    try clock.advance(by: .seconds(1))
    XCTAssertEqual(recorder.values("old").count, number, "no call after cancelAll returned", line: line)
    XCTAssertEqual(recorder.values("late"), [5], "registered after cancelAll: delivered promptly", line: line)
    XCTAssertEqual(engine.count, 1, line: line)
  }

  func testReplacingFromACallbackSuppressesTheOldBatchedCall() throws {
    let (engine, clock) = try makeEngine()
    let receivers = (0..<300).map { Receiver("r\($0)") }
    for receiver in receivers {
      try engine.register(receiver, .duration(.seconds(10))) { [recorder] value, _ in
        recorder.record("old", value)
        guard value == 9 else { return }
        for other in receivers {
          try? engine.register(other, .duration(.seconds(60)), handler: recorder.handler("new"))
        }
      }
    }
    try clock.advance(by: .zero)
    recorder.clear()
    try clock.advance(by: .seconds(1))
    XCTAssertEqual(recorder.values("old"), [9], "only the first called; the others were replaced")
    try clock.advance(by: .zero)
    XCTAssertEqual(recorder.values("new").count, 300)
    XCTAssertEqual(Set(recorder.values("new")), [60])
  }

  // At the engine level: it keeps no receiver alive, and a lookup never mistakes a new object
  // at a dead receiver's address for it. (Ending a dead receiver's countdown is the handler's
  // part: CountdownKit's manager does it; see its tests.)
  func testEngineNeverRetainsReceiversAndTellsReusedAddressesApart() throws {
    let (engine, clock) = try makeEngine()
    var receiver: Receiver? = Receiver("gone")
    let weakReceiver = WeakWatch(receiver!)
    try engine.register(receiver!, .duration(.seconds(10)), handler: recorder.handler("gone"))
    try clock.advance(by: .zero)
    receiver = nil
    XCTAssertNil(weakReceiver.object, "the engine keeps no receiver alive")
    var seen = Set<ObjectIdentifier>()
    var keep: [Receiver] = []
    for _ in 0..<10_000 {
      let candidate = Receiver("new")
      if engine.contains(candidate) || engine.value(for: candidate) != nil || engine.cancel(candidate) {
        XCTFail("a new object was mistaken for a dead receiver")
      }
      if !seen.insert(ObjectIdentifier(candidate)).inserted { break }
      keep.append(candidate)
    }
  }

  func testAPausedRegistrationOfADeadReceiverIsRemovedWithoutACall() throws {
    let (engine, clock) = try makeEngine()
    var paused: Receiver? = Receiver("paused")
    try engine.register(paused!, .duration(.seconds(10)), handler: recorder.handler("paused"))
    try clock.advance(by: .zero)
    XCTAssertTrue(engine.pause(paused!))
    paused = nil
    try clock.advance(by: .seconds(2))
    XCTAssertEqual(engine.count, 0, "removed once its receiver is gone, though nothing else ticks")
    XCTAssertEqual(recorder.values("paused"), [10], "and never called while paused")
  }

  // Values follow the clock: late wakeups, suspension, sleep.
  func testLateWakeupDeliversTheTrueValue() throws {
    let (engine, clock) = try makeEngine()
    let a = Receiver("a")
    try engine.register(a, .duration(.seconds(10)), handler: recorder.handler("a"))
    try clock.advance(by: .zero)
    // Simulate a device asleep for 4.5 s: the timer's wakeup comes late, once.
    let deliveriesBefore = engine.statistics.deliveries
    try clock.advance(by: .milliseconds(4500))
    XCTAssertEqual(recorder.values("a").last, 6, "5.5 s left shows as 6, never less")
    XCTAssertLessThanOrEqual(engine.statistics.deliveries - deliveriesBefore, 5)
  }

  func testSuspendStopsWakeupsAndResumeCatchesUp() throws {
    let (engine, clock) = try makeEngine()
    let short = Receiver("short"), long = Receiver("long"), quiz = Receiver("quiz")
    try engine.register(short, .duration(.seconds(30)), handler: recorder.handler("short"))
    try engine.register(long, .duration(.seconds(120)), handler: recorder.handler("long"))
    try engine.register(quiz, .duration(.seconds(20)), whileSuspended: .pauses, handler: recorder.handler("quiz"))
    try clock.advance(by: .zero)
    engine.suspendTicking()
    let wakeups = engine.statistics.wakeups
    try clock.advance(by: .seconds(90))
    XCTAssertEqual(engine.statistics.wakeups, wakeups, "no wakeups while suspended")
    XCTAssertEqual(recorder.values("long"), [120])
    engine.resumeTicking()
    try clock.advance(by: .zero)
    XCTAssertEqual(recorder.values("short"), [30, 0])
    XCTAssertEqual(recorder.values("long"), [120, 30])
    XCTAssertEqual(recorder.values("quiz"), [20, 20], "a pausing countdown continues where it was")
    try clock.advance(by: .seconds(2))
    XCTAssertEqual(recorder.values("long"), [120, 30, 29, 28])
    XCTAssertEqual(recorder.values("quiz"), [20, 20, 19, 18])
  }

  // Shared alignment: all receivers of one engine in the same batch.
  func testSharedAlignmentDeliversEveryoneInTheSameBatch() throws {
    let (engine, clock) = try makeEngine()
    let receivers = (0..<1000).map { Receiver("r\($0)") }
    for (position, receiver) in receivers.enumerated() {
      try clock.advance(by: .milliseconds(1))
      try engine.register(
        receiver, .duration(.seconds(Int64(5 + position % 7))), handler: recorder.handler(receiver.name))
    }
    // The grid started with the first registration; registrations spread over one interval have
    // all had their first change by the second wakeup. From then on, everyone flips together.
    try clock.advance(by: .seconds(1))
    recorder.clear()
    let batchesBefore = engine.statistics.batches
    try clock.step(3, by: .seconds(1), recorder: recorder)
    XCTAssertEqual(engine.statistics.batches - batchesBefore, 3, "one batch per wakeup")
    let perBatch = Dictionary(grouping: recorder.events, by: \.advance).mapValues(\.count)
    XCTAssertEqual(perBatch.values.sorted(), [1000, 1000, 1000])
  }

  func testSharedAlignmentWakesOncePerIntervalWhateverTheRegistrationPhases() throws {
    let (engine, clock) = try makeEngine()
    let receivers = (0..<50).map { Receiver("r\($0)") }
    for receiver in receivers {
      try engine.register(receiver, .duration(.seconds(30)), handler: recorder.handler(receiver.name))
      try clock.advance(by: .microseconds(3))  // registered a few microseconds apart
    }
    // A slow callback: time passes while the batch is delivered, past others' boundaries.
    let slow = Receiver("slow")
    try engine.register(slow, .duration(.seconds(30))) { _, _ in try? clock.advance(by: .microseconds(500)) }
    let wakeups = engine.statistics.wakeups
    try clock.advance(by: .seconds(10))
    XCTAssertEqual(engine.statistics.wakeups - wakeups, 10, "one wakeup per interval")
  }

  // A new or replaced registration gets its first callback before the next wakeup.
  func testFirstCallbackComesBeforeTheNextWakeup() throws {
    let (engine, clock) = try makeEngine()
    let other = Receiver("other"), cell = Receiver("cell")
    try engine.register(other, .duration(.seconds(100)), handler: { _, _ in })
    try clock.advance(by: .milliseconds(1500))
    try engine.register(cell, .duration(.seconds(42)), handler: recorder.handler("cell"))
    let wakeups = engine.statistics.wakeups
    try clock.advance(by: .milliseconds(100))
    XCTAssertEqual(engine.statistics.wakeups, wakeups, "no wakeup happened")
    XCTAssertEqual(recorder.values("cell"), [42])
  }

  // A stalled delivery queue never causes a burst of stale batches.
  func testStalledDeliveryQueueDeliversOnceAndCorrectly() throws {
    let clock = ManualCountdownClock()
    let deliveryQueue = DispatchQueue(label: "stalled")
    let engine = try CountdownEngine(interval: .seconds(1), clock: clock, deliveryQueue: deliveryQueue)
    let a = Receiver("a")
    try engine.register(a, .duration(.seconds(10)), handler: recorder.handler("a"))
    deliveryQueue.sync {}
    XCTAssertEqual(recorder.values("a"), [10])
    let gate = DispatchSemaphore(value: 0)
    deliveryQueue.async { gate.wait() }  // the "main thread" blocks
    for _ in 0..<3 { try clock.advance(by: .seconds(1)) }
    gate.signal()
    deliveryQueue.sync {}
    XCTAssertEqual(recorder.values("a"), [10, 7], "one delivery, with the value at delivery time")
    XCTAssertLessThanOrEqual(engine.statistics.wakeups, 1, "no wakeups pile up while stalled")
    try clock.advance(by: .seconds(1))
    deliveryQueue.sync {}
    XCTAssertEqual(recorder.values("a"), [10, 7, 6])
  }

  // Per-countdown alignment: within tolerance of each boundary, never before; bounded wakeups.
  func testPerCountdownAlignmentMeetsToleranceAndBoundsWakeups() throws {
    let tolerance = Duration.milliseconds(50)
    let (engine, clock) = try makeEngine(alignment: .perCountdown(tolerance: tolerance))
    var deadlines: [String: Int64] = [:]
    var generator = SplitMix64(seed: 11)
    let receivers = (0..<400).map { Receiver("r\($0)") }
    let changes = LockedState<[(String, Int, CountdownInstant)]>([])
    for receiver in receivers {
      try clock.advance(by: .milliseconds(Int64(generator.next() % 7)))
      let name = receiver.name
      try engine.register(receiver, .duration(.milliseconds(Int64(2000 + generator.next() % 3000)))) { value, _ in
        changes.withLock { $0.append((name, value, clock.now)) }
      }
      deadlines[receiver.name] = try clock.now.exactlyAdvanced(by: engine.timeLeft(for: receiver)!)
        .nanosecondsSinceOrigin
    }
    let wakeupsBefore = engine.statistics.wakeups
    let start = clock.now
    for _ in 0..<600 { try clock.advance(by: .milliseconds(10)) }
    let intervals = Int64(start.duration(to: clock.now) / .seconds(1)) + 1
    XCTAssertLessThanOrEqual(
      engine.statistics.wakeups - wakeupsBefore, intervals * 20, "≤ interval/tolerance per interval")
    for (name, value, at) in changes.withLock({ $0 }) where at > start {
      let deadline = deadlines[name]!
      let boundary = deadline - Int64(value) * 1_000_000_000  // the moment `value` became true
      XCTAssertGreaterThanOrEqual(at.nanosecondsSinceOrigin, boundary, "\(name) showed \(value) early")
      XCTAssertLessThan(at.nanosecondsSinceOrigin - boundary, 50_000_000, "\(name) showed \(value) late")
    }
    XCTAssertEqual(engine.count, 0, "every countdown ended")
    XCTAssertEqual(changes.withLock { $0.filter { $0.1 == 0 }.count }, 400)
  }

  func testBadInputIsRejectedAndChangesNothing() throws {
    let (engine, clock) = try makeEngine()
    let a = Receiver("a")
    try engine.register(a, .duration(.seconds(10)), handler: recorder.handler("a"))
    assertThrows(.negativeDuration) { () throws(CountdownError) in
      try engine.register(a, .duration(.seconds(-1)), handler: recorder.handler("bad"))
    }
    assertThrows(.outOfRange) { () throws(CountdownError) in
      try engine.register(a, .duration(.seconds(Int64.max)), handler: recorder.handler("bad"))
    }
    try clock.advance(by: .seconds(1))
    XCTAssertEqual(recorder.values("a"), [10, 9])
    XCTAssertEqual(recorder.values("bad"), [])
    for interval in [Duration.zero, .seconds(-1)] {
      assertThrows(.invalidInterval) { () throws(CountdownError) in
        _ = try CountdownEngine(interval: interval, deliveryQueue: .main)
      }
    }
    for tolerance in [Duration.zero, .seconds(2)] {
      assertThrows(.invalidInterval) { () throws(CountdownError) in
        _ = try CountdownEngine(
          interval: .seconds(1), alignment: .perCountdown(tolerance: tolerance), deliveryQueue: .main)
      }
    }
  }

  func testACountdownOfMoreIntervalsThanAValueHoldsIsRejected() throws {
    // 2⁵⁵ − 1 intervals at most: with 1 ns intervals, about 417 days.
    let clock = ManualCountdownClock()
    let engine = try CountdownEngine(interval: .nanoseconds(1), clock: clock, deliveryQueue: .main)
    let a = Receiver("a")
    let limit = CountdownTiming.maximumValue
    try engine.register(a, .duration(.nanoseconds(limit)), handler: recorder.handler("a"))
    assertThrows(.outOfRange) { () throws(CountdownError) in
      try engine.register(a, .duration(.nanoseconds(limit + 1)), handler: recorder.handler("bad"))
    }
    try clock.advance(by: .zero)
    XCTAssertEqual(recorder.values("a"), [Int(limit)], "the registration that fits is untouched")
    XCTAssertEqual(recorder.values("bad"), [])
    engine.cancelAll()
  }
}
