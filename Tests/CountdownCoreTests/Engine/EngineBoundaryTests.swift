import CountdownCore
import Dispatch
import XCTest

/// What the engine does at its edges: clocks and timers that call back into it, instants at the
/// ends of the clock's range, and `.pauses` countdowns around suspensions.
final class EngineBoundaryTests: XCTestCase {
  let recorder = Recorder()

  /// Runs `body` on another thread and fails if it does not return within `seconds`: a deadlock
  /// fails the test instead of hanging the suite.
  func assertReturns(within seconds: Double, _ what: String, _ body: @escaping @Sendable () -> Void) {
    let done = expectation(description: what)
    DispatchQueue.global().async {
      body()
      done.fulfill()
    }
    wait(for: [done], timeout: seconds)
  }

  func testClockAndTimerCodeNeverRunsUnderTheEnginesLock() throws {
    let clock = ReentrantClock()
    let queue = DispatchQueue(label: "delivery")
    let engine = try CountdownEngine(interval: .seconds(1), clock: clock, deliveryQueue: queue)
    clock.engine = engine
    let recorder = self.recorder
    let receiver = Receiver("a")
    let past = Receiver("past")
    defer { withExtendedLifetime(past) {} }
    assertReturns(within: 5, "register") {
      try! engine.register(receiver, .duration(.seconds(3)), handler: recorder.handler("a"))
      // A deadline that has passed: the timer fires synchronously inside `schedule`.
      try! engine.register(past, .deadline(clock.base.now), handler: recorder.handler("past"))
      engine.suspendTicking()
      engine.resumeTicking()
      _ = engine.value(for: receiver)
      engine.pause(receiver)
      engine.resume(receiver)
    }
    queue.sync {}
    assertReturns(within: 5, "advance") {
      try! clock.base.advance(by: .seconds(5))
    }
    queue.sync {}
    queue.sync {}
    XCTAssertEqual(recorder.values("a").last, 0)
    XCTAssertEqual(recorder.values("past"), [0])
  }

  func testInstantsAtTheEndsOfTheClockNeverWrapOrTrap() throws {
    // A deadline at the last instant: paused and resumed, it keeps (nearly) all its time.
    let (engine, clock) = try makeEngine()
    let far = Receiver("far")
    try engine.register(
      far, .deadline(CountdownInstant(nanosecondsSinceOrigin: .max)), handler: recorder.handler("far"))
    try clock.advance(by: .seconds(1))
    XCTAssertTrue(engine.pause(far))
    try clock.advance(by: .seconds(1))
    XCTAssertTrue(engine.resume(far))
    try clock.advance(by: .seconds(1))
    XCTAssertFalse(recorder.values("far").contains(0), "\(recorder.values("far"))")
    XCTAssertTrue(engine.contains(far))
    engine.cancelAll()

    // A clock started at its last instant: registering, ticking and suspending never trap.
    let lastClock = ManualCountdownClock(now: CountdownInstant(nanosecondsSinceOrigin: .max - 10))
    let late = try CountdownEngine(interval: .seconds(1), clock: lastClock, deliveryQueue: .main)
    XCTAssertThrowsError(try late.register(Receiver("x"), .duration(.seconds(1)), handler: { _, _ in }))
    let listener = Receiver("listener")
    try late.register(listener, .countingUp, handler: recorder.handler("listener"))
    let done = Receiver("done")
    defer { withExtendedLifetime(done) {} }
    try late.register(done, .duration(.zero), handler: recorder.handler("done"))
    try lastClock.advance(by: .nanoseconds(10))
    late.suspendTicking()
    late.resumeTicking()
    try lastClock.advance(by: .zero)
    XCTAssertEqual(recorder.values("done"), [0])
    XCTAssertEqual(recorder.values("listener").first, 0)
  }

  /// The clock's last grid instant is a wakeup like any other: with the grid's origin 10 s before
  /// `Int64.max`, an overtime countdown's −6, due 0.973 s before it, shows at the grid instant
  /// `Int64.max` itself, which is no "nothing to wake for".
  func testAChangeDueInTheClocksLastGridIntervalIsWokenFor() throws {
    let clock = ManualCountdownClock(now: CountdownInstant(nanosecondsSinceOrigin: .max - 10_000_000_000))
    let engine = try CountdownEngine(interval: .seconds(1), clock: clock, deliveryQueue: .main)
    let over = Receiver("over")
    let broken = try BrokenRuleRecorder.recording {
      try engine.register(
        over, .duration(.milliseconds(3_027)), pastTheEnd: .countsOvertime, handler: recorder.handler("over"))
      try clock.advance(to: CountdownInstant(nanosecondsSinceOrigin: .max))
      return BrokenRuleRecorder.takeRecorded() + engine.stateInvariantViolations()
    }
    XCTAssertEqual(broken, [], "the engine's rules")
    XCTAssertEqual(recorder.values("over"), [4, 3, 2, 1, 0, -1, -2, -3, -4, -5, -6])
    engine.cancelAll()
  }

  /// A `.pauses` countdown registered while the engine is suspended is not credited with the
  /// suspension before it existed, and never goes up.
  func testAPausingCountdownRegisteredWhileSuspendedNeverGoesUp() throws {
    let (engine, clock) = try makeEngine()
    engine.suspendTicking()
    try clock.advance(by: .seconds(10))
    let quiz = Receiver("quiz")
    try engine.register(quiz, .duration(.seconds(20)), whileSuspended: .pauses, handler: recorder.handler("quiz"))
    try clock.advance(by: .seconds(30))
    engine.resumeTicking()
    try clock.advance(by: .seconds(2))
    XCTAssertEqual(recorder.values("quiz"), [20, 20, 19, 18])
  }

  /// Paused with 15 s left, suspended, resumed on its own while suspended, then the engine
  /// resumes: it shows 15 throughout, then counts on.
  func testAPausedCountdownResumedWhileSuspendedNeverGoesUp() throws {
    let (engine, clock) = try makeEngine()
    let quiz = Receiver("quiz")
    try engine.register(quiz, .duration(.seconds(20)), whileSuspended: .pauses, handler: recorder.handler("quiz"))
    try clock.advance(by: .seconds(5))
    engine.pause(quiz)
    engine.suspendTicking()
    try clock.advance(by: .seconds(10))
    engine.resume(quiz)
    try clock.advance(by: .seconds(30))
    engine.resumeTicking()
    try clock.advance(by: .seconds(1))
    let values = recorder.values("quiz")
    XCTAssertEqual(values, values.sorted(by: >), "never goes up: \(values)")
    XCTAssertEqual(values.suffix(3), [15, 15, 14], "\(values)")
  }
}
