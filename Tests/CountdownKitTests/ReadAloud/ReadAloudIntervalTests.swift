import CountdownKit
import Foundation
import XCTest

/// A read-aloud's interval is checked as a manager's is: a typed error, never a trap.
final class ReadAloudIntervalTests: XCTestCase {
  func testAZeroOrNegativeIntervalThrowsInvalidInterval() {
    for interval in [Duration.zero, .seconds(-1), .nanoseconds(-1)] {
      do throws(CountdownError) {
        _ = try CountdownReadAloud(at: [.seconds(10)], interval: interval)
        XCTFail("\(interval): accepted")
      } catch {
        XCTAssertEqual(error, .invalidInterval, "\(interval)")
      }
    }
  }
}
