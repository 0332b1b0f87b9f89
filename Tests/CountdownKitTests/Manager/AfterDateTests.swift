import CountdownKit
import Foundation
import XCTest

/// `after(at:)` runs its action once, at the date converted when it was scheduled.
final class AfterDateTests: XCTestCase {
  func testRunsOnceAtTheDateAndNotBefore() throws {
    try withManualManager { manager, clock, wall in
      let runs = LockedState(0)
      try manager.after(at: wall.now + 90) { runs.withLock { $0 += 1 } }
      wall.jump(by: 3_600)  // the user moves the device's clock: the action does not move
      try clock.advance(by: .seconds(89))
      XCTAssertEqual(runs.withLock { $0 }, 0)
      try clock.advance(by: .seconds(1))
      XCTAssertEqual(runs.withLock { $0 }, 1)
      try clock.advance(by: .seconds(10))
      XCTAssertEqual(runs.withLock { $0 }, 1, "once")
    }
  }

  func testAPastDateRunsPromptlyAndAHandleCancels() throws {
    try withManualManager { manager, clock, wall in
      let runs = LockedState<[String]>([])
      try manager.after(at: .distantPast) { runs.withLock { $0.append("past") } }
      let cancelled = try manager.after(at: wall.now + 5) { runs.withLock { $0.append("cancelled") } }
      XCTAssertTrue(cancelled.cancel())
      try clock.advance(by: .zero)
      try clock.advance(by: .seconds(10))
      XCTAssertEqual(runs.withLock { $0 }, ["past"])
    }
  }

  func testBadDatesThrowTypedErrorsAndScheduleNothing() throws {
    try withManualManager { manager, clock, _ in
      try manager.start(id: "victim", seconds: 10) { _, _, _ in }
      let bad: [(Date, CountdownError)] = [
        (.distantFuture, .outOfRange),
        (Date(timeIntervalSinceReferenceDate: .infinity), .nonFiniteValue),
        (Date(timeIntervalSinceReferenceDate: .nan), .nonFiniteValue),
      ]
      for (date, expected) in bad {
        do throws(CountdownError) {
          try manager.after(at: date) { XCTFail("a rejected action ran") }
          XCTFail("\(date) accepted")
        } catch {
          XCTAssertEqual(error, expected, "\(date)")
        }
      }
      XCTAssertEqual(manager.count, 1, "nothing scheduled, the running countdown kept")
      try clock.advance(by: .seconds(1))
      XCTAssertEqual(manager.timeLeft(id: "victim"), .seconds(9))
    }
  }
}
