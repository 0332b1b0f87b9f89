import CountdownCore
import Foundation
import XCTest

@testable import CountdownKit

/// A countdown in phases as an async sequence of its updates, on the manual clock: every end once
/// and in order, even to a consumer that falls behind; finished after the plan's end, by a cancel
/// of the consuming task, by `cancelAll` and with the manager. The expectations' timeouts only
/// bound a failure, they wait for no tick.
final class PhaseUpdatesStreamTests: XCTestCase {
  /// Warm-up 3 s, then Work 5 s / Rest 2 s twice, then Cool-down 1 s: ends at 3, 8, 10, 15, 17, 18 s.
  static func plan() throws -> CountdownPlan {
    try CountdownPlan(
      warmUp: [CountdownPhase("Warm-up", .seconds(3))],
      blocks: [
        CountdownPlan.Block(
          [CountdownPhase("Work", .seconds(5)), CountdownPhase("Rest", .seconds(2))], repeated: .times(2))
      ],
      coolDown: [CountdownPhase("Cool-down", .seconds(1))])
  }

  func testEveryEndComesOnceInOrderAndTheSequenceFinishesAfterThePlansEnd() async throws {
    let clock = ManualCountdownClock()
    let manager = try CountdownManager(clock: clock)
    var updates = try manager.phaseUpdates(plan: Self.plan()).makeAsyncIterator()
    var ends: [String] = []
    var values: [Int] = []
    try await MainActor.run { try clock.advance(by: .zero) }
    while let update = await updates.next() {
      ends += update.phaseEnds.map(\.phase.name)
      values.append(update.remaining)
      if update.planEnded { break }
      try await MainActor.run { try clock.advance(by: .seconds(1)) }
    }
    let afterTheEnd = await updates.next()
    XCTAssertNil(afterTheEnd, "finished after the plan's end")
    XCTAssertEqual(ends, ["Warm-up", "Work", "Rest", "Work", "Rest", "Cool-down"])
    XCTAssertEqual(values.prefix(4), [3, 2, 1, 5])
    XCTAssertEqual(manager.count, 0)
  }

  func testAConsumerThatFallsBehindGetsTheNewestPositionAndEveryEnd() async throws {
    let clock = ManualCountdownClock()
    let manager = try CountdownManager(clock: clock)
    var updates = try manager.phaseUpdates(plan: Self.plan()).makeAsyncIterator()
    // Twelve seconds pass before the consumer looks: three ends, in one update.
    try await MainActor.run { for _ in 0..<12 { try clock.advance(by: .seconds(1)) } }
    let next = await updates.next()
    let behind = try XCTUnwrap(next)
    XCTAssertEqual(behind.phaseEnds.map(\.phase.name), ["Warm-up", "Work", "Rest"])
    XCTAssertEqual(behind.phaseEnds.map(\.ordinal), [0, 1, 2])
    XCTAssertEqual(behind.position?.phase.name, "Work")
    XCTAssertEqual(behind.position?.cycle, 1)
    XCTAssertEqual(behind.remaining, 3)
    XCTAssertFalse(behind.planEnded)
  }

  func testCancellingTheConsumerEndsTheSequence() async throws {
    let clock = ManualCountdownClock()
    let manager = try CountdownManager(clock: clock)
    let stream = try manager.phaseUpdates(plan: Self.plan())
    let first = expectation(description: "the consumer got its first update")
    let consumer = Task {
      var count = 0
      for await _ in stream {
        count += 1
        if count == 1 { first.fulfill() }
      }
      return count
    }
    try await MainActor.run { try clock.advance(by: .zero) }
    await fulfillment(of: [first], timeout: 10)
    XCTAssertEqual(manager.count, 1)
    consumer.cancel()
    _ = await consumer.value
    XCTAssertEqual(manager.count, 0, "the sequence ended with its consumer")
  }

  func testTheSequenceFinishesWithCancelAllAndWithTheManager() async throws {
    let manager = try CountdownManager(clock: ManualCountdownClock())
    let cancelled = consume(try manager.phaseUpdates(plan: Self.plan()))
    var released: CountdownManager? = try CountdownManager(clock: ManualCountdownClock())
    let withTheManager = consume(try XCTUnwrap(released).phaseUpdates(plan: Self.plan()))
    manager.cancelAll()
    released = nil
    await fulfillment(of: [cancelled, withTheManager], timeout: 5)
    XCTAssertEqual(manager.count, 0)
  }

  func testAPlanRefusedThrowsAndStartsNothing() throws {
    let manager = try CountdownManager(clock: ManualCountdownClock())
    XCTAssertThrowsError(try manager.phaseUpdates(plan: Self.plan(), delivering: .milestones([-1]))) {
      XCTAssertEqual($0 as? CountdownError, .invalidMilestone)
    }
    XCTAssertEqual(manager.count, 0)
  }

  /// An expectation fulfilled when a task iterating `stream` sees it finish.
  private func consume(_ stream: AsyncStream<CountdownPhaseUpdate>) -> XCTestExpectation {
    let ended = expectation(description: "the sequence finished")
    Task {
      for await _ in stream {}
      ended.fulfill()
    }
    return ended
  }

  /// A stream whose identity takes the address of a released receiver whose countdown in phases
  /// the manager has not swept yet: its start replaces that countdown, and the sweep of released
  /// receivers leaves the stream's countdown running.
  ///
  /// The receivers are 8 to 32 objects of the type of the stream's identity, released together just
  /// before the stream is made, after 64 to 116 more were made and kept to use up the memory freed
  /// earlier for objects of that size: so on the usual allocators the stream's identity takes the
  /// memory of one of them within the first few tries, whatever else the stream allocates before
  /// it and whatever ran before the test. The test tries again, up to 1,000 times, until it does;
  /// it is skipped only if no stream took such an address in all those tries, which depends on the
  /// allocator alone.
  func testAStreamAtAReleasedReceiversAddressRunsOn() throws {
    let plan = try PhaseUpdatesStreamTests.plan()
    try MainActor.assumeIsolated {
      let manager = try CountdownManager(clock: ManualCountdownClock())
      defer { manager.cancelAll() }
      let clock = try XCTUnwrap(manager.engine.clock as? ManualCountdownClock)
      for attempt in 0..<1_000 {
        // Kept until the stream is made: they take memory freed earlier for objects of this size,
        // so the stream's identity takes the memory of one of the receivers released below. How
        // many of each changes from one try to the next, for what the heap holds differs too.
        let kept = (0..<(64 + attempt % 5 * 13)).map { _ in CountdownHandle(engine: manager.engine) }
        // Released together: their countdowns stay until the manager sweeps them.
        try Self.startReleased(8 + attempt % 4 * 8, plan: plan, on: manager)
        let registered = manager.engine.count
        let stream = try manager.phaseUpdates(plan: plan)
        withExtendedLifetime(kept) {}
        // Taken or not, one entry a key: never the stream's beside a released receiver's.
        let violations = manager.engine.tableInvariantViolations()
        XCTAssertEqual(violations, [])
        guard violations.isEmpty else { return }
        // One count fewer than a new id's: the stream replaced the released receiver's countdown.
        guard manager.engine.count == registered else {
          withExtendedLifetime(stream) {}
          manager.cancelAll()
          continue
        }
        // The released receivers' countdowns end at their next calls; the stream's runs on.
        try clock.advance(by: .seconds(1))
        XCTAssertEqual(manager.engine.count, 1, "the stream's countdown runs on")
        try clock.advance(by: .seconds(3))
        XCTAssertEqual(manager.engine.count, 1, "past the first phase's end too")
        withExtendedLifetime(stream) {}
        return
      }
      throw XCTSkip("no stream took a released receiver's address in 1,000 tries")
    }
  }

  /// Starts `plan` on `manager` for `count` receivers of the type of a stream's identity, then
  /// releases them all together.
  @MainActor
  private static func startReleased(_ count: Int, plan: CountdownPlan, on manager: CountdownManager) throws {
    let receivers = (0..<count).map { _ in CountdownHandle(engine: manager.engine) }
    for receiver in receivers { try manager.start(receiver, plan: plan) { _, _, _ in } }
  }
}
