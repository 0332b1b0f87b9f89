import CountdownCore
import XCTest

/// What the engine's idle time costs in wakeups: none once the last countdown ends, stops or is
/// cancelled (a one-shot costs exactly one wakeup, a milestone one each), none for a bound its
/// registration took with it, and at most one a minute while only paused countdowns remain, each
/// paused one whose receiver died still removed within the minute and an interval that `pause`
/// documents.
final class IdleWakeupTests: XCTestCase {
  private let alignments: [CountdownAlignment] = [.shared, .perCountdown(tolerance: .milliseconds(50))]

  // MARK: - The last countdown gone, no wakeup follows

  func testALoneOneShotCostsExactlyOneWakeup() throws {
    for alignment in alignments {
      let (engine, clock) = try makeEngine(alignment: alignment)
      let action = Receiver("action")
      let recorder = Recorder()
      try engine.register(action, .duration(.seconds(60)), delivering: .onlyTheEnd, handler: recorder.handler("a"))
      try clock.advance(by: .seconds(120))
      XCTAssertEqual(recorder.values("a"), [0], "\(alignment)")
      XCTAssertEqual(engine.statistics.wakeups, 1, "\(alignment): one wakeup for one action")
      XCTAssertEqual(clock.armedTimerCount, 0, "\(alignment): the timer is disarmed once the table is empty")
      withExtendedLifetime(action) {}
    }
  }

  func testMilestonesCostOneWakeupEach() throws {
    for alignment in alignments {
      let (engine, clock) = try makeEngine(alignment: alignment)
      let order = Receiver("order")
      let recorder = Recorder()
      try engine.register(
        order, .duration(.seconds(7_200)), delivering: .milestones([600, 60]), handler: recorder.handler("o"))
      try clock.advance(by: .seconds(7_300))
      XCTAssertEqual(recorder.values("o"), [600, 60, 0], "\(alignment)")
      XCTAssertEqual(engine.statistics.wakeups, 3, "\(alignment): two milestones and the end")
      withExtendedLifetime(order) {}
    }
  }

  func testALabelCostsOneWakeupPerValueAndNoneAfterItsEnd() throws {
    for alignment in alignments {
      let (engine, clock) = try makeEngine(alignment: alignment)
      let label = Receiver("label")
      let recorder = Recorder()
      try engine.register(label, .duration(.seconds(3)), handler: recorder.handler("l"))
      try clock.advance(by: .seconds(10))
      XCTAssertEqual(recorder.values("l"), [3, 2, 1, 0], "\(alignment)")
      XCTAssertEqual(engine.statistics.wakeups, 3, "\(alignment): at 1, 2 and 3 s, none at 4 s")
      withExtendedLifetime(label) {}
    }
  }

  func testALabelThatStopsItselfCostsNoFurtherWakeup() throws {
    for alignment in alignments {
      let (engine, clock) = try makeEngine(alignment: alignment)
      let label = Receiver("label")
      let recorder = Recorder()
      try engine.register(label, .duration(.seconds(60)), handler: recorder.handler("l", stopAt: 57))
      try clock.advance(by: .seconds(10))
      XCTAssertEqual(recorder.values("l"), [60, 59, 58, 57], "\(alignment)")
      XCTAssertEqual(engine.statistics.wakeups, 3, "\(alignment): the third tick stopped it; no fourth wakeup")
      withExtendedLifetime(label) {}
    }
  }

  func testNoWakeupFollowsACancelOfTheLastCountdown() throws {
    for alignment in alignments {
      for cancelsAll in [false, true] {
        let (engine, clock) = try makeEngine(alignment: alignment)
        let label = Receiver("label")
        try engine.register(label, .duration(.seconds(60))) { _, _ in }
        try clock.advance(by: .milliseconds(2_500))
        if cancelsAll { engine.cancelAll() } else { engine.cancel(label) }
        XCTAssertEqual(
          clock.armedTimerCount, 0, "\(alignment), cancelAll \(cancelsAll): disarmed when the call returns")
        let wakeups = engine.statistics.wakeups
        try clock.advance(by: .seconds(10))
        XCTAssertEqual(engine.statistics.wakeups - wakeups, 0, "\(alignment), cancelAll \(cancelsAll)")
        withExtendedLifetime(label) {}
      }
    }
  }

  func testACancelledOneShotKeepsNoTimerArmed() throws {
    for alignment in alignments {
      let (engine, clock) = try makeEngine(alignment: alignment)
      let action = Receiver("action")
      try engine.register(action, .duration(.seconds(3_600)), delivering: .onlyTheEnd) { _, _ in
        XCTFail("a cancelled one-shot was called")
      }
      XCTAssertTrue(engine.cancel(action))
      XCTAssertEqual(clock.armedTimerCount, 0, "\(alignment): nothing left to wake for")
      try clock.advance(by: .seconds(7_200))
      XCTAssertEqual(engine.statistics.wakeups, 0, "\(alignment): no wakeup for what was cancelled")
      withExtendedLifetime(action) {}
    }
  }

  /// A repeating wakeup that comes far later than due (a loaded machine, a device that slept) and
  /// whose pass ends the last countdown: the timer, still repeating, is disarmed by that pass's
  /// end, not left firing every interval at an empty table.
  func testALateRepeatingWakeupThatEndsTheLastCountdownLeavesNoTimerArmed() throws {
    let (engine, clock) = try makeEngine()
    let label = Receiver("label")
    let recorder = Recorder()
    try engine.register(label, .duration(.seconds(5)), handler: recorder.handler("l"))
    try clock.advance(by: .seconds(2))
    // Past the end at once: the repeating timer fires once, 2.5 s late, and its pass delivers the 0.
    try clock.jump(by: .milliseconds(3_500))
    XCTAssertEqual(recorder.values("l"), [5, 4, 3, 0])
    XCTAssertEqual(engine.count, 0)
    XCTAssertEqual(clock.armedTimerCount, 0, "the pass that emptied the table disarmed the timer")
    let wakeups = engine.statistics.wakeups
    try clock.advance(by: .seconds(10))
    XCTAssertEqual(engine.statistics.wakeups - wakeups, 0, "no wakeup once the table is empty")
    withExtendedLifetime(label) {}
  }

  /// The timer kept, disarmed, serves the next registration: no timer made per emptying.
  func testARegistrationAfterTheTableEmptiedReusesTheTimer() throws {
    let (engine, clock) = try makeEngine()
    let recorder = Recorder()
    let a = Receiver("a")
    try engine.register(a, .duration(.seconds(1)), handler: recorder.handler("a"))
    try clock.advance(by: .seconds(5))
    try engine.register(a, .duration(.seconds(2)), handler: recorder.handler("a2"))
    try clock.advance(by: .seconds(5))
    XCTAssertEqual(recorder.values("a2"), [2, 1, 0])
    XCTAssertEqual(engine.statistics.wakeups, 3, "one for the first, two for the second")
    XCTAssertEqual(clock.liveTimerCount, 1, "one timer made, kept")
    XCTAssertEqual(clock.armedTimerCount, 0)
  }

  // MARK: - No wakeup for a stale bound

  /// A label that stops itself inside a tick, beside a quiet one-shot: the walked part is empty
  /// once the tick ends, and the change the label would have had buys no wakeup.
  func testAStopInsideATickLeavesNoBoundThatBuysAWakeup() throws {
    let (engine, clock) = try makeEngine()
    let quiet = Receiver("quiet")
    try engine.register(quiet, .duration(.seconds(3_600)), delivering: .onlyTheEnd) { _, _ in }
    let label = Receiver("label")
    let recorder = Recorder()
    try engine.register(label, .duration(.seconds(60)), handler: recorder.handler("l", stopAt: 58))
    try clock.advance(by: .seconds(2))
    XCTAssertEqual(recorder.values("l"), [60, 59, 58])
    let wakeups = engine.statistics.wakeups
    try clock.advance(by: .seconds(10))
    XCTAssertEqual(engine.statistics.wakeups - wakeups, 0, "no wakeup before the one-shot's end")
    XCTAssertEqual(engine.stateInvariantViolations(), [])
    withExtendedLifetime([quiet, label]) {}
  }

  /// `cancelAll()` forgets the bound with the registrations: a one-shot registered after it arms
  /// the timer for its end alone.
  func testCancelAllLeavesNoBoundThatBuysAWakeup() throws {
    let (engine, clock) = try makeEngine()
    let label = Receiver("label")
    try engine.register(label, .duration(.seconds(60))) { _, _ in }
    try clock.advance(by: .seconds(2))
    engine.cancelAll()
    let quiet = Receiver("quiet")
    try engine.register(quiet, .duration(.seconds(3_600)), delivering: .onlyTheEnd) { _, _ in }
    let wakeups = engine.statistics.wakeups
    try clock.advance(by: .seconds(10))
    XCTAssertEqual(engine.statistics.wakeups - wakeups, 0, "no wakeup before the one-shot's end")
    XCTAssertEqual(engine.stateInvariantViolations(), [])
    withExtendedLifetime([quiet, label]) {}
  }

  // MARK: - Paused countdowns

  /// One paused countdown and nothing else wakes the engine at most once a minute (after the
  /// tick already planned when it was paused, which a pause does not take back).
  func testOnlyPausedCountdownsWakeTheEngineAtMostOnceAMinute() throws {
    for alignment in alignments {
      let (engine, clock) = try makeEngine(alignment: alignment)
      let sleeper = Receiver("sleeper")
      try engine.register(sleeper, .duration(.seconds(3_600))) { _, _ in }
      try clock.advance(by: .seconds(2))
      XCTAssertTrue(engine.pause(sleeper))
      try clock.advance(by: .seconds(1))
      let wakeups = engine.statistics.wakeups
      try clock.advance(by: .seconds(600))
      XCTAssertLessThanOrEqual(engine.statistics.wakeups - wakeups, 10, "\(alignment): ten minutes paused")
      XCTAssertEqual(engine.count, 1, "\(alignment): its receiver lives")
      withExtendedLifetime(sleeper) {}
    }
  }

  /// Paused countdowns share their probe wakeups, on both alignments: ten paused a second apart
  /// still wake the engine at most once a minute, not once a minute each.
  func testPausedCountdownsShareTheirProbeWakeups() throws {
    for alignment in alignments {
      let (engine, clock) = try makeEngine(alignment: alignment)
      let sleepers = (0..<10).map { Receiver("sleeper \($0)") }
      for sleeper in sleepers {
        try engine.register(sleeper, .duration(.seconds(3_600))) { _, _ in }
      }
      for sleeper in sleepers {
        try clock.advance(by: .seconds(1))
        XCTAssertTrue(engine.pause(sleeper))
      }
      let wakeups = engine.statistics.wakeups
      try clock.advance(by: .seconds(600))
      XCTAssertLessThanOrEqual(engine.statistics.wakeups - wakeups, 11, "\(alignment): ten minutes paused")
      XCTAssertEqual(engine.count, 10, "\(alignment): their receivers live")
      withExtendedLifetime(sleepers) {}
    }
  }

  /// A paused countdown whose receiver died goes within a minute and an interval, on both
  /// alignments, whatever wakes the engine meanwhile: here only a one-shot's end on the shared grid.
  func testAPausedCountdownWhoseReceiverDiedGoesWithinTheStatedBound() throws {
    for alignment in alignments {
      let (engine, clock) = try makeEngine(alignment: alignment)
      let quiet = Receiver("quiet")
      try engine.register(quiet, .duration(.seconds(3_600)), delivering: .onlyTheEnd) { _, _ in }
      // Only the end too: no value on the grid changes, so nothing but ends wakes the engine.
      var sleeper: Receiver? = Receiver("sleeper")
      try engine.register(sleeper!, .duration(.seconds(3_600)), delivering: .onlyTheEnd) { _, _ in }
      try clock.advance(by: .seconds(2))
      XCTAssertTrue(engine.pause(sleeper!))
      try clock.advance(by: .seconds(30))
      sleeper = nil
      try clock.advance(by: .seconds(61))
      XCTAssertEqual(engine.count, 1, "\(alignment): the dead receiver's paused countdown is gone")
      XCTAssertEqual(engine.stateInvariantViolations(), [])
      withExtendedLifetime(quiet) {}
    }
  }
}
