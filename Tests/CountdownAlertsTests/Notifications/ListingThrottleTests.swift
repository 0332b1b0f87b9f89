import CountdownKit
import XCTest

@testable import CountdownAlerts

/// The edges of when the notifications list the center's pending requests, to learn of those the
/// system drops past its limit of 64: exactly at the limit, and a request dropped again after it
/// was added again.
final class ListingThrottleTests: XCTestCase {
  private let tea = IDKey("tea")
  private static let second: Int64 = 1_000_000_000

  /// A machine whose last listing found `others` pending requests not its own.
  private func machine(budget: Int = 20, others: Int) -> NotificationsState {
    var state = NotificationsState(budget: budget, moments: [.end], reportsFailures: true)
    _ = state.handle(.listed(others: others, requests: [], now: 0))
    return state
  }

  func testTheAppsRequestsAndTheBudgetFillingExactlyTheLimitNeedNoListingAtEachAdd() {
    var exactly = machine(others: CountdownAlertRequest.systemPendingLimit - 20)
    XCTAssertFalse(exactly.adding([]), "44 of the app's and a budget of 20: exactly 64, nothing can be dropped")
    var over = machine(others: CountdownAlertRequest.systemPendingLimit - 19)
    XCTAssertTrue(over.adding([]), "one more of the app's: an add may push one past the limit")
  }

  /// The requests reported dropped by `calls`, by identifier.
  private func droppedReported(_ calls: [NotificationsState.Call]) -> [String?] {
    calls.compactMap {
      if case .report(let error) = $0, error == .requestDropped { error.requestIdentifier } else { nil }
    }
  }

  func testARequestDroppedAgainAfterItWasAddedAgainIsReportedAgain() {
    var state = machine(others: 0)
    let request = NotificationsRequest(key: tea, moment: .end)
    let listed = NotificationsState.Listed(
      request: request, identifier: "countdown-alerts/String/end/tea", deadline: 600 * Self.second, isListed: false)
    XCTAssertEqual(
      droppedReported(state.handle(.listed(others: 0, requests: [listed], now: 0))), [listed.identifier],
      "dropped: reported")
    XCTAssertEqual(
      droppedReported(state.handle(.listed(others: 0, requests: [listed], now: 0))), [], "still dropped: once")
    _ = state.adding([request])
    XCTAssertEqual(
      droppedReported(state.handle(.listed(others: 0, requests: [listed], now: 0))), [listed.identifier],
      "added again, and dropped again: reported again")
  }
}
