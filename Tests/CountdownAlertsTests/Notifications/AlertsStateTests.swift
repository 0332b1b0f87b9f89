import CountdownKit
import XCTest

@testable import CountdownAlerts

/// The notifications' state machine, transition by transition: the schedule's actions, a refused
/// id added again, every pending id added again after a clock change, and the sweep's pending set.
final class AlertsStateTests: XCTestCase {
  private let tea = IDKey("tea")
  private let egg = IDKey("egg")

  func testARefusedIdIsReadAndAddedAgain() {
    var state = AlertsState(capacity: 2)
    let first = state.apply(.init(phases: [(tea, .running(deadline: 600), false)]), clockChanged: false, sweep: nil)
    XCTAssertEqual(first.actions, [.schedule(tea, deadline: 600, previous: nil)])
    state.refused(tea)
    XCTAssertEqual(state.alsoRead(clockChanged: false), [tea])
    let again = state.apply(.init(phases: [(tea, .running(deadline: 600), false)]), clockChanged: false, sweep: nil)
    XCTAssertEqual(again.actions, [.schedule(tea, deadline: 600, previous: 600)])
    XCTAssertEqual(state.alsoRead(clockChanged: false), [])
  }

  func testAClockChangeAddsEveryPendingIdAgainAndTheSweepSeesWhatIsPending() {
    var state = AlertsState(capacity: 1)
    _ = state.apply(
      .init(phases: [(tea, .running(deadline: 600), false), (egg, .running(deadline: 900), false)]),
      clockChanged: false,
      sweep: nil)
    let turn = state.apply(.init(phases: []), clockChanged: true, sweep: ["countdown-alerts/x/end/old"])
    XCTAssertEqual(turn.actions, [.schedule(tea, deadline: 600, previous: 600)], "only the budget's soonest is pending")
    XCTAssertEqual(turn.pending, [tea])
    XCTAssertEqual(turn.sweep, ["countdown-alerts/x/end/old"])
  }
}
