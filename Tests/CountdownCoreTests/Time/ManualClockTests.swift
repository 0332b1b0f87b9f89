import CountdownCore
import Dispatch
import XCTest

final class ManualClockTests: XCTestCase {
  func testDeliversSynchronouslyOnTheMainThread() throws {
    XCTAssertTrue(Thread.isMainThread)
    let (engine, clock) = try makeEngine()
    let recorder = Recorder()
    let receiver = Receiver("a")
    try engine.register(receiver, .duration(.seconds(3)), handler: recorder.handler("a"))
    XCTAssertEqual(recorder.values("a"), [3], "on the delivery queue (the main thread), inside register")
    try clock.advance(by: .zero)
    XCTAssertEqual(recorder.values("a"), [3], "once")
    try clock.advance(by: .seconds(3))
    XCTAssertEqual(recorder.values("a"), [3, 2, 1, 0])
  }

  func testFiresTimersInDeadlineOrderAtTheirOwnInstants() throws {
    let clock = ManualCountdownClock()
    let fired = LockedState<[(String, CountdownInstant)]>([])
    let queue = DispatchQueue(label: "unused")
    let late = clock.makeTimer(on: queue) { if case .fired = $0 { fired.withLock { $0.append(("late", clock.now)) } } }
    let early = clock.makeTimer(on: queue) {
      if case .fired = $0 { fired.withLock { $0.append(("early", clock.now)) } }
    }
    late.schedule(at: try CountdownInstant.zero.exactlyAdvanced(by: .seconds(2)), leeway: .zero)
    early.schedule(at: try CountdownInstant.zero.exactlyAdvanced(by: .seconds(1)), leeway: .zero)
    try clock.advance(by: .seconds(5))
    let order = fired.withLock { $0 }
    XCTAssertEqual(order.map(\.0), ["early", "late"])
    XCTAssertEqual(order.map(\.1.nanosecondsSinceOrigin), [1_000_000_000, 2_000_000_000])
    XCTAssertEqual(clock.now, try CountdownInstant.zero.exactlyAdvanced(by: .seconds(5)))
    XCTAssertEqual(clock.armedTimerCount, 0)
  }

  // A timer that fired early and is re-armed for the same deadline (what a timer user that ignores
  // early wakeups does) fires at that deadline, so time moves on; the next deadline may be early again.
  func testAnEarlyWakeupReArmedForItsDeadlineFiresOnTime() throws {
    let clock = try ManualCountdownClock(jitter: .init(early: .milliseconds(200), seed: 1))
    let deadline = try CountdownInstant.zero.exactlyAdvanced(by: .seconds(1))
    let secondDeadline = try deadline.exactlyAdvanced(by: .seconds(1))
    let fired = LockedState<[Int64]>([])
    let timer = LockedState<(any CountdownTimer)?>(nil)
    let made = clock.makeTimer(on: DispatchQueue(label: "unused")) { event in
      guard case .fired = event else { return }
      let count = fired.withLock { fired in
        fired.append(clock.now.nanosecondsSinceOrigin)
        return fired.count
      }
      let next = count < 2 ? deadline : secondDeadline
      if count < 3 { timer.withLock { $0 }?.schedule(at: next, leeway: .zero) }
    }
    timer.withLock { $0 = made }
    made.schedule(at: deadline, leeway: .zero)
    try clock.advance(by: .seconds(3))
    let instants = fired.withLock { $0 }
    XCTAssertEqual(instants.count, 3, "\(instants)")
    XCTAssertLessThan(instants[0], 1_000_000_000, "the first wakeup fires early")
    XCTAssertEqual(instants[1], 1_000_000_000, "re-armed for the same deadline, it fires on time")
    XCTAssertLessThan(instants[2], 2_000_000_000, "a new deadline may be early again")
    timer.withLock { $0 = nil }
  }

  func testRejectsGoingBackwards() throws {
    let clock = ManualCountdownClock(now: .init(nanosecondsSinceOrigin: 100))
    assertThrows(.negativeDuration) { () throws(CountdownError) in try clock.advance(by: .seconds(-1)) }
    assertThrows(.negativeDuration) { () throws(CountdownError) in try clock.advance(to: .zero) }
    assertThrows(.outOfRange) { () throws(CountdownError) in try clock.advance(by: .seconds(Int64.max)) }
    XCTAssertEqual(clock.now.nanosecondsSinceOrigin, 100)
  }

  func testATimerArmedForAnInstantAlreadyPastFiresOnItsQueueAtOnce() throws {
    let clock = ManualCountdownClock()
    try clock.advance(by: .seconds(5))
    let (timer, fired) = makeTimerExpectingAFire(on: clock)
    timer.schedule(at: try CountdownInstant.zero.exactlyAdvanced(by: .seconds(2)), leeway: .zero)
    wait(for: [fired], timeout: 10)
    XCTAssertEqual(clock.armedTimerCount, 0)
    withExtendedLifetime(timer) {}
  }

  func testACancelledTimerArmedForThePastNeverFires() throws {
    let clock = ManualCountdownClock()
    try clock.advance(by: .seconds(5))
    let queue = DispatchQueue(label: "timer")
    let fired = LockedState(false)
    queue.suspend()  // the firing, if any, waits here until after cancel
    let timer = clock.makeTimer(on: queue) { if case .fired = $0 { fired.withLock { $0 = true } } }
    timer.schedule(at: .zero, leeway: .zero)
    timer.cancel()
    queue.resume()
    queue.sync {}
    XCTAssertFalse(fired.withLock { $0 })
  }

  /// An engine on its own queue re-arms after its pass. When another thread advanced the clock
  /// while the pass ran, that deadline is already past: the wakeup must still come, as a real
  /// timer's would, without another advance.
  func testAPassThatReArmsForThePastAfterAnotherThreadAdvancedStillWakes() throws {
    let reachedOne = expectation(description: "1 delivered without another advance")
    let held = try HeldPass(reachedOne: reachedOne)
    XCTAssertEqual(try held.holdThePassDeliveringFour(), .success)
    try held.clock.advance(by: .seconds(3))  // nothing armed: the pass re-arms when it ends
    held.release()
    wait(for: [reachedOne], timeout: 10)
    XCTAssertEqual(held.values.withLock { $0 }.last, 1)
    withExtendedLifetime(held) {}
  }

  /// A timer armed for the past after an advance's loop last looked, before the advance returns
  /// (here: while the clock lets engines settle at its end), fires when the advance ends.
  func testATimerArmedForThePastAsAnAdvanceEndsFiresWhenItEnds() throws {
    let clock = ManualCountdownClock()
    let (late, fired) = makeTimerExpectingAFire(on: clock)
    let end = try CountdownInstant.zero.exactlyAdvanced(by: .seconds(3))
    let armed = LockedState(false)
    let settling = clock.makeTimer(on: DispatchQueue(label: "settling")) { event in
      guard case .settle = event, clock.now == end else { return }
      let isFirst = armed.withLock { armed in
        defer { armed = true }
        return !armed
      }
      if isFirst { late.schedule(at: .zero, leeway: .zero) }
    }
    try clock.advance(by: .seconds(3))
    XCTAssertTrue(armed.withLock { $0 })
    wait(for: [fired], timeout: 10)
    withExtendedLifetime(settling) {}
  }

  /// A timer on a queue of its own, and an expectation that it fires there.
  private func makeTimerExpectingAFire(on clock: ManualCountdownClock) -> (any CountdownTimer, XCTestExpectation) {
    let queue = DispatchQueue(label: "timer")
    let fired = expectation(description: "fired on its queue")
    let timer = clock.makeTimer(on: queue) { event in
      if case .fired = event {
        dispatchPrecondition(condition: .onQueue(queue))
        fired.fulfill()
      }
    }
    return (timer, fired)
  }
}
