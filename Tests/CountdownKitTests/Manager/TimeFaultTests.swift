import CountdownKit
import Foundation
import XCTest

/// Time misbehaving, on the manual clock: long suspensions, unbalanced suspend/resume, a blocked
/// main thread, huge jumps.
final class TimeFaultTests: XCTestCase {
  func testSuspendedForDays() throws {
    try withManualManager { manager, clock, _ in
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
    try withManualManager { manager, clock, _ in
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
    try withManualManager { manager, clock, _ in
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

  /// The main thread is busy (here: with this test) while 3 s pass on another thread, so no
  /// delivery can run: afterwards one delivery comes, with the true value, not a pile of stale ones.
  func testBlockedMainThreadGetsOneCorrectDelivery() throws {
    try withManualManager(interval: .milliseconds(100)) { manager, clock, _ in
      let label = CountdownLabel("stalled")
      try manager.start(label, for: .seconds(60)) { label, remaining, _ in label.shown.append(remaining) }
      try clock.advance(by: .zero)
      XCTAssertEqual(label.shown, [600])
      DispatchQueue.global().sync {
        for _ in 0..<30 { try? clock.advance(by: .milliseconds(100)) }  // 30 ticks, none delivered yet
      }
      XCTAssertEqual(label.shown, [600], "the main thread was busy")
      drainMainQueue()
      XCTAssertEqual(label.shown, [600, 570], "one pass for the whole stall, with the value when it runs")
      try clock.advance(by: .milliseconds(100))
      XCTAssertEqual(label.shown, [600, 570, 569])
    }
  }
}
