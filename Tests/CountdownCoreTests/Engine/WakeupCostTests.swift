import CountdownCore
import CountdownTestSupport
import Dispatch
import XCTest

/// What a steady wakeup asks of the engine's lock, the clock and the timer, when it fires on the
/// delivery queue (as the real timer does): one lock entry to plan it (its pass and first chunk
/// included) and one to finish it, plus one per further chunk; one clock reading; no timer call.
final class WakeupCostTests: XCTestCase {
  func testASteadyWakeupTakesTheLockTwiceReadsTheClockOnceAndLeavesTheTimerAlone() throws {
    let cost = try measureSteadyWakeups(countdowns: 10, wakeups: 50)
    XCTAssertEqual(cost.callbacks, 500, "every countdown stepped at every wakeup")
    XCTAssertEqual(cost.lockEntries, 2 * 50, "one lock entry to plan each wakeup, one to finish it")
    XCTAssertEqual(cost.clockReads, 50, "one clock reading per wakeup")
    XCTAssertEqual(cost.timerCalls, 0, "no re-arm while every wakeup is an interval after the last")
  }

  func testEachFurtherChunkOfAWakeupTakesTheLockOnceMore() throws {
    // 2 500 due countdowns: chunks of 1 024, 1 024 and 452.
    let chunks = (2_500 + ChunkLimits.capacity - 1) / ChunkLimits.capacity
    let cost = try measureSteadyWakeups(countdowns: 2_500, wakeups: 10)
    XCTAssertEqual(cost.callbacks, 25_000)
    XCTAssertEqual(
      cost.lockEntries, Int64((2 + chunks - 1) * 10), "plan and first chunk, \(chunks - 1) more chunks, finish")
    XCTAssertEqual(cost.clockReads, (1 + chunks - 1) * 10, "the wakeup's reading, and one before each further chunk")
    XCTAssertEqual(cost.timerCalls, 0)
  }

  func testPerCountdownASteadyWakeupLeavesTheTimerAloneWhileEveryWindowHasAChange() throws {
    // Ten countdowns a tenth of a second apart, a 100 ms tolerance: a change due in every window.
    let cost = try measureSteadyWakeups(
      countdowns: 10, wakeups: 50, alignment: .perCountdown(tolerance: .milliseconds(100)),
      spread: .milliseconds(100))
    XCTAssertEqual(cost.callbacks, 50, "one countdown changes in each window")
    XCTAssertEqual(cost.timerCalls, 0, "no re-arm while every wakeup is a window after the last")
    XCTAssertEqual(cost.clockReads, 50, "one clock reading per wakeup")
  }

  /// On the shared grid, a wakeup for an end (or a milestone) at which no value on the grid changes
  /// takes what is due from the ends to come, not a walk of the table: 300 one-shots ending about a
  /// second apart (so nearly every end falls in a grid interval of its own) cost what per-countdown
  /// alignment costs, one registration looked at per end, not a walk of those still to come at
  /// each (about n²/2: 44 867; 1 994 102 for 2 000).
  func testEndWakeupsOnTheSharedGridTakeOnlyWhatIsDue() throws {
    let count = 300
    let examined = try examinedByOneShots(count, alignment: .shared)
    let perCountdown = try examinedByOneShots(count, alignment: .perCountdown(tolerance: .milliseconds(50)))
    XCTAssertEqual(perCountdown, Int64(count), "per countdown: one registration looked at per end")
    XCTAssertLessThanOrEqual(
      examined, Int64(count), "shared grid: one registration looked at per end, as per countdown")
  }

  /// Registers `count` one-shots on a 1 s interval (the `i`th ending at 10 s + i × 997 ms), runs them
  /// all out, checks each delivered exactly its 0, and returns how many registrations passes looked at.
  private func examinedByOneShots(_ count: Int, alignment: CountdownAlignment) throws -> Int64 {
    let (engine, clock) = try makeEngine(interval: .seconds(1), alignment: alignment)
    let receivers = (0..<count).map { Receiver("r\($0)") }
    let values = LockedState([[Int]](repeating: [], count: count))
    for (index, receiver) in receivers.enumerated() {
      try engine.register(
        receiver, .duration(.seconds(10) + .milliseconds(997) * index), delivering: .onlyTheEnd
      ) { value, _ in values.withLock { $0[index].append(value) } }
    }
    try clock.advance(by: .seconds(10) + .milliseconds(997) * count)
    XCTAssertEqual(values.withLock { $0 }, [[Int]](repeating: [0], count: count), "each one-shot delivered its 0 once")
    XCTAssertEqual(engine.count, 0)
    withExtendedLifetime(receivers) {}
    return engine.examinedRegistrations
  }

  /// Registers `countdowns` countdowns of an hour on a 1 s interval (the `n`th `spread` × n
  /// longer), lets two seconds of wakeups pass (the first is a one-shot, armed before any tick),
  /// then counts what `wakeups` more, a window apart, cost.
  private func measureSteadyWakeups(
    countdowns: Int, wakeups: Int, alignment: CountdownAlignment = .shared, spread: Duration = .zero
  ) throws -> (lockEntries: Int64, clockReads: Int, timerCalls: Int, callbacks: Int64) {
    // Only the timer's fires reach the engine, as from a real timer, and on the delivery queue (the
    // main queue, where the test advances the clock), as the real timer fires.
    let clock = CountingClock(forwardsSettle: false)
    let engine = try CountdownEngine(interval: .seconds(1), alignment: alignment, clock: clock, deliveryQueue: .main)
    let receivers = (0..<countdowns).map { Receiver("r\($0)") }
    for (index, receiver) in receivers.enumerated() {
      try engine.register(receiver, .duration(.seconds(3_600) + spread * index)) { _, _ in }
    }
    try clock.base.advance(by: .seconds(2))
    let delivered = engine.statistics.deliveries
    let (locks, reads, calls) = (engine.lockEntries, clock.readCount, clock.timerCalls.count)
    let step: Duration
    if case .perCountdown(let tolerance) = alignment { step = tolerance } else { step = .seconds(1) }
    for _ in 0..<wakeups {
      try clock.base.advance(by: step)
    }
    // Read before the statistics, which take the lock themselves.
    let lockEntries = engine.lockEntries - locks
    let callbacks = engine.statistics.deliveries - delivered
    withExtendedLifetime(receivers) {}
    return (lockEntries, clock.readCount - reads, clock.timerCalls.count - calls, callbacks)
  }
}
