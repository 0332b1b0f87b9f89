import CountdownKit
import Foundation
import XCTest

final class SharedManagerTests: XCTestCase {
  /// What apps get from `shared`: one-second steps on the continuous clock, every value flipping
  /// together. The one test on the shared manager's real clock: a countdown started here reads
  /// its remaining time from it, so the check allows the time this test takes to run.
  func testSharedManagerCountsSecondsTogetherOnTheContinuousClock() throws {
    let shared = CountdownManager.shared
    XCTAssertEqual(shared.engine.interval, .seconds(1))
    XCTAssertEqual(shared.engine.alignment, .shared)
    XCTAssertTrue(shared.engine.clock is ContinuousCountdownClock)
    XCTAssertFalse(shared.isSuspended)
    try MainActor.assumeIsolated {
      let token = OrderModel()
      try shared.start(token, seconds: 90) { model, remaining, _ in model.remaining = remaining }
      XCTAssertEqual(shared.timeLeft(for: token).map { $0 > .seconds(89) && $0 <= .seconds(90) }, true)
      XCTAssertTrue(shared.cancel(token))
      XCTAssertFalse(shared.contains(token))
    }
  }
}
