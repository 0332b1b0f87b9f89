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

  func testFormattingUsesFoundationDurationStyles() {
    XCTAssertEqual(RemainingTime(seconds: 59).formatted(), "0:59")
    XCTAssertEqual(RemainingTime(seconds: 3_725).formatted(), "1:02:05")
    XCTAssertEqual(RemainingTime(seconds: 93_784).formatted(), "1d 02:03:04")
    XCTAssertEqual(RemainingTime(seconds: 93_784).formatted(.units), "1d 2h 3m 4s")
    XCTAssertEqual(RemainingTime(seconds: 93_784).formatted(.spelledOut), "1 day, 2 hrs, 3 min, 4 secs")
    let time = RemainingTime(seconds: 93_784)
    XCTAssertEqual([time.days, time.hours, time.minutes, time.seconds], [1, 2, 3, 4])
    XCTAssertEqual(RemainingTime(seconds: -5).formatted(), "0:00")
  }
}
