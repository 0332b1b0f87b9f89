import CountdownCore
import XCTest

final class CountdownTimingTests: XCTestCase {
  let second: Int64 = 1_000_000_000

  func testValueIsCeilingOfTimeLeftAndNeverBelowIt() {
    var timing = CountdownTiming(countdownTo: 10 * second, policy: .keepsRunning)
    XCTAssertEqual(timing.advance(to: 0, interval: second), 10)
    XCTAssertEqual(timing.nextChange(interval: second), 1 * second, "changes to 9 exactly when 9 s are left")
    XCTAssertEqual(timing.advance(to: second, interval: second), 9)
    XCTAssertEqual(timing.advance(to: second + second / 2, interval: second), 9, "not due yet: unchanged")
    XCTAssertEqual(timing.advance(to: 7 * second + 1, interval: second), 3, "a late wakeup jumps, by the clock")
    XCTAssertEqual(timing.advance(to: 9 * second + 999_999_999, interval: second), 1)
    XCTAssertFalse(timing.isFinished)
    XCTAssertEqual(timing.advance(to: 10 * second, interval: second), 0)
    XCTAssertTrue(timing.isFinished)
    XCTAssertNil(timing.nextChange(interval: second), "never changes again")
  }

  func testFastPathMatchesTheFormulaAtEveryStep() throws {
    var generator = SplitMix64(seed: 7)
    for _ in 0..<200 {
      let interval = Int64(generator.next() % 1_000_000) + 1
      let deadline = Int64(generator.next() % 1_000_000_000)
      var timing = CountdownTiming(countdownTo: deadline, policy: .keepsRunning)
      var now: Int64 = 0
      while true {
        let value = timing.advance(to: now, interval: interval)
        let left = deadline - now
        XCTAssertEqual(value, left <= 0 ? 0 : (left + interval - 1) / interval)
        if value == 0 { break }
        let next = try XCTUnwrap(timing.nextChange(interval: interval))
        now = next + Int64(generator.next() % UInt64(interval / 2 + 1))
      }
    }
  }

  func testCountingUpCountsWholeIntervals() {
    var timing = CountdownTiming(countingUpFrom: 5 * second, policy: .keepsRunning)
    XCTAssertEqual(timing.advance(to: 5 * second, interval: second), 0)
    XCTAssertEqual(timing.advance(to: 6 * second, interval: second), 1)
    XCTAssertEqual(timing.advance(to: 9 * second + 5, interval: second), 4)
    XCTAssertFalse(timing.isFinished)
  }

  func testPauseFreezesAndResumeContinues() {
    var timing = CountdownTiming(countdownTo: 10 * second, policy: .keepsRunning)
    _ = timing.advance(to: 0, interval: second)
    timing.pause(at: 3 * second)
    XCTAssertEqual(timing.nanoseconds(at: 100 * second), 7 * second)
    XCTAssertNil(timing.nextChange(interval: second), "never due while paused")
    timing.resume(at: 100 * second)
    XCTAssertEqual(timing.advance(to: 100 * second, interval: second), 7)
    XCTAssertEqual(timing.advance(to: 107 * second, interval: second), 0)
  }
}
