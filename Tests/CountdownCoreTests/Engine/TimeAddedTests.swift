import CountdownCore
import Dispatch
import XCTest

/// Time added to a countdown, or taken from it: the same registration counts on toward a moved
/// end, its new value shown at once (or, paused, at its resume), its 0 on time at the new end.
final class TimeAddedTests: XCTestCase {
  let recorder = Recorder()

  /// A handler that records under `name` and keeps `canary` alive while the engine holds it.
  func handler(_ name: String, canary: Receiver) -> CountdownHandler {
    let recorder = self.recorder
    return { value, _ in
      _ = canary
      recorder.record(name, value)
    }
  }

  func testTimeAddedToARunningCountdownShowsAtOnceThenCountsOnToTheNewEnd() throws {
    let (engine, clock) = try makeEngine()
    let auction = Receiver("auction")
    var canary: Receiver? = Receiver("handler")
    let watch = WeakWatch(canary!)
    try engine.register(auction, .duration(.seconds(10)), handler: handler("auction", canary: canary!))
    canary = nil
    try clock.step(5, by: .seconds(1), recorder: recorder)
    XCTAssertEqual(recorder.values("auction"), [10, 9, 8, 7, 6, 5])
    let wakeups = engine.statistics.wakeups
    XCTAssertTrue(try engine.addTime(.seconds(30), to: auction))
    try clock.advance(by: .zero)
    XCTAssertEqual(recorder.values("auction").last, 35, "the new value at once, not at the next tick")
    XCTAssertEqual(engine.timeLeft(for: auction), .seconds(35))
    XCTAssertEqual(engine.statistics.wakeups, wakeups, "delivered promptly, without a wakeup")
    XCTAssertNotNil(watch.object, "the same handler: the registration was not replaced")
    XCTAssertEqual(engine.count, 1)
    try clock.step(34, by: .seconds(1), recorder: recorder)
    XCTAssertEqual(recorder.values("auction"), [10, 9, 8, 7, 6, 5] + Array((1...35).reversed()))
    try clock.advance(by: .milliseconds(999))
    XCTAssertEqual(recorder.values("auction").last, 1, "no 0 before the new deadline")
    try clock.advance(by: .milliseconds(1))
    XCTAssertEqual(recorder.values("auction").last, 0, "the 0 at the new deadline, 40 s after the start")
    XCTAssertFalse(engine.contains(auction))
    XCTAssertFalse(try engine.addTime(.seconds(30), to: auction), "an ended countdown gets no time")
  }

  func testTimeTakenShowsAtOnceAndPastTheEndGivesOneZeroAtOnce() throws {
    let (engine, clock) = try makeEngine()
    let quiz = Receiver("quiz")
    try engine.register(quiz, .duration(.seconds(10)), handler: recorder.handler("quiz"))
    try clock.step(5, by: .seconds(1), recorder: recorder)
    XCTAssertTrue(try engine.addTime(.seconds(-2), to: quiz))
    try clock.advance(by: .zero)
    XCTAssertEqual(recorder.values("quiz"), [10, 9, 8, 7, 6, 5, 3])
    try clock.advance(by: .milliseconds(500))
    XCTAssertTrue(try engine.addTime(.seconds(-100), to: quiz))
    XCTAssertEqual(recorder.values("quiz"), [10, 9, 8, 7, 6, 5, 3, 0], "its single 0, inside the call")
    XCTAssertFalse(engine.contains(quiz), "ended inside the call")
    try clock.advance(by: .zero)
    XCTAssertEqual(recorder.values("quiz"), [10, 9, 8, 7, 6, 5, 3, 0], "once")
    try clock.advance(by: .seconds(5))
    XCTAssertEqual(recorder.values("quiz").filter { $0 == 0 }.count, 1)
    XCTAssertEqual(engine.count, 0)
  }

  /// A 10 s countdown, "snooze", on a new engine, paused after `seconds` one-second steps.
  private func pausedSnooze(after seconds: Int) throws -> (CountdownEngine, ManualCountdownClock, Receiver) {
    let (engine, clock) = try makeEngine()
    let snooze = Receiver("snooze")
    try engine.register(snooze, .duration(.seconds(10)), handler: recorder.handler("snooze"))
    try clock.step(seconds, by: .seconds(1), recorder: recorder)
    XCTAssertTrue(engine.pause(snooze))
    return (engine, clock, snooze)
  }

  func testAPausedCountdownKeepsItsNewTimeUntilItResumes() throws {
    let (engine, clock, snooze) = try pausedSnooze(after: 5)
    XCTAssertTrue(try engine.addTime(.seconds(30), to: snooze))
    try clock.advance(by: .seconds(10))
    XCTAssertEqual(recorder.values("snooze").last, 5, "paused: no callback")
    XCTAssertEqual(engine.timeLeft(for: snooze), .seconds(35))
    XCTAssertEqual(engine.value(for: snooze), 35)
    XCTAssertTrue(engine.resume(snooze))
    try clock.advance(by: .zero)
    XCTAssertEqual(recorder.values("snooze").last, 35, "the new value at the resume")
    try clock.advance(by: .milliseconds(34_999))
    XCTAssertNotEqual(recorder.values("snooze").last, 0)
    try clock.advance(by: .milliseconds(1))
    XCTAssertEqual(recorder.values("snooze").last, 0, "35 s after the resume")
  }

  func testAPausedCountdownShortenedPastItsEndEndsWhenItResumes() throws {
    let (engine, clock, snooze) = try pausedSnooze(after: 2)
    XCTAssertTrue(try engine.addTime(.seconds(-60), to: snooze))
    XCTAssertEqual(engine.timeLeft(for: snooze), .zero)
    try clock.advance(by: .seconds(3))
    XCTAssertEqual(recorder.values("snooze"), [10, 9, 8], "paused: nothing until it resumes")
    XCTAssertTrue(engine.resume(snooze))
    try clock.advance(by: .zero)
    XCTAssertEqual(recorder.values("snooze"), [10, 9, 8, 0])
    XCTAssertFalse(engine.contains(snooze))
  }

  func testACountdownThatPausesWhileSuspendedTakesItsNewTimeThere() throws {
    let (engine, clock) = try makeEngine()
    let game = Receiver("game")
    try engine.register(game, .duration(.seconds(10)), whileSuspended: .pauses, handler: recorder.handler("game"))
    try clock.step(5, by: .seconds(1), recorder: recorder)
    engine.suspendTicking()
    try clock.advance(by: .seconds(3))
    XCTAssertTrue(try engine.addTime(.seconds(30), to: game))
    try clock.advance(by: .zero)
    XCTAssertEqual(recorder.values("game").last, 35, "a prompt delivery comes while suspended, as a first value does")
    try clock.advance(by: .seconds(60))
    XCTAssertEqual(engine.timeLeft(for: game), .seconds(35), "still frozen")
    engine.resumeTicking()
    try clock.advance(by: .milliseconds(34_999))
    XCTAssertEqual(recorder.values("game").last, 1)
    try clock.advance(by: .milliseconds(1))
    XCTAssertEqual(recorder.values("game").last, 0, "35 s of running time after the resume")
  }

  func testOnlyTheEndMovesItsEndAndStaysSilent() throws {
    let (engine, clock) = try makeEngine(endTolerance: .milliseconds(10))
    let autosave = Receiver("autosave")
    try engine.register(
      autosave, .duration(.seconds(10)), delivering: .onlyTheEnd, handler: recorder.handler("autosave"))
    try clock.advance(by: .seconds(5))
    XCTAssertTrue(try engine.addTime(.milliseconds(30_500), to: autosave))
    try clock.advance(by: .milliseconds(35_499))
    XCTAssertEqual(recorder.values("autosave"), [], "silent, past its old end")
    try clock.advance(by: .milliseconds(1))
    XCTAssertEqual(recorder.values("autosave"), [0], "at its new end, between two grid instants")
    let doorbell = Receiver("doorbell")
    try engine.register(
      doorbell, .duration(.seconds(10)), delivering: .onlyTheEnd, handler: recorder.handler("doorbell"))
    try clock.advance(by: .milliseconds(2_003))
    let wakeups = engine.statistics.wakeups
    XCTAssertTrue(try engine.addTime(.seconds(-60), to: doorbell))
    try clock.advance(by: .milliseconds(10))
    XCTAssertEqual(recorder.values("doorbell"), [0], "taken past its end: its 0 at once")
    XCTAssertEqual(engine.statistics.wakeups - wakeups, 0, "owed promptly, as a start past its deadline: no wakeup")
  }

  func testWhatCannotBeThrowsAndLeavesTheCountdownUntouched() throws {
    let (engine, clock) = try makeEngine()
    let call = Receiver("call")
    try engine.register(call, .countingUp, handler: recorder.handler("call"))
    let lot = Receiver("lot")
    try engine.register(lot, .duration(.seconds(10)), handler: recorder.handler("lot"))
    try clock.step(3, by: .seconds(1), recorder: recorder)
    assertThrows(CountdownError.invalidCombination, "time added to a count-up") { () throws(CountdownError) in
      _ = try engine.addTime(.seconds(30), to: call)
    }
    assertThrows(CountdownError.outOfRange, "an end beyond the clock") { () throws(CountdownError) in
      _ = try engine.addTime(.nanoseconds(Int64.max), to: lot)
    }
    assertThrows(CountdownError.outOfRange, "a duration beyond 64 bits of nanoseconds") { () throws(CountdownError) in
      _ = try engine.addTime(.seconds(Int64.max), to: lot)
    }
    engine.pause(lot)
    assertThrows(CountdownError.outOfRange, "a paused one that would end beyond the clock") {
      () throws(CountdownError) in
      _ = try engine.addTime(.nanoseconds(Int64.max - 8_000_000_000), to: lot)
    }
    engine.resume(lot)
    XCTAssertEqual(engine.timeLeft(for: lot), .seconds(7))
    try clock.step(7, by: .seconds(1), recorder: recorder)
    XCTAssertEqual(recorder.values("lot"), [10, 9, 8, 7, 7, 6, 5, 4, 3, 2, 1, 0], "counted on as before")
    XCTAssertEqual(recorder.values("call"), [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10], "counted on as before")
    XCTAssertFalse(try engine.addTime(.seconds(1), to: Receiver("none")), "no countdown: nothing to do")
    let (fine, _) = try makeEngine(interval: .nanoseconds(1))
    try fine.register(lot, .duration(.seconds(1)), handler: recorder.handler("fine"))
    assertThrows(CountdownError.outOfRange, "more than 2^55 - 1 intervals") { () throws(CountdownError) in
      _ = try fine.addTime(.seconds(500 * 86_400), to: lot)
    }
    XCTAssertEqual(fine.timeLeft(for: lot), .seconds(1))
    fine.cancelAll()
  }
}
