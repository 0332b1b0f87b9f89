import CountdownKit
import Foundation
import XCTest

/// The AsyncSequence API, on a real (fast) timer: async iteration needs the main queue to run, so
/// these tests wait with generous bounds instead of driving the manual clock.
final class AsyncValuesTests: XCTestCase {
  func testValuesFinishAfterZero() async throws {
    let manager = try CountdownManager(interval: .milliseconds(20))
    var values: [Int] = []
    for await value in try manager.values(for: .milliseconds(60)) {
      values.append(value)
    }
    // 3 when the first delivery comes within 20 ms of the start; a loaded machine may be later.
    XCTAssertTrue((1...3).contains(values.first ?? -1), "\(values)")
    XCTAssertEqual(values.last, 0)
    XCTAssertEqual(values, values.sorted(by: >))
    XCTAssertEqual(manager.count, 0)
  }

  func testCancellingTheConsumerCancelsTheCountdown() async throws {
    let manager = try CountdownManager(interval: .milliseconds(20))
    let stream = try manager.values(for: .seconds(60))
    let consumer = Task {
      var count = 0
      for await _ in stream { count += 1 }
      return count
    }
    while manager.count == 0 { try await Task.sleep(for: .milliseconds(5)) }
    try await Task.sleep(for: .milliseconds(50))
    consumer.cancel()
    let received = await consumer.value
    XCTAssertGreaterThan(received, 0)
    let deadline = ContinuousClock.now + .seconds(5)
    while manager.count > 0, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
    XCTAssertEqual(manager.count, 0, "the countdown ended with its consumer")
  }

  // Every way a countdown ends finishes its stream, not only its final 0: a consumer's loop must
  // never hang. On the manual clock (no value needs to be delivered); the timeout only bounds a
  // failure.
  func testValuesFinishWhenTheManagerIsReleased() async throws {
    for kind in ["for", "until"] {
      var manager: CountdownManager? = try CountdownManager(clock: ManualCountdownClock())
      let stream = try kind == "for" ? manager!.values(for: .seconds(60)) : manager!.values(until: Date() + 60)
      let consumer = consume(stream, named: "values(\(kind):) after the manager was released")
      manager = nil
      await fulfillment(of: [consumer.ended], timeout: 5)
      consumer.task.cancel()
      let values = await consumer.task.value
      XCTAssertFalse(values.contains(0), "no fake final 0: \(values)")
    }
  }

  func testValuesFinishWhenTheEngineCancelsEverything() async throws {
    let manager = try CountdownManager(clock: ManualCountdownClock())
    let streams = try [manager.values(for: .seconds(60)), manager.values(until: Date() + 60)]
    let consumers = streams.enumerated().map { consume($1, named: "stream \($0) after cancelAll") }
    XCTAssertEqual(manager.count, 2)
    manager.engine.cancelAll()
    await fulfillment(of: consumers.map(\.ended), timeout: 5)
    for consumer in consumers { consumer.task.cancel() }
    XCTAssertEqual(manager.count, 0)
  }

  /// Iterates `stream` in a task; `ended` is fulfilled when the loop ends.
  private func consume(_ stream: AsyncStream<Int>, named name: String) -> (task: Task<[Int], Never>, ended: XCTestExpectation) {
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
