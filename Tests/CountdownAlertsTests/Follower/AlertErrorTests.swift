import CountdownAlerts
import XCTest

/// The typed error: compared by kind, carrying the request and the center's reason.
final class AlertErrorTests: XCTestCase {
  func testErrorsCompareByKindAndDescribeTheirCause() {
    XCTAssertNotEqual(CountdownAlertError.notAuthorized, .requestFailed)
    XCTAssertEqual(CountdownAlertError.invalidBudget, .invalidBudget)
    XCTAssertNil(CountdownAlertError.invalidMilestone.requestIdentifier)
    XCTAssertEqual(
      CountdownAlertError.invalidNamespace.description,
      "CountdownAlertError: a namespace must not contain \"/\" (notifications, Live Activities) nor be empty "
        + "(alarms, Live Activities)")
  }
}
