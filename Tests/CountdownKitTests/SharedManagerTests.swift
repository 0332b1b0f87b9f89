import CountdownKit
import Foundation
import XCTest

final class SharedManagerTests: XCTestCase {
  func testSharedManagerTicksEverySecondOnTheContinuousClock() throws {
    let shared = CountdownManager.shared
    XCTAssertTrue(shared === CountdownManager.shared)
    XCTAssertEqual(shared.engine.interval, .seconds(1))
    XCTAssertEqual(shared.engine.alignment, .shared)
    XCTAssertTrue(shared.engine.clock is ContinuousCountdownClock)
    XCTAssertFalse(shared.isSuspended)
    try MainActor.assumeIsolated {
      let token = OrderModel()
      try shared.start(token, seconds: 90) { model, remaining, _ in model.remaining = remaining }
      XCTAssertEqual(shared.remaining(for: token).map { $0 > .seconds(89) && $0 <= .seconds(90) }, true)
      XCTAssertTrue(shared.cancel(token))
    }
  }
}
