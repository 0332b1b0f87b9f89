import CountdownCore
import CountdownTestSupport
import XCTest

/// What the docs promise of prompt deliveries (a value at once, inside the call, on the delivery
/// queue) and of their absence, around suspension, resuming and time added. Tests run on the main
/// thread, the delivery queue of these engines, so "inside this call" is checked by reading the
/// recorder right after the call, with no advance of the clock.
final class PromptDeliveryDocPromisesTests: XCTestCase {
  let recorder = Recorder()

  /// ``CountdownEngine/suspendTicking()``: "Prompt deliveries (the first value of a new
  /// registration) still happen", inside the registering call.
  func testARegistrationWhileSuspendedStillGetsItsFirstValueAtOnce() throws {
    let (engine, clock) = try makeEngine()
    engine.suspendTicking()
    let a = Receiver("a")
    try engine.register(a, .duration(.seconds(5)), handler: recorder.handler("a"))
    XCTAssertEqual(recorder.values("a"), [5], "inside the call")
    try clock.advance(by: .seconds(2))
    XCTAssertEqual(recorder.values("a"), [5], "no ticks while suspended")
    engine.resumeTicking()
    // Unlike a registration's, resumeTicking's callbacks are not promised inside the call: the
    // next turn of the delivery queue, which `advance(by: .zero)` gives.
    try clock.advance(by: .zero)
    XCTAssertEqual(recorder.values("a"), [5, 3], "the corrected value on resuming")
  }

  /// ``CountdownEngine/resumeTicking()``: "Registrations with ``SuspensionPolicy/pauses``
  /// continue from where they were: the time spent suspended never counts for them (nor, for one
  /// registered while suspended, any time before it was registered)".
  func testAPausingCountdownRegisteredWhileSuspendedCountsNoTimeBeforeTheResume() throws {
    let (engine, clock) = try makeEngine()
    engine.suspendTicking()
    try clock.advance(by: .seconds(4))
    let quiz = Receiver("quiz")
    try engine.register(quiz, .duration(.seconds(10)), whileSuspended: .pauses, handler: recorder.handler("quiz"))
    try clock.advance(by: .seconds(3))
    engine.resumeTicking()
    XCTAssertEqual(engine.timeLeft(for: quiz), .seconds(10), "neither the time before nor after it was registered")
    try clock.advance(by: .seconds(10))
    XCTAssertEqual(recorder.values("quiz"), [10, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0])
  }

  /// ``CountdownDeliveries/onlyTheEnd``: "registering, resuming the countdown and resuming the
  /// engine's ticking deliver nothing; a countdown that ran out meanwhile still gets its 0"; and
  /// "A deadline already passed delivers its 0 at once".
  func testOnlyTheEndIsSilentOnResumingButGetsItsZero() throws {
    let (engine, clock) = try makeEngine()
    let alarm = Receiver("alarm")
    let later = Receiver("later")
    try engine.register(alarm, .duration(.seconds(3)), delivering: .onlyTheEnd, handler: recorder.handler("alarm"))
    try engine.register(later, .duration(.seconds(60)), delivering: .onlyTheEnd, handler: recorder.handler("later"))
    XCTAssertTrue(engine.pause(later))
    XCTAssertTrue(engine.resume(later))
    engine.suspendTicking()
    engine.resumeTicking()
    try clock.advance(by: .zero)
    XCTAssertEqual(recorder.events, [], "nothing on registering or resuming")
    engine.suspendTicking()
    try clock.advance(by: .seconds(5))
    engine.resumeTicking()
    try clock.advance(by: .zero)
    XCTAssertEqual(recorder.values("alarm"), [0], "ran out while suspended: its 0 on resuming")
    XCTAssertEqual(recorder.values("later"), [])
    let past = Receiver("past")
    try engine.register(
      past, .deadline(clock.now.advanced(by: .seconds(-1))), delivering: .onlyTheEnd, handler: recorder.handler("past"))
    XCTAssertEqual(recorder.values("past"), [0], "a deadline already passed: its 0 at once")
    XCTAssertFalse(engine.contains(past))
  }

  /// ``CountdownEngine/resume(_:)`` delivers "its current value promptly … on the delivery queue,
  /// inside this call"; ``CountdownEngine/resumeTicking()`` gives a paused countdown "no prompt
  /// callback".
  func testResumeDeliversAtOnceAndResumeTickingSkipsAPausedCountdown() throws {
    let (engine, clock) = try makeEngine()
    let a = Receiver("a")
    try engine.register(a, .duration(.seconds(10)), handler: recorder.handler("a"))
    try clock.advance(by: .seconds(2))
    engine.pause(a)
    engine.suspendTicking()
    try clock.advance(by: .seconds(5))
    engine.resumeTicking()
    try clock.advance(by: .zero)
    XCTAssertEqual(recorder.values("a"), [10, 9, 8], "paused: nothing from resumeTicking")
    engine.resume(a)
    XCTAssertEqual(recorder.values("a"), [10, 9, 8, 8], "its value again, inside resume")
  }

  /// ``CountdownEngine/addTime(_:to:)``: "Zero changes nothing": no call, and the same end.
  func testAddingZeroTimeDeliversNothingAndKeepsTheEnd() throws {
    let (engine, clock) = try makeEngine()
    let a = Receiver("a")
    try engine.register(a, .duration(.seconds(10)), handler: recorder.handler("a"))
    try clock.advance(by: .milliseconds(2_500))
    XCTAssertTrue(try engine.addTime(.zero, to: a), "it has a running countdown")
    XCTAssertEqual(recorder.values("a"), [10, 9, 8], "no call for no change")
    XCTAssertEqual(engine.timeLeft(for: a), .milliseconds(7_500))
    engine.pause(a)
    XCTAssertTrue(try engine.addTime(.zero, to: a), "a paused one too")
    XCTAssertEqual(engine.timeLeft(for: a), .milliseconds(7_500))
  }

  /// ``CountdownEngine/addTime(_:to:)``: a countdown counting overtime "has no end to stop at:
  /// time taken moves its deadline back by the whole amount, running or paused, past or further
  /// past it (-10 becomes -15)".
  func testTimeTakenInOvertimeMovesTheDeadlineBackByTheWholeAmount() throws {
    let (engine, clock) = try makeEngine()
    let a = Receiver("a")
    try engine.register(a, .duration(.seconds(1)), pastTheEnd: .countsOvertime, handler: recorder.handler("a"))
    try clock.advance(by: .seconds(11))
    XCTAssertEqual(engine.value(for: a), -10)
    try engine.addTime(.seconds(-5), to: a)
    XCTAssertEqual(recorder.values("a").last, -15, "delivered inside the call")
    XCTAssertEqual(engine.value(for: a), -15)
    engine.pause(a)
    try engine.addTime(.seconds(-5), to: a)
    XCTAssertEqual(engine.value(for: a), -20, "paused: the same")
    engine.resume(a)
    XCTAssertEqual(recorder.values("a").last, -20)
    engine.cancel(a)
  }

  /// ``CountdownEngine/endedAgo(_:)`` is `nil` for "one counting overtime", even for a 0 that came
  /// late: a deadline half an interval past is registered, its first value is a 0 that came
  /// 500 ms after the deadline, more than the 50 ms end tolerance.
  func testEndedAgoIsNilForTheLateZeroOfAnOvertimeCountdown() throws {
    let (engine, clock) = try makeEngine()
    try clock.advance(by: .seconds(10))
    let a = Receiver("a")
    let b = Receiver("b")
    let late = LockedState<[String: Duration?]>([:])
    try engine.register(
      a, .deadline(clock.now.advanced(by: .milliseconds(-500))), pastTheEnd: .countsOvertime
    ) { value, _ in
      if value == 0 { late.withLock { $0["a"] = engine.endedAgo(a) } }
    }
    try engine.register(b, .deadline(clock.now.advanced(by: .milliseconds(-500)))) { value, _ in
      if value == 0 { late.withLock { $0["b"] = engine.endedAgo(b) } }
    }
    let seen = late.withLock { $0 }
    XCTAssertEqual(seen.count, 2, "both had a 0 at once")
    XCTAssertEqual(seen["a"], .some(nil), "overtime: nil")
    XCTAssertEqual(seen["b"], .some(.milliseconds(500)), "the same end without overtime: 500 ms late")
    engine.cancelAll()
  }

  /// ``CountdownEnding/countsOvertime``: "Values stop moving at −(2⁵⁵ − 1)": a 1 ns countdown in
  /// overtime after the clock jumps far past 2⁵⁵ ns.
  func testOvertimeValuesStopAtTheBound() throws {
    let clock = ManualCountdownClock()
    let engine = try CountdownEngine(interval: .nanoseconds(1), clock: clock, deliveryQueue: .main)
    let a = Receiver("a")
    try engine.register(a, .duration(.nanoseconds(1)), pastTheEnd: .countsOvertime, handler: recorder.handler("a"))
    try clock.jump(by: .nanoseconds(Int64(1) << 57))
    let bound = -((1 << 55) - 1)
    XCTAssertEqual(engine.value(for: a), bound)
    XCTAssertEqual(recorder.values("a").last, bound)
    try clock.jump(by: .seconds(1))
    XCTAssertEqual(engine.value(for: a), bound, "no further")
    engine.cancel(a)
  }
}
