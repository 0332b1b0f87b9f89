import CountdownCore
import Dispatch
import XCTest

/// The manual clock is a Swift `Clock`, and any Swift `Clock` drives an engine: one test moves
/// the countdowns and the app's own sleeping tasks together.
final class SwiftClockTests: XCTestCase {
  /// Waits, without a deadline of its own, until `condition` holds (other tasks run meanwhile).
  private func eventually(_ what: String, _ condition: () -> Bool) async throws {
    for _ in 0..<100_000 where !condition() {
      try await Task.sleep(nanoseconds: 100_000)
    }
    XCTAssertTrue(condition(), what)
  }

  func testATaskSleepingOnTheManualClockWakesWhenTimeReachesItsDeadline() async throws {
    let clock = ManualCountdownClock()
    let woke = LockedState<CountdownInstant?>(nil)
    let sleeper = Task {
      try await Task.sleep(for: .seconds(5), clock: clock)
      woke.withLock { $0 = clock.now }
    }
    try await eventually("asleep") { clock.sleeperCount == 1 }
    try clock.advance(by: .milliseconds(4_999))
    // The clock resumes a sleeper inside `advance`, when its deadline is reached: one still
    // counted was not resumed, with no real time waited for it to show.
    XCTAssertEqual(clock.sleeperCount, 1, "woken before its deadline")
    XCTAssertNil(woke.withLock { $0 }, "woke before its deadline")
    try clock.advance(by: .milliseconds(1))
    try await sleeper.value
    XCTAssertEqual(woke.withLock { $0 }, .zero.advanced(by: .seconds(5)))
    XCTAssertEqual(clock.sleeperCount, 0)
  }

  func testACancelledSleepOnTheManualClockThrowsAndIsForgotten() async throws {
    let clock = ManualCountdownClock()
    let sleeper = Task { try await clock.sleep(for: .seconds(60)) }
    try await eventually("asleep") { clock.sleeperCount == 1 }
    sleeper.cancel()
    do {
      try await sleeper.value
      XCTFail("a cancelled sleep returned")
    } catch {
      XCTAssertTrue(error is CancellationError, "\(error)")
    }
    XCTAssertEqual(clock.sleeperCount, 0)
    // A deadline already passed returns at once.
    try await clock.sleep(until: clock.now)
  }

  func testACountdownAndASleepingTaskMoveTogetherOnTheManualClock() async throws {
    let clock = ManualCountdownClock()
    let queue = DispatchQueue(label: "deliveries")
    let engine = try CountdownEngine(interval: .seconds(1), clock: clock, deliveryQueue: queue)
    let values = LockedState<[Int]>([])
    let token = SwiftClockToken()
    try engine.register(token, .duration(.seconds(3))) { value, _ in values.withLock { $0.append(value) } }
    // The first value is delivered on `queue`: once the clock has moved, it would be the 2 (a
    // prompt delivery shows the value when it is prepared), so wait for it before moving it.
    try await eventually("the first value") { values.withLock { $0 } == [3] }
    let banner = Task { try await Task.sleep(for: .seconds(3), clock: clock) }
    try await eventually("asleep") { clock.sleeperCount == 1 }
    for _ in 0..<3 {
      try clock.advance(by: .seconds(1))
      queue.sync {}
    }
    try await banner.value
    try await eventually("the 0") { values.withLock { $0.last } == 0 }
    XCTAssertEqual(values.withLock { $0 }, [3, 2, 1, 0])
  }

  func testAnEngineOnAnyClockCountsOnIt() async throws {
    // The manual clock here plays another library's test clock: only its `Clock` side is used.
    let base = ManualCountdownClock()
    let queue = DispatchQueue(label: "deliveries")
    let engine = try CountdownEngine(interval: .seconds(1), clock: .adapting(base), deliveryQueue: queue)
    let values = LockedState<[Int]>([])
    let token = SwiftClockToken()
    try engine.register(token, .duration(.seconds(3))) { value, _ in values.withLock { $0.append(value) } }
    try await eventually("the first value") { values.withLock { $0 } == [3] }
    for expected in [2, 1, 0] {
      // The engine's timer sleeps on the base clock until the next second.
      try await eventually("a wakeup asleep") { base.sleeperCount == 1 }
      try base.advance(by: .seconds(1))
      try await eventually("\(expected)") { values.withLock { $0.last } == expected }
    }
    XCTAssertEqual(values.withLock { $0 }, [3, 2, 1, 0])
    XCTAssertEqual(engine.count, 0)
    // The end emptied the table: the timer, kept, is disarmed, and nothing sleeps.
    try await eventually("no wakeup left") { base.sleeperCount == 0 }
    try base.advance(by: .seconds(1))
    XCTAssertEqual(base.sleeperCount, 0)
  }
}

/// A receiver for these tests.
private final class SwiftClockToken: Sendable {}
