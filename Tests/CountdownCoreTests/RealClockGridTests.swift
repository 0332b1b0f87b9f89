import CountdownCore
import Dispatch
import XCTest

/// The shared grid on the real `ContinuousCountdownClock` and its `DispatchSourceTimer`: 200
/// countdowns at 50 ms for about 2 s never skip a value. Skipped values are a bug, not a timing
/// tolerance; only the number of values seen allows for a loaded machine.
///
/// Real time on purpose: `JitteredClockGridTests` covers the jitter a real timer may have; only
/// this test shows that the real clock and timer stay within it.
final class RealClockGridTests: XCTestCase {
  func testTwoHundredCountdownsOnTheRealClockNeverSkipAValue() throws {
    let queue = DispatchQueue(label: "RealClockGridTests.delivery")
    let engine = try CountdownEngine(interval: .milliseconds(50), deliveryQueue: queue)
    let clock = ContinuousCountdownClock()
    let values = LockedState([[(value: Int, at: CountdownInstant)]](repeating: [], count: 200))
    let receivers = (0..<200).map { Receiver("r\($0)") }
    let done = expectation(description: "every countdown ended")
    done.expectedFulfillmentCount = receivers.count
    var registeredAt: [CountdownInstant] = []
    for (index, receiver) in receivers.enumerated() {
      registeredAt.append(clock.now)
      try engine.register(receiver, .duration(.seconds(2))) { value, _ in
        values.withLock { $0[index].append((value, clock.now)) }
        if value == 0 { done.fulfill() }
      }
    }
    wait(for: [done], timeout: 30)
    var skips = 0
    for (index, seen) in values.withLock({ $0 }).enumerated() {
      // The first value is the full 40 intervals, unless the first callback came whole intervals
      // after the registration (registering 200 countdowns on a slow machine, or under a
      // sanitizer, can take longer than an interval): then each interval missed is one less.
      if let first = seen.first {
        let late = registeredAt[index].duration(to: first.at)
        XCTAssertLessThanOrEqual(first.value, 40, "r\(index) starts at most at its duration")
        XCTAssertGreaterThanOrEqual(
          late, .milliseconds(50) * (40 - first.value),
          "r\(index) started at \(first.value) only \(late) after its registration")
      } else {
        XCTFail("r\(index) was never called")
      }
      XCTAssertEqual(seen.last?.value, 0, "r\(index) ends with 0")
      for (previous, next) in zip(seen, seen.dropFirst()) where next.value != previous.value - 1 {
        skips += 1
        // A skip is right only after whole intervals were missed: the machine stalled for more
        // than one interval between the two callbacks. Any other skip is a bug.
        let gap = previous.at.duration(to: next.at)
        XCTAssertLessThan(next.value, previous.value, "r\(index) went \(previous.value) → \(next.value)")
        XCTAssertGreaterThan(gap, .milliseconds(75), "r\(index) skipped \(previous.value) → \(next.value) after only \(gap)")
      }
    }
    print("real clock: \(skips) steps of more than one value in \(200 * 40) steps")
  }
}
