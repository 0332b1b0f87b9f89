import CountdownCore
import XCTest

/// The clock's last instant, `Int64.max`, is an instant like any other: a change due exactly there
/// is delivered (it is no "never"), and a change after the wakeup grid's last instant, short of
/// it, is woken for, at `Int64.max`: the grid instant after the last one the grid can represent.
final class LastInstantTests: XCTestCase {
  let recorder = Recorder()
  let second: Int64 = 1_000_000_000

  /// A clock `seconds` before its last instant, with an engine whose grid starts there at its
  /// first registration (so `Int64.max` is a grid instant when `seconds` is whole).
  func makeEngineNearTheEnd(
    nanosecondsBefore before: Int64, alignment: CountdownAlignment = .shared, endTolerance: Duration? = nil
  ) throws -> (CountdownEngine, ManualCountdownClock) {
    let clock = ManualCountdownClock(now: CountdownInstant(nanosecondsSinceOrigin: .max - before))
    let engine = try CountdownEngine(
      interval: .seconds(1), alignment: alignment, endTolerance: endTolerance, clock: clock, deliveryQueue: .main)
    return (engine, clock)
  }

  let last = CountdownInstant(nanosecondsSinceOrigin: .max)

  /// Advances the clock to its last instant, recording the engine's broken rules (in builds with
  /// internal checks, which would trap) and those it breaks at the end.
  func runToTheLastInstant(_ engine: CountdownEngine, _ clock: ManualCountdownClock) throws -> [String] {
    try BrokenRuleRecorder.recording {
      try clock.advance(to: last)
      return BrokenRuleRecorder.takeRecorded() + engine.stateInvariantViolations()
    }
  }

  /// Each setting in which an end comes: the shared grid with ends on time, the shared grid with
  /// ends on the interval's grid, per-countdown alignment.
  let settings: [(alignment: CountdownAlignment, endTolerance: Duration?)] = [
    (.shared, nil), (.shared, .seconds(1)), (.perCountdown(tolerance: .milliseconds(20)), nil),
  ]

  func testAOneShotToTheLastInstantGetsItsZero() throws {
    for (alignment, endTolerance) in settings {
      let setting = "\(alignment), end tolerance \(endTolerance.map(String.init(describing:)) ?? "default")"
      let (engine, clock) = try makeEngineNearTheEnd(
        nanosecondsBefore: 10 * second, alignment: alignment, endTolerance: endTolerance)
      let once = Receiver("once")
      try engine.register(once, .deadline(last), delivering: .onlyTheEnd, handler: recorder.handler("once"))
      XCTAssertEqual(try runToTheLastInstant(engine, clock), [], setting)
      XCTAssertEqual(recorder.values("once"), [0], setting)
      XCTAssertFalse(engine.contains(once), setting)
      recorder.clear()
      engine.cancelAll()
    }
  }

  func testAMilestoneCountdownToTheLastInstantGetsItsFinalZero() throws {
    for (alignment, endTolerance) in settings {
      let setting = "\(alignment), end tolerance \(endTolerance.map(String.init(describing:)) ?? "default")"
      let (engine, clock) = try makeEngineNearTheEnd(
        nanosecondsBefore: 10 * second, alignment: alignment, endTolerance: endTolerance)
      let quiz = Receiver("quiz")
      try engine.register(quiz, .deadline(last), delivering: .milestones([5]), handler: recorder.handler("quiz"))
      XCTAssertEqual(try runToTheLastInstant(engine, clock), [], setting)
      XCTAssertEqual(recorder.values("quiz"), [5, 0], setting)
      XCTAssertFalse(engine.contains(quiz), setting)
      recorder.clear()
      engine.cancelAll()
    }
  }

  /// With ends on the interval's grid (an end tolerance of a whole interval), the end is the grid
  /// instant `Int64.max`: it does not stand at 1 for good.
  func testAnEndToleranceOfAnIntervalEndsACountdownAtTheLastInstant() throws {
    let (engine, clock) = try makeEngineNearTheEnd(nanosecondsBefore: 3 * second, endTolerance: .seconds(1))
    let label = Receiver("label")
    try engine.register(label, .deadline(last), handler: recorder.handler("label"))
    XCTAssertEqual(try runToTheLastInstant(engine, clock), [])
    XCTAssertEqual(recorder.values("label"), [3, 2, 1, 0])
    XCTAssertFalse(engine.contains(label))
  }

  func testAnOvertimeValueDueAtTheLastInstantComes() throws {
    let (engine, clock) = try makeEngineNearTheEnd(nanosecondsBefore: 5 * second)
    let over = Receiver("over")
    try engine.register(over, .duration(.seconds(2)), pastTheEnd: .countsOvertime, handler: recorder.handler("over"))
    XCTAssertEqual(try runToTheLastInstant(engine, clock), [])
    XCTAssertEqual(recorder.values("over"), [2, 1, 0, -1, -2, -3])
    engine.cancelAll()
  }

  func testACountUpValueDueAtTheLastInstantComes() throws {
    for alignment in [CountdownAlignment.shared, .perCountdown(tolerance: .milliseconds(20))] {
      let (engine, clock) = try makeEngineNearTheEnd(nanosecondsBefore: 3 * second, alignment: alignment)
      let watch = Receiver("watch")
      try engine.register(watch, .countingUp, handler: recorder.handler("watch"))
      XCTAssertEqual(try runToTheLastInstant(engine, clock), [], "\(alignment)")
      XCTAssertEqual(recorder.values("watch"), [0, 1, 2, 3], "\(alignment)")
      recorder.clear()
      engine.cancelAll()
    }
  }

  /// A countdown on running time lags the clock by every suspension: time added that would end it
  /// past the clock's last instant, reckoned on the clock, is rejected though its own time has room,
  /// and the countdown keeps what it had; time that ends it before then is accepted.
  func testTimeAddedPastTheClocksEndIsRejectedForACountdownOnRunningTime() throws {
    let (engine, clock) = try makeEngineNearTheEnd(nanosecondsBefore: 10 * second)
    let game = Receiver("game")
    try engine.register(game, .duration(.seconds(5)), whileSuspended: .pauses, handler: recorder.handler("game"))
    engine.suspendTicking()
    try clock.advance(by: .seconds(4))
    engine.resumeTicking()
    // 5 s left on its own time, 6 s left on the clock.
    assertThrows(.outOfRange, "two seconds more, on running time") { () throws(CountdownError) in
      _ = try engine.addTime(.seconds(2), to: game)
    }
    XCTAssertEqual(engine.timeLeft(for: game), .seconds(5))
    XCTAssertTrue(try engine.addTime(.milliseconds(500), to: game))
    XCTAssertEqual(engine.timeLeft(for: game), .milliseconds(5_500))
    // Paused, it resumes with what it has: the same bound.
    XCTAssertTrue(engine.pause(game))
    assertThrows(.outOfRange, "a second more, paused") { () throws(CountdownError) in
      _ = try engine.addTime(.seconds(1), to: game)
    }
    XCTAssertEqual(engine.timeLeft(for: game), .milliseconds(5_500))
    engine.cancelAll()
  }

  /// Resumed with more time left than the clock has, a countdown ends at the clock's last instant:
  /// one on running time too, though its own time, lagging the clock by an earlier suspension,
  /// has room past it.
  func testACountdownOnRunningTimeResumedWithMoreLeftThanTheClockHasEndsAtTheLastInstant() throws {
    let (engine, clock) = try makeEngineNearTheEnd(nanosecondsBefore: 20 * second)
    let first = Receiver("first")
    try engine.register(first, .countingUp, handler: recorder.handler("first"))
    engine.suspendTicking()
    try clock.advance(by: .seconds(4))
    engine.resumeTicking()
    let game = Receiver("game")
    try engine.register(game, .duration(.seconds(5)), whileSuspended: .pauses, handler: recorder.handler("game"))
    XCTAssertTrue(engine.pause(game))
    try clock.advance(by: .seconds(14))
    XCTAssertTrue(engine.resume(game))
    XCTAssertEqual(engine.timeLeft(for: game), .seconds(2))
    XCTAssertEqual(try runToTheLastInstant(engine, clock), [])
    XCTAssertEqual(recorder.values("game").last, 0, "\(recorder.values("game"))")
    XCTAssertFalse(engine.contains(game))
    engine.cancelAll()
  }

  /// Time stops at the clock's last instant: a wakeup for the last grid instant (2.3 ms before
  /// it) that comes late, at the last instant, finds the end of a countdown to it due as well, and
  /// delivers its 0, the value then, not the grid instant's 1 (a later wakeup that would deliver
  /// the 0 after the 1 cannot come).
  func testALateLastTickAtTheLastInstantDeliversTheEnd() throws {
    let (engine, clock) = try makeEngineNearTheEnd(nanosecondsBefore: 3 * second + 2_300_000)
    let label = Receiver("label")
    try engine.register(label, .deadline(last), handler: recorder.handler("label"))
    try clock.advance(to: CountdownInstant(nanosecondsSinceOrigin: .max - second / 2))
    try clock.jump(by: .milliseconds(500))
    try clock.advance(by: .zero)
    XCTAssertEqual(recorder.values("label"), [4, 3, 2, 0])
    XCTAssertFalse(engine.contains(label))
  }

  /// Time stops at the clock's last instant: the wakeup for the last grid instant (2.3 ms before
  /// it), firing at the end of its leeway, comes at the last instant and stands for it, where every
  /// value is computed for the instant it is shown at: an overtime countdown shows −3, its value
  /// then, right after −1; the last grid instant's −2 is never shown (on time, that wakeup shows −2
  /// and one at the last instant −3).
  func testALateLastTickAtTheLastInstantShowsTheOvertimeValueThen() throws {
    let (engine, clock) = try makeEngineNearTheEnd(nanosecondsBefore: 5 * second + 2_300_000)
    clock.firesAtTheEndOfTheLeeway = true
    let over = Receiver("over")
    try engine.register(
      over, .duration(.milliseconds(2_001)), pastTheEnd: .countsOvertime, handler: recorder.handler("over"))
    XCTAssertEqual(try runToTheLastInstant(engine, clock), [])
    XCTAssertEqual(recorder.values("over"), [3, 2, 1, 0, -1, -3])
    engine.cancelAll()
  }

  /// The grid starts 10.5 s before the clock's last instant, so its last instant is half a second
  /// before it; a count-up started 0.3 s after the grid changes to 10 at 0.2 s before the end, and a
  /// countdown ending there with ends on the interval's grid reaches its 0 then: both are woken for
  /// at `Int64.max`, the grid instant after the last one (never before their boundary).
  func testAChangeAfterTheGridsLastInstantIsWokenFor() throws {
    let (engine, clock) = try makeEngineNearTheEnd(
      nanosecondsBefore: 10 * second + second / 2, endTolerance: .seconds(1))
    let first = Receiver("first")
    try engine.register(first, .countingUp, handler: recorder.handler("first"))
    try clock.advance(by: .milliseconds(300))
    let watch = Receiver("watch")
    try engine.register(watch, .countingUp, handler: recorder.handler("watch"))
    let label = Receiver("label")
    try engine.register(
      label, .deadline(CountdownInstant(nanosecondsSinceOrigin: .max - second / 5)), handler: recorder.handler("label"))
    XCTAssertEqual(try runToTheLastInstant(engine, clock), [])
    XCTAssertEqual(recorder.values("watch").last, 10, "\(recorder.values("watch"))")
    XCTAssertEqual(recorder.values("label").suffix(2), [1, 0], "\(recorder.values("label"))")
    XCTAssertEqual(recorder.values("first").last, 10, "\(recorder.values("first"))")
    XCTAssertFalse(engine.contains(label))
    engine.cancelAll()
  }

  /// Per countdown, the window after the last one the grid represents is woken for at `Int64.max`
  /// too: a countdown ending 3 ms before it, on a grid of 20 ms windows whose last instant is 10 ms
  /// before it.
  func testAChangeAfterTheLastWindowIsWokenForPerCountdown() throws {
    let (engine, clock) = try makeEngineNearTheEnd(
      nanosecondsBefore: 2 * second + 10_000_000, alignment: .perCountdown(tolerance: .milliseconds(20)))
    let label = Receiver("label")
    try engine.register(
      label, .deadline(CountdownInstant(nanosecondsSinceOrigin: .max - 3_000_000)), handler: recorder.handler("label"))
    XCTAssertEqual(try runToTheLastInstant(engine, clock), [])
    XCTAssertEqual(recorder.values("label"), [3, 2, 1, 0])
    XCTAssertFalse(engine.contains(label))
  }

  /// A repeating timer's fire past the clock's last instant never comes: the manual clock disarms
  /// it rather than firing it at `Int64.max` again and again (found by the simulation: an engine
  /// suspended while its repeating timer still ran, near the end).
  func testARepeatingTimerIsDisarmedPastTheClocksLastInstant() throws {
    let clock = ManualCountdownClock(now: CountdownInstant(nanosecondsSinceOrigin: .max - 10))
    let fires = LockedState(0)
    let timer = clock.makeTimer(on: .main) { event in
      if case .fired = event { fires.withLock { $0 += 1 } }
    }
    timer.schedule(at: CountdownInstant(nanosecondsSinceOrigin: .max - 3), repeating: .nanoseconds(5), leeway: .zero)
    try clock.advance(to: CountdownInstant(nanosecondsSinceOrigin: .max - 3))
    XCTAssertEqual(fires.withLock { $0 }, 1)
    XCTAssertEqual(clock.armedTimerCount, 0, "its next fire, at Int64.max + 2, never comes")
    try clock.advance(to: last)
    XCTAssertEqual(fires.withLock { $0 }, 1)
    timer.cancel()
  }
}
