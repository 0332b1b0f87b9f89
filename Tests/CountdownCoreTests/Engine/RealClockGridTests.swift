import CountdownCore
import CountdownTestSupport
import Dispatch
import XCTest

/// The shared grid on the real `ContinuousCountdownClock` and its `DispatchSourceTimer`: 200
/// countdowns at 50 ms for about 2 s never skip a value that a pass showed. A loaded machine may
/// stall for a whole interval, and then every countdown skips that value together; a countdown
/// skipping a value the others got is a bug. Checked from the grid, without timing tolerances.
///
/// Real time on purpose: `JitteredClockGridTests` covers the jitter a real timer may have; only
/// this test shows that the real clock and timer stay within it.
final class RealClockGridTests: XCTestCase {
  override func setUpWithError() throws {
    try SlowTests.require("on real timers")
  }

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
    let origin = engine.gridOrigin
    let interval = Int64(50_000_000)
    let seen = values.withLock { $0 }
    for (index, values) in seen.enumerated() {
      // The first value is the full 40 intervals, unless the first callback came whole intervals
      // after the registration (registering 200 countdowns on a slow machine, or under a
      // sanitizer, can take longer than an interval): then each interval missed is one less.
      if let first = values.first {
        let late = registeredAt[index].duration(to: first.at)
        XCTAssertLessThanOrEqual(first.value, 40, "r\(index) starts at most at its duration")
        XCTAssertGreaterThanOrEqual(
          late, .milliseconds(50) * (40 - first.value),
          "r\(index) started at \(first.value) only \(late) after its registration")
      } else {
        XCTFail("r\(index) was never called")
      }
      XCTAssertEqual(values.last?.value, 0, "r\(index) ends with 0")
      for (previous, next) in zip(values, values.dropFirst()) {
        XCTAssertLessThan(next.value, previous.value, "r\(index) went \(previous.value) → \(next.value)")
      }
    }
    // On the shared grid a countdown's value in grid window w is c − w, for a constant c of its
    // own. A callback comes at or after its pass's instant, so v + (the window of the callback)
    // is c when the callback came in its pass's window, and more when it came later: the least
    // over its callbacks is c. (Neither the first value, capped at the duration, nor the 0, which
    // comes at the deadline, lies on the line.) From c, each callback names the window its pass
    // ran in, whenever the callback itself came.
    func window(of instant: CountdownInstant) -> Int64 {
      (instant.nanosecondsSinceOrigin - origin.nanosecondsSinceOrigin) / interval
    }
    let passWindows: [[Int64]] = seen.map { values in
      let onTheLine = values.dropFirst().filter { $0.value > 0 }
      guard let constant = onTheLine.map({ Int64($0.value) + window(of: $0.at) }).min() else { return [] }
      return onTheLine.map { constant - Int64($0.value) }
    }
    // A skipped value is right only when no pass ran in its window (the machine stalled for a
    // whole interval): every pass reaches every countdown whose values are still changing. So
    // the check is that a window in which any countdown got a value is one in which every other
    // countdown did too, within the windows it counts down through. No timing tolerance needed.
    let windowsWithAPass = Set(passWindows.joined())
    var skips = 0
    for (index, windows) in passWindows.enumerated() {
      guard let firstWindow = windows.first, let lastWindow = windows.last else { continue }
      let own = Set(windows)
      let missed = windowsWithAPass.filter { $0 > firstWindow && $0 < lastWindow && !own.contains($0) }
      XCTAssert(missed.isEmpty, "r\(index) got no value in grid windows \(missed.sorted()), where other countdowns did")
      skips += zip(windows, windows.dropFirst()).filter { $1 - $0 > 1 }.count
    }
    print("real clock: \(skips) steps of more than one value in \(200 * 40) steps")
  }
}
