import CountdownCore
import Dispatch
import XCTest

/// What the engine's indexes of what changes when (the ends to come, the per-countdown wheel) keep
/// after a registration is cancelled, replaced or paused: nothing that grows with churn, wakes the
/// engine or is looked at again, and nothing that names the next registration in the same slot.
final class StaleEntryTests: XCTestCase {
  let recorder = Recorder()

  /// A debounce (`cancel`, then a new one-shot) many times over: each one-shot waits in the ends
  /// to come, and what its cancel leaves there must not pile up (each insert once looked at every
  /// entry left).
  func testChurnOfOneShotsKeepsTheEndsBounded() throws {
    let (engine, _) = try makeEngine()
    // An end sooner than the churned ones: an index that kept what their cancels leave would keep
    // it behind this one, where a wakeup's look at the soonest entry does not reach.
    let keeper = Receiver("keeper")
    try engine.register(
      keeper, .duration(.seconds(1_800)), delivering: .onlyTheEnd, handler: recorder.handler("keeper"))
    let debounced = Receiver("debounced")
    for _ in 0..<3_000 {
      try engine.register(
        debounced, .duration(.seconds(3_600)), delivering: .onlyTheEnd, handler: recorder.handler("d"))
      XCTAssertTrue(engine.cancel(debounced))
    }
    XCTAssertLessThanOrEqual(
      engine.indexSizes.ends, engine.count, "ends held after 3 000 churns, with \(engine.count) registered")
    try assertIndexesShrinkAfterCancels(engine)
  }

  /// On the shared grid, a cancel, a replacement and a new end unlink the entry before: the ends to
  /// come hold one entry per registration waiting for its end, and none once every one is gone.
  func testEveryRemovalUnlinksItsEnd() throws {
    let (engine, _) = try makeEngine()
    let receivers = (0..<200).map { Receiver("r\($0)") }
    for round in 0..<3 {
      for receiver in receivers {
        try engine.register(
          receiver, .duration(.seconds(600 + round)), delivering: .onlyTheEnd, handler: recorder.handler("r"))
      }
      XCTAssertEqual(engine.indexSizes.ends, receivers.count, "replacements left one entry each (round \(round))")
    }
    assertCancelsUnlink(engine, receivers, keeping: 40) { engine.indexSizes.ends }
  }

  /// A burst of one-shots mostly cancelled: the ends' pool gives back its room, each remaining
  /// registration's slot told where its entry moved (the engine's rules check it after each
  /// cancel), and the rest still end on time.
  func testTheEndsGiveBackTheRoomOfABurstCancelled() throws {
    let (engine, clock) = try makeEngine()
    let receivers = (0..<600).map { Receiver("r\($0)") }
    for (index, receiver) in receivers.enumerated() {
      try engine.register(
        receiver, .duration(.milliseconds(5_000 + Int64(index))), delivering: .onlyTheEnd,
        handler: recorder.handler("r\(index)"))
    }
    for (index, receiver) in receivers.enumerated() where index % 10 != 0 {
      XCTAssertTrue(engine.cancel(receiver))
    }
    XCTAssertEqual(engine.indexSizes.ends, 60)
    try clock.advance(by: .seconds(6))
    XCTAssertEqual(engine.count, 0, "every one left ended")
  }

  /// The same on the per-countdown wheel, where each one-shot waits too.
  func testChurnOfOneShotsKeepsTheWheelBounded() throws {
    let (engine, _) = try makeEngine(
      interval: .milliseconds(100), alignment: .perCountdown(tolerance: .milliseconds(10)))
    let debounced = Receiver("debounced")
    for round in 0..<3_000 {
      // Near ones and far ones: within the wheel's lowest level and well beyond it.
      let length: Duration = round % 2 == 0 ? .milliseconds(50) : .seconds(3_600)
      try engine.register(debounced, .duration(length), delivering: .onlyTheEnd, handler: recorder.handler("d"))
      XCTAssertTrue(engine.cancel(debounced))
    }
    XCTAssertLessThanOrEqual(engine.indexSizes.wheel, engine.count, "wheel entries held after 3 000 churns")
    try assertIndexesShrinkAfterCancels(engine)
  }

  /// With per-countdown alignment, a pause, a resume, a replacement and a cancel leave no entry
  /// behind in the wheel: it never holds more entries than the table has registrations, through
  /// churn and the window passes between, and none once every one is gone.
  func testEveryRemovalUnlinksItsWheelEntry() throws {
    let (engine, clock) = try makeEngine(
      interval: .milliseconds(100), alignment: .perCountdown(tolerance: .milliseconds(10)))
    let receivers = (0..<200).map { Receiver("r\($0)") }
    for receiver in receivers {
      try engine.register(receiver, .duration(.seconds(60)), handler: recorder.handler("r"))
    }
    try clock.advance(by: .milliseconds(5))
    XCTAssertEqual(engine.indexSizes.wheel, receivers.count, "each delivered countdown waits in the wheel once")
    for round in 0..<12 {
      for (index, receiver) in receivers.enumerated() {
        switch (index + round) % 4 {
        case 0: XCTAssertTrue(engine.pause(receiver))
        case 1: _ = engine.resume(receiver)
        case 2: try engine.register(receiver, .duration(.seconds(60 + Int64(round))), handler: recorder.handler("r"))
        default: break
        }
      }
      XCTAssertLessThanOrEqual(engine.indexSizes.wheel, engine.count, "after round \(round)'s churn")
      try clock.advance(by: .milliseconds(35))
      XCTAssertLessThanOrEqual(engine.indexSizes.wheel, engine.count, "after round \(round)'s passes")
    }
    assertCancelsUnlink(engine, receivers, keeping: 50) { engine.indexSizes.wheel }
  }

  /// Cancels all of `receivers` but the last `kept`, one by one, then the rest at once: `entries`,
  /// one index's size, comes down to at most `kept`, then to 0.
  private func assertCancelsUnlink(
    _ engine: CountdownEngine, _ receivers: [Receiver], keeping kept: Int, entries: () -> Int,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    for receiver in receivers.dropLast(kept) {
      XCTAssertTrue(engine.cancel(receiver), file: file, line: line)
    }
    XCTAssertLessThanOrEqual(entries(), kept, "each cancel unlinked its entry", file: file, line: line)
    engine.cancelAll()
    XCTAssertEqual(entries(), 0, file: file, line: line)
  }

  /// A burst of one-shots, each cancelled on its own: what the indexes hold comes back down with
  /// the table, without waiting for a wakeup.
  private func assertIndexesShrinkAfterCancels(
    _ engine: CountdownEngine, file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let burst = (0..<300).map { Receiver("burst \($0)") }
    for receiver in burst {
      try engine.register(receiver, .duration(.seconds(3_600)), delivering: .onlyTheEnd, handler: recorder.handler("b"))
    }
    for receiver in burst {
      XCTAssertTrue(engine.cancel(receiver), file: file, line: line)
    }
    let sizes = engine.indexSizes
    XCTAssertLessThanOrEqual(
      sizes.ends + sizes.wheel, engine.count, "entries held after a burst was cancelled", file: file, line: line)
  }

  /// One-shots cancelled before their end never wake the engine, even when the slot they named
  /// holds the next one-shot (slots are reused most recently freed first): on the shared grid, where
  /// they wait in the ends to come, nor with per-countdown alignment, where they wait in the wheel.
  func testCancelledOneShotsDoNotWakeTheEngine() throws {
    for alignment in [CountdownAlignment.shared, .perCountdown(tolerance: .milliseconds(50))] {
      let (engine, clock) = try makeEngine(alignment: alignment)
      let debounced = Receiver("debounced")
      for seconds in 1...199 {
        try engine.register(
          debounced, .duration(.seconds(Int64(seconds))), delivering: .onlyTheEnd, handler: recorder.handler("old"))
        XCTAssertTrue(engine.cancel(debounced))
      }
      try engine.register(
        debounced, .duration(.seconds(300)), delivering: .onlyTheEnd, handler: recorder.handler("last"))
      let before = engine.statistics.wakeups
      try clock.advance(by: .seconds(301))
      XCTAssertEqual(recorder.values("last"), [0], "\(alignment)")
      XCTAssertEqual(recorder.values("old"), [], "\(alignment)")
      // A cancel leaves the timer alone: it is still armed for the first one-shot's end, and that
      // wakeup re-arms it for the end to come. Then the end, and the wakeup that finds the table
      // empty and lets the timer go.
      XCTAssertLessThanOrEqual(
        engine.statistics.wakeups - before, 3, "\(alignment): woken for the one end to come, not for the cancelled ones"
      )
      recorder.clear()
    }
  }

  /// With the wheel, one-shots cancelled while a countdown ticks are not looked at again and again.
  func testCancelledOneShotsAreNotExaminedEveryTurn() throws {
    let (engine, clock) = try makeEngine(alignment: .perCountdown(tolerance: .milliseconds(50)))
    let ticker = Receiver("ticker")
    try engine.register(ticker, .duration(.seconds(60)), handler: recorder.handler("ticker"))
    let debounced = Receiver("debounced")
    for _ in 0..<1_999 {
      try engine.register(
        debounced, .duration(.seconds(570)), delivering: .onlyTheEnd, handler: recorder.handler("old"))
      XCTAssertTrue(engine.cancel(debounced))
    }
    try engine.register(debounced, .duration(.seconds(570)), delivering: .onlyTheEnd, handler: recorder.handler("last"))
    try clock.advance(by: .zero)
    let examined = engine.examinedRegistrations
    let deliveries = engine.statistics.deliveries
    try clock.advance(by: .seconds(10))
    XCTAssertEqual(engine.statistics.deliveries - deliveries, 10)
    XCTAssertLessThanOrEqual(
      engine.examinedRegistrations - examined, 40, "10 s of one ticking countdown and one far one-shot")
    engine.cancelAll()
  }

  /// A `.perCountdown` engine holding only a one-shot far away sleeps until it is near: it does not
  /// wake at some fixed span of its wheel (a single-level wheel of 11 windows woke every 110 ms).
  func testAFarOneShotAloneDoesNotWakeTheEngineEveryTurn() throws {
    let (engine, clock) = try makeEngine(
      interval: .milliseconds(100), alignment: .perCountdown(tolerance: .milliseconds(10)))
    let far = Receiver("far")
    try engine.register(far, .duration(.seconds(570)), delivering: .onlyTheEnd, handler: recorder.handler("far"))
    // A countdown that ends first: the passes that deliver it look at the wheel for what comes next.
    let short = Receiver("short")
    try engine.register(short, .duration(.milliseconds(300)), handler: recorder.handler("short"))
    try clock.advance(by: .seconds(1))
    XCTAssertEqual(recorder.values("short"), [3, 2, 1, 0])
    let before = engine.statistics.wakeups
    try clock.advance(by: .seconds(10))
    XCTAssertLessThanOrEqual(engine.statistics.wakeups - before, 1, "10 idle seconds")
    try clock.advance(by: .seconds(559))
    XCTAssertEqual(recorder.values("far"), [0])
    XCTAssertEqual(clock.now.nanosecondsSinceOrigin, 570_000_000_000)
    XCTAssertEqual(engine.count, 0)
  }

  /// A paused one-shot ending at the clock's last instant gets no calls, so only the probe of paused
  /// registrations notices its receiver gone: it must wait in the wheel for that probe.
  func testAPausedOneShotAtTheLastInstantIsProbed() throws {
    let (engine, clock) = try makeEngine(alignment: .perCountdown(tolerance: .milliseconds(100)))
    let problems = try BrokenRuleRecorder.recording { () throws -> [String] in
      var once: Receiver? = Receiver("once")
      try engine.register(
        once!, .deadline(CountdownInstant(nanosecondsSinceOrigin: .max)), delivering: .onlyTheEnd,
        handler: recorder.handler("once"))
      try clock.advance(by: .seconds(1))
      XCTAssertTrue(engine.pause(once!))
      once = nil
      // Probed a minute after its pause (the probe period), then removed.
      try clock.advance(by: .seconds(62))
      return BrokenRuleRecorder.takeRecorded()
    }
    XCTAssertEqual(problems, [])
    XCTAssertEqual(engine.count, 0, "the dead receiver's paused registration is removed")
    XCTAssertEqual(recorder.values("once"), [])
  }

  /// A window pass at the clock's last instants computes its windows without overflowing: with a
  /// tolerance of 1 ns and the grid's origin at 0 the windows are numbered up to `Int64.max`, and
  /// the list an interval on from the last ones lies past it.
  func testAWindowPassNearTheClocksLastInstantDoesNotOverflow() throws {
    let (engine, clock) = try makeEngine(
      interval: .microseconds(1), alignment: .perCountdown(tolerance: .nanoseconds(1)))
    let listener = Receiver("listener")
    try engine.register(listener, .countingUp, handler: recorder.handler("listener"))
    try clock.advance(by: .zero)
    try clock.jump(by: .nanoseconds(Int64.max - 3_000))
    let short = Receiver("short")
    try engine.register(short, .duration(.microseconds(2)), handler: recorder.handler("short"))
    try clock.advance(by: .nanoseconds(2_999))
    XCTAssertEqual(recorder.values("short"), [2, 1, 0])
    let last = Int(Int64.max / 1_000)
    XCTAssertEqual(recorder.values("listener").suffix(3), [last - 2, last - 1, last])
    engine.cancelAll()
  }
}
