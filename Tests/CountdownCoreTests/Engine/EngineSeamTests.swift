import CountdownCore
import Dispatch
import XCTest

/// The seams of the engine: registrations made while a pass runs, "only the end" across pauses
/// and resumes, pausing from a callback, early wakeups, clock readings that are stale by the time
/// the lock is taken, paused registrations under a fine tolerance, and removals from other threads.
final class EngineSeamTests: XCTestCase {
  let recorder = Recorder()

  /// Runs `scenario` on a new engine whose ends have a grid of their own, then (the recorder
  /// cleared) on one whose ends are on the interval's grid (an end tolerance of a whole interval).
  private func withEachEndGrid(
    _ scenario: (CountdownEngine, ManualCountdownClock, Recorder) throws -> Void
  ) throws {
    for endTolerance in [nil, Duration.seconds(1)] {
      recorder.clear()
      let (engine, clock) = try makeEngine(endTolerance: endTolerance)
      try scenario(engine, clock, recorder)
    }
  }

  // A one-shot registered from a callback, with nothing else left to change after that pass, is
  // delivered at its end (it was never delivered: the pass's walk did not see it, and the pass's
  // bound on the next change replaced the one the registration had set). With ends on a grid of
  // their own it waits in the ends to come; with ends on the interval's grid (an end tolerance of
  // a whole interval) it rests on that bound alone.
  func testAnOnlyTheEndRegisteredFromACallbackIsDelivered() throws {
    try withEachEndGrid { engine, clock, recorder in
      let first = Receiver("first")
      let second = Receiver("second")
      try engine.register(first, .duration(.seconds(1)), delivering: .onlyTheEnd) { value, _ in
        recorder.record("first", value)
        try? engine.register(
          second, .duration(.seconds(3)), delivering: .onlyTheEnd, handler: recorder.handler("second"))
      }
      try clock.advance(by: .seconds(1))
      XCTAssertEqual(recorder.values("first"), [0])
      try clock.advance(by: .seconds(3))
      XCTAssertEqual(recorder.values("second"), [0])
      XCTAssertEqual(engine.count, 0)
    }
  }

  // The same from another thread between a pass's chunks: the pass is held in its first chunk
  // while another thread registers.
  func testAnOnlyTheEndRegisteredFromAnotherThreadDuringAPassIsDelivered() throws {
    try withEachEndGrid { engine, clock, recorder in
      let held = Receiver("held")
      let late = Receiver("late")
      try engine.register(held, .duration(.seconds(1)), delivering: .onlyTheEnd) { value, _ in
        recorder.record("held", value)
        let registered = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
          try? engine.register(late, .duration(.seconds(2)), delivering: .onlyTheEnd, handler: recorder.handler("late"))
          registered.signal()
        }
        registered.wait()
      }
      try clock.advance(by: .seconds(1))
      try clock.advance(by: .seconds(2))
      XCTAssertEqual(recorder.values("late"), [0])
    }
  }

  // "Only the end" stays only the end after the engine suspends and resumes, and after the
  // registration itself is paused and resumed: it gets its 0 and nothing else.
  func testOnlyTheEndStaysSilentAfterSuspendAndResume() throws {
    let (engine, clock) = try makeEngine()
    let once = Receiver("once")
    try engine.register(once, .duration(.seconds(8)), delivering: .onlyTheEnd, handler: recorder.handler("once"))
    try clock.advance(by: .seconds(1))
    engine.suspendTicking()
    try clock.advance(by: .milliseconds(500))
    engine.resumeTicking()
    try clock.advance(by: .seconds(10))
    XCTAssertEqual(recorder.values("once"), [0])
    XCTAssertLessThanOrEqual(engine.statistics.wakeups, 3, "no wakeup per second for a silent countdown")
  }

  // One that ran out while the engine was suspended gets its 0 when ticking resumes, and nothing
  // else.
  func testOnlyTheEndThatRanOutWhileSuspendedGetsItsZeroOnResume() throws {
    let (engine, clock) = try makeEngine()
    let once = Receiver("once")
    try engine.register(once, .duration(.seconds(2)), delivering: .onlyTheEnd, handler: recorder.handler("once"))
    engine.suspendTicking()
    try clock.advance(by: .seconds(5))
    XCTAssertEqual(recorder.values("once"), [])
    engine.resumeTicking()
    try clock.advance(by: .zero)
    XCTAssertEqual(recorder.values("once"), [0])
    try clock.advance(by: .seconds(5))
    XCTAssertEqual(recorder.values("once"), [0])
  }

  func testOnlyTheEndStaysSilentAfterPauseAndResume() throws {
    let (engine, clock) = try makeEngine()
    let once = Receiver("once")
    try engine.register(once, .duration(.seconds(8)), delivering: .onlyTheEnd, handler: recorder.handler("once"))
    try clock.advance(by: .seconds(1))
    XCTAssertTrue(engine.pause(once))
    try clock.advance(by: .seconds(5))
    XCTAssertTrue(engine.resume(once))
    try clock.advance(by: .seconds(6))
    XCTAssertEqual(recorder.values("once"), [])
    try clock.advance(by: .seconds(1))
    XCTAssertEqual(recorder.values("once"), [0], "ends 7 s after the resume")
  }

  // Pausing a registration from another's callback skips its callback already prepared in the
  // same chunk, as cancelling does.
  func testPausingFromACallbackSkipsTheCallbackAlreadyPrepared() throws {
    let (engine, clock) = try makeEngine()
    let paused = Receiver("paused")
    let pauser = Receiver("pauser")
    let recorder = self.recorder
    try engine.register(paused, .duration(.seconds(10)), handler: recorder.handler("paused"))
    // Registered later, so the walk, which goes from the pool's end, prepares it first.
    try engine.register(pauser, .duration(.seconds(10))) { value, _ in
      if value == 8 { engine.pause(paused) }
    }
    try clock.advance(by: .zero)
    try clock.step(3, by: .seconds(1), recorder: recorder)
    XCTAssertEqual(recorder.values("paused"), [10, 9])
  }

  // Counting up has no end, so "only the end" of a count-up would never call: rejected.
  func testCountingUpWithOnlyTheEndIsRejected() throws {
    let (engine, _) = try makeEngine()
    let up = Receiver("up")
    try engine.register(up, .duration(.seconds(5)), handler: recorder.handler("up"))
    assertThrows(.invalidCombination) { () throws(CountdownError) in
      try engine.register(up, .countingUp, delivering: .onlyTheEnd, handler: { _, _ in })
    }
    XCTAssertEqual(engine.value(for: up), 5, "the existing countdown is untouched")
  }

  // After an early wakeup, a registration that pauses and resumes itself from its callback gets
  // the value the labels already show, never the one before it.
  func testAPromptDeliveryAfterAnEarlyWakeupNeverGoesBack() throws {
    let clock = try ManualCountdownClock(jitter: .init(early: .milliseconds(200), seed: 3))
    let engine = try CountdownEngine(interval: .seconds(1), clock: clock, deliveryQueue: .main)
    let fidget = Receiver("fidget")
    let recorder = self.recorder
    let lastSeen = LockedState(Int.max)
    try engine.register(fidget, .duration(.seconds(10))) { value, stop in
      // Bounded: with values going back, pausing and resuming on each new one never ends.
      if recorder.values("fidget").count > 40 {
        stop = true
        return
      }
      recorder.record("fidget", value)
      // Once per value it sees: a resume delivers the current value again.
      let isNew = lastSeen.withLock { last in
        defer { last = value }
        return value != last
      }
      if isNew, value > 0 {
        engine.pause(fidget)
        engine.resume(fidget)
      }
    }
    for _ in 0..<12 {
      try clock.advance(by: .seconds(1))
    }
    let values = recorder.values("fidget")
    for (earlier, later) in zip(values, values.dropFirst()) {
      XCTAssertLessThanOrEqual(later, earlier, "\(values)")
    }
    XCTAssertEqual(values.last, 0)
  }

  // A `.pauses` registration whose clock reading is overtaken by a suspend and a resume before it
  // takes the lock still gets its whole duration.
  func testAPausesRegistrationOvertakenBySuspensionKeepsItsDuration() throws {
    let clock = try PreemptingClock()
    let engine = try CountdownEngine(interval: .seconds(1), clock: clock, deliveryQueue: .main)
    let other = Receiver("other")
    let quiz = Receiver("quiz")
    try engine.register(other, .duration(.seconds(100)), handler: { _, _ in })
    clock.preemptAfterNextRead {
      engine.suspendTicking()
      try? clock.base.advance(by: .seconds(10))
      engine.resumeTicking()
    }
    try engine.register(quiz, .duration(.seconds(20)), whileSuspended: .pauses, handler: recorder.handler("quiz"))
    XCTAssertEqual(engine.timeLeft(for: quiz), .seconds(20))
    try clock.base.advance(by: .zero)
    XCTAssertEqual(recorder.values("quiz"), [20])
  }

  // A tick that lands between `pause`'s clock reading and its lock is not undone by the resume.
  func testATickBetweenPausesReadingAndItsLockIsNotUndone() throws {
    let clock = try PreemptingClock()
    let engine = try CountdownEngine(interval: .seconds(1), clock: clock, deliveryQueue: .main)
    let quiz = Receiver("quiz")
    try engine.register(quiz, .duration(.seconds(10)), handler: recorder.handler("quiz"))
    try clock.base.advance(by: .zero)
    try clock.base.advance(by: .seconds(1))
    try clock.base.advance(by: .milliseconds(999))
    clock.preemptAfterNextRead { try? clock.base.advance(by: .milliseconds(1)) }
    XCTAssertTrue(engine.pause(quiz))
    XCTAssertTrue(engine.resume(quiz))
    try clock.base.advance(by: .zero)
    XCTAssertEqual(recorder.values("quiz"), [10, 9, 8, 8])
  }

  // A paused registration is probed for its receiver's death on the interval's grid, not at every
  // window of a fine tolerance.
  func testAPausedRegistrationCostsNoWakeupPerWindow() throws {
    let (engine, clock) = try makeEngine(alignment: .perCountdown(tolerance: .milliseconds(1)))
    var sleeper: Receiver? = Receiver("sleeper")
    try engine.register(sleeper!, .duration(.seconds(60)), handler: { _, _ in })
    try clock.advance(by: .zero)
    XCTAssertTrue(engine.pause(sleeper!))
    let before = engine.statistics.wakeups
    try clock.advance(by: .seconds(10))
    XCTAssertLessThanOrEqual(engine.statistics.wakeups - before, 2, "one probe a minute, not one per window")
    sleeper = nil
    // Probed a minute after the last probe at most, then removed in that wakeup's window.
    try clock.advance(by: .seconds(61))
    XCTAssertEqual(engine.count, 0, "a dead paused receiver is still removed")
  }

  // A removal from another thread is final once it returns: the callback already prepared for the
  // running pass does not begin. The pass is held in the first callback of its chunk while another
  // thread removes the registration whose callback comes next.
  func testARemovalFromAnotherThreadIsFinalOnceItReturns() throws {
    for removal in ["cancel", "cancelAll", "pause", "replace"] {
      let recorder = Recorder()
      let (engine, clock) = try makeEngine()
      let removed = Receiver("removed")
      let holder = Receiver("holder")
      try engine.register(removed, .duration(.seconds(10)), handler: recorder.handler("removed"))
      // Registered later, so the walk, which goes from the pool's end, prepares it first.
      try engine.register(holder, .duration(.seconds(10))) { value, _ in
        guard value == 9 else { return }
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
          switch removal {
          case "cancel": engine.cancel(removed)
          case "cancelAll": engine.cancelAll()
          case "pause": engine.pause(removed)
          default: try? engine.register(removed, .duration(.seconds(5)), handler: recorder.handler("replacement"))
          }
          done.signal()
        }
        done.wait()
      }
      try clock.advance(by: .zero)
      try clock.advance(by: .seconds(1))
      XCTAssertEqual(recorder.values("removed"), [10], "after \(removal) from another thread")
    }
  }

  // A wakeup that fires while a pass runs elsewhere, for the grid instant that pass delivers, with
  // nothing else due: the engine's bound on the next change is the one from before the pass, so
  // re-arming there would arm for the very instant that just fired, again and again (a test
  // thread advancing the clock while the engine's queue is held in a callback). The pass re-arms
  // when it ends.
  func testAWakeupDuringAPassForItsInstantDoesNotReArmForIt() throws {
    let reachedOne = expectation(description: "1 delivered")
    let held = try HeldPass(reachedOne: reachedOne)
    XCTAssertEqual(try held.holdThePassDeliveringFour(), .success)
    // Silent, ending later: its registration re-arms the timer, for the instant the held pass stands for.
    let once = Receiver("once")
    try held.engine.register(once, .duration(.seconds(10)), delivering: .onlyTheEnd) { _, _ in }
    try held.clock.advance(by: .seconds(3))
    held.release()
    wait(for: [reachedOne], timeout: 10)
    withExtendedLifetime((held, once)) {}
  }
}
