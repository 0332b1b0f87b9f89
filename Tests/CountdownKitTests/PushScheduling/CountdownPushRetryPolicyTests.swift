import CountdownKit
import XCTest

/// A retry policy's delays double from the first up to the cap, whatever their ratio, and settings
/// out of range are taken as their documented bounds.
final class CountdownPushRetryPolicyTests: XCTestCase {
  func testTheDelayDoublesUpToTheCapEvenWhereADoublingWouldPassIt() {
    let retry = CountdownPushRetryPolicy(firstDelay: .seconds(3), maximumDelay: .seconds(10))
    XCTAssertEqual((1...5).map { retry.delay(afterFailures: $0) }, [3, 6, 10, 10, 10].map { Duration.seconds($0) })
  }

  func testSettingsOutOfRangeAreTakenAsTheirBounds() {
    let retry = CountdownPushRetryPolicy(firstDelay: .seconds(10), maximumDelay: .seconds(2), maximumAttempts: 0)
    XCTAssertEqual(retry.maximumDelay, .seconds(10), "a cap below the first delay is the first delay")
    XCTAssertEqual((1...3).map { retry.delay(afterFailures: $0) }, [10, 10, 10].map { Duration.seconds($0) })
    XCTAssertEqual(retry.maximumAttempts, 1)
    XCTAssertEqual(CountdownPushRetryPolicy(firstDelay: .seconds(-1)).firstDelay, .zero)
  }
}
