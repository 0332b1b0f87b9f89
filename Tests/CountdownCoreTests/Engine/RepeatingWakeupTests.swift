import CountdownCore
import CountdownTestSupport
import Dispatch
import XCTest

/// A wakeup that comes an interval after the last one costs no call into the timer: the engine
/// arms a repeating schedule on the shared grid and keeps it while that plan holds, and drops it
/// for a one-shot when something earlier is due.
final class RepeatingWakeupTests: XCTestCase {
  private let second: Int64 = 1_000_000_000

  func testOneRepeatingArmServesEveryWakeupAnIntervalApart() throws {
    let clock = CountingClock()
    let engine = try CountdownEngine(interval: .seconds(1), clock: clock, deliveryQueue: .main)
    let receivers = (0..<10).map { Receiver("r\($0)") }
    let recorder = Recorder()
    for receiver in receivers {
      try engine.register(receiver, .duration(.seconds(100)), handler: recorder.handler(receiver.name))
    }
    for _ in 0..<50 {
      try clock.base.advance(by: .seconds(1))
    }
    for receiver in receivers {
      XCTAssertEqual(recorder.values(receiver.name), Array((50...100).reversed()), "stepped at every wakeup")
    }
    XCTAssertEqual(engine.statistics.wakeups, 50)
    // The first wakeup is a one-shot (armed before any tick); from the first tick on, one
    // repeating schedule on the grid.
    XCTAssertEqual(clock.timerCalls, [.once(1 * second), .repeating(2 * second, every: second)])
    withExtendedLifetime(receivers) {}
  }

  func testAnEarlierEndTakesAOneShotAndTheRepeatingScheduleComesBack() throws {
    let clock = CountingClock()
    let engine = try CountdownEngine(
      interval: .seconds(1), endTolerance: .milliseconds(10), clock: clock, deliveryQueue: .main)
    let ticking = Receiver("ticking")
    let ending = Receiver("ending")
    try engine.register(ticking, .duration(.seconds(100))) { _, _ in }
    let endedAt = LockedState<Int64?>(nil)
    try engine.register(ending, .duration(.milliseconds(5_500))) { value, _ in
      if value == 0 { endedAt.withLock { $0 = clock.base.now.nanosecondsSinceOrigin } }
    }
    try clock.base.advance(by: .seconds(10))
    XCTAssertEqual(endedAt.withLock { $0 }, 5_500_000_000, "the 0 came at its deadline, between grid instants")
    XCTAssertEqual(
      clock.timerCalls,
      [
        .once(1 * second), .repeating(2 * second, every: second),
        // The end, before the next grid instant: a one-shot replaces the schedule ...
        .once(5_500_000_000),
        // ... and the grid's wakeups repeat again from the next one.
        .repeating(6 * second, every: second),
      ])
    XCTAssertEqual(engine.statistics.wakeups, 11, "ten grid instants and the end")
    withExtendedLifetime([ticking, ending]) {}
  }

  func testAWakeupFarAheadIsAOneShotAndAnEmptyTableDisarmsTheRepeatingTimer() throws {
    let clock = CountingClock()
    let engine = try CountdownEngine(interval: .seconds(1), clock: clock, deliveryQueue: .main)
    let far = Receiver("far")
    try engine.register(far, .duration(.seconds(100)), delivering: .onlyTheEnd) { _, _ in }
    try clock.base.advance(by: .seconds(10))
    XCTAssertEqual(engine.statistics.wakeups, 0, "nothing changes before the end: no wakeup a second")
    XCTAssertEqual(clock.timerCalls, [.once(100 * second)])

    let ticking = Receiver("ticking")
    try engine.register(ticking, .duration(.seconds(100))) { _, _ in }
    try clock.base.advance(by: .seconds(5))
    XCTAssertEqual(clock.timerCalls.last, .repeating(12 * second, every: second))
    engine.cancelAll()
    let calls = clock.timerCalls.count
    try clock.base.advance(by: .seconds(2))
    // The cancel that emptied the table disarmed the timer, in one call; no wakeup came after it.
    XCTAssertEqual(clock.base.armedTimerCount, 0)
    XCTAssertEqual(clock.base.liveTimerCount, 1, "kept for the next registration")
    XCTAssertEqual(clock.timerCalls.last, .disarm, "the cancel disarmed it")
    XCTAssertEqual(clock.timerCalls.count, calls, "no call into the timer after that")
    withExtendedLifetime([far, ticking]) {}
  }
}
