import CountdownKit
import Foundation
import XCTest

/// The AsyncSequence API, on the manual clock. Values reach a stream in the manager's delivery
/// pass on the main queue; the expectations' timeouts only bound a failure, they wait for no tick.
final class AsyncValuesTests: XCTestCase {
  /// One value per step of the clock, then the sequence finishes after its 0.
  func testValuesFinishAfterZero() async throws {
    let clock = ManualCountdownClock()
    let manager = try CountdownManager(clock: clock)
    var values = try manager.values(for: .seconds(3)).makeAsyncIterator()
    var received: [Int] = []
    for step in 0...3 {
      // On the main actor, the manager's delivery queue: the values are delivered before
      // `advance` returns. (From another thread, time could move while the previous pass still
      // runs, and the timer it then re-arms for an instant already passed would wait for the next
      // `advance`.) The buffer keeps the newest value: take each before the clock moves on.
      try await MainActor.run { try clock.advance(by: .seconds(step == 0 ? 0 : 1)) }
      let value = await values.next()
      received.append(try XCTUnwrap(value))
    }
    let afterZero = await values.next()
    XCTAssertNil(afterZero, "finished after 0")
    XCTAssertEqual(received, [3, 2, 1, 0])
    XCTAssertEqual(manager.count, 0)
  }

  func testCancellingTheConsumerCancelsTheCountdown() async throws {
    let clock = ManualCountdownClock()
    let manager = try CountdownManager(clock: clock)
    let stream = try manager.values(for: .seconds(60))
    let firstValue = expectation(description: "the consumer got its first value")
    let consumer = Task {
      var count = 0
      for await _ in stream {
        count += 1
        if count == 1 { firstValue.fulfill() }
      }
      return count
    }
    try await MainActor.run { try clock.advance(by: .zero) }
    await fulfillment(of: [firstValue], timeout: 10)
    XCTAssertEqual(manager.count, 1)
    consumer.cancel()
    let received = await consumer.value
    XCTAssertEqual(received, 1)
    XCTAssertEqual(manager.count, 0, "the countdown ended with its consumer")
  }

  /// Dropping the sequence, read or not, ends its countdown, with milestones or without, and in
  /// phases: the sequence alone holds what ends it.
  func testDroppingTheSequenceCancelsTheCountdown() throws {
    let manager = try CountdownManager(clock: ManualCountdownClock())
    let plan = try CountdownPlan(blocks: [
      .init([CountdownPhase("Work", .seconds(30)), CountdownPhase("Rest", .seconds(10))])
    ])
    for kind in ["values", "milestones", "phases"] {
      var stream: AnyObject? = try {
        switch kind {
        case "values": Box(try manager.values(for: .seconds(60)))
        case "milestones": Box(try manager.values(for: .seconds(60), delivering: .milestones([30, 10])))
        default: Box(try manager.phaseUpdates(plan: plan))
        }
      }()
      XCTAssertEqual(manager.count, 1, kind)
      XCTAssertNotNil(stream)
      stream = nil
      XCTAssertEqual(manager.count, 0, "\(kind): the countdown ended with its sequence")
    }
  }

  /// A sequence held by reference, so that the test drops it at a point it chooses.
  private final class Box<Sequence> {
    let sequence: Sequence
    init(_ sequence: Sequence) { self.sequence = sequence }
  }

  // Every way a countdown ends finishes its stream, not only its final 0: a consumer's loop must
  // never hang. On the manual clock (no value needs to be delivered); the timeout only bounds a
  // failure.
  func testValuesFinishWhenTheManagerIsReleased() async throws {
    for kind in ["for", "until"] {
      let wall = TestWallClock()
      var manager: CountdownManager? = try CountdownManager(clock: ManualCountdownClock(), wallClock: { wall.now })
      let stream = try kind == "for" ? manager!.values(for: .seconds(60)) : manager!.values(until: wall.now + 60)
      let consumer = consume(stream, named: "values(\(kind):) after the manager was released")
      manager = nil
      await fulfillment(of: [consumer.ended], timeout: 5)
      consumer.task.cancel()
      let values = await consumer.task.value
      XCTAssertFalse(values.contains(0), "no fake final 0: \(values)")
    }
  }

  func testValuesFinishWhenTheEngineCancelsEverything() async throws {
    let wall = TestWallClock()
    let manager = try CountdownManager(clock: ManualCountdownClock(), wallClock: { wall.now })
    let streams = try [manager.values(for: .seconds(60)), manager.values(until: wall.now + 60)]
    let consumers = streams.enumerated().map { consume($1, named: "stream \($0) after cancelAll") }
    XCTAssertEqual(manager.count, 2)
    manager.engine.cancelAll()
    await fulfillment(of: consumers.map(\.ended), timeout: 5)
    for consumer in consumers { consumer.task.cancel() }
    XCTAssertEqual(manager.count, 0)
  }

  /// Iterates `stream` in a task; `ended` is fulfilled when the loop ends.
  private func consume(_ stream: AsyncStream<Int>, named name: String) -> (
    task: Task<[Int], Never>, ended: XCTestExpectation
  ) {
    let ended = expectation(description: "the consumer's loop over \(name) ended")
    let task = Task {
      var values: [Int] = []
      for await value in stream { values.append(value) }
      ended.fulfill()
      return values
    }
    return (task, ended)
  }
}
