import CountdownKit
import Foundation
import XCTest

/// Time misbehaving: long suspensions, unbalanced suspend/resume, a blocked main thread, huge jumps.
final class TimeFaultTests: XCTestCase {
  func testSuspendedForDays() throws {
    try MainActor.assumeIsolated {
      let (manager, clock) = try makeManager()
      let week = CountdownLabel("week"), hour = CountdownLabel("hour")
      try manager.start(week, for: .seconds(7 * 86_400)) { label, remaining, _ in label.shown.append(remaining) }
      try manager.start(hour, for: .seconds(3_600)) { label, remaining, _ in label.shown.append(remaining) }
      try clock.advance(by: .zero)
      manager.suspendTicking()
      try clock.jump(by: .seconds(3 * 86_400))
      manager.resumeTicking()
      try clock.advance(by: .zero)
      XCTAssertEqual(week.shown, [604_800, 345_600])
      XCTAssertEqual(hour.shown, [3_600, 0])
    }
  }

  func testResumeWithoutSuspendAndDoubleSuspendResume() throws {
    try MainActor.assumeIsolated {
      let (manager, clock) = try makeManager()
      let label = CountdownLabel("a")
      try manager.start(label, seconds: 30) { label, remaining, _ in label.shown.append(remaining) }
      try clock.advance(by: .zero)
      manager.resumeTicking()  // not suspended: nothing happens
      try clock.advance(by: .zero)
      XCTAssertEqual(label.shown, [30])
      manager.suspendTicking()
      try clock.advance(by: .seconds(5))
      manager.suspendTicking()  // the second suspend does not restart the suspension
      try clock.advance(by: .seconds(5))
      manager.resumeTicking()
      manager.resumeTicking()
      try clock.advance(by: .zero)
      XCTAssertEqual(label.shown, [30, 20], "one catch-up, measured from the first suspend")
      try clock.advance(by: .seconds(1))
      XCTAssertEqual(label.shown, [30, 20, 19])
    }
  }

  func testHugeClockJumpEndsCountdownsAndKeepsListenersRight() throws {
    try MainActor.assumeIsolated {
      let (manager, clock) = try makeManager()
      let countdown = CountdownLabel("down"), counter = CountdownLabel("up")
      try manager.start(countdown, seconds: 60) { label, remaining, _ in label.shown.append(remaining) }
      manager.listen(counter) { label, elapsed, _ in label.shown.append(elapsed) }
      try clock.advance(by: .zero)
      try clock.jump(by: .seconds(1_000_000_000))  // 10⁹ intervals
      XCTAssertEqual(countdown.shown, [60, 0])
      XCTAssertEqual(counter.shown, [0, 1_000_000_000])
      try clock.advance(by: .seconds(1))
      XCTAssertEqual(counter.shown, [0, 1_000_000_000, 1_000_000_001])
    }
  }

  /// A real timer and a main thread blocked for 3 s: afterwards one delivery, with the true value.
  func testBlockedMainThreadGetsOneCorrectDelivery() throws {
    try MainActor.assumeIsolated {
      let manager = try CountdownManager(interval: .milliseconds(100))
      let values = LockedState<[Int]>([])
      let token = OrderModel()
      try manager.start(token, for: .seconds(60)) { _, remaining, _ in values.withLock { $0.append(remaining) } }
      RunLoop.main.run(until: Date().addingTimeInterval(0.35))
      let before = values.withLock { $0 }
      Thread.sleep(forTimeInterval: 3)  // the main thread is blocked: deliveries cannot run
      RunLoop.main.run(until: Date().addingTimeInterval(0.05))
      let after = values.withLock { $0 }
      let burst = Array(after.dropFirst(before.count))
      XCTAssertFalse(burst.isEmpty)
      // One pass for the whole stall (a pile-up would be ~30); a fresh tick or two may follow on a
      // loaded machine.
      XCTAssertLessThanOrEqual(burst.count, 3, "no burst of stale batches: \(burst)")
      XCTAssertEqual(after, after.sorted(by: >), "never a value twice, never going up")
      XCTAssertEqual(Set(after).count, after.count)
      let expected = 600 - 34  // about 3.4 s after the start, at 100 ms steps
      XCTAssertLessThan(abs(burst[0] - expected), 10, "the delivered value is right for when it is delivered")
      manager.cancel(token)
    }
  }
}
