import CountdownKit
import XCTest

@testable import CountdownAlerts

/// The widgets' state machine, transition by transition.
final class WidgetsStateTests: XCTestCase {
  private let tea = IDKey("tea")
  private let egg = IDKey("egg")

  func testMovedDatesReloadOnceATurn() {
    var state = WidgetsState(isInForeground: true, reloadsInBackground: false)
    let started = WidgetsState.Reading(shown: [(tea, .running(deadline: 100)), (egg, .running(deadline: 200))], now: 0)
    XCTAssertTrue(state.apply(started, clockChanged: false, sweep: nil))
    XCTAssertFalse(state.apply(started, clockChanged: false, sweep: nil), "the same dates: nothing to reload")
    let paused = WidgetsState.Reading(shown: [(tea, .frozen(remaining: 50))], now: 50)
    XCTAssertTrue(state.apply(paused, clockChanged: false, sweep: nil))
  }

  func testAnEndAtTheDeadlineReloadsNothingACancelDoes() {
    var state = WidgetsState(isInForeground: true, reloadsInBackground: false)
    _ = state.apply(
      .init(shown: [(tea, .running(deadline: 100)), (egg, .running(deadline: 200))], now: 0), clockChanged: false,
      sweep: nil)
    XCTAssertFalse(state.apply(.init(shown: [(tea, nil)], now: 100), clockChanged: false, sweep: nil), "ran out")
    XCTAssertTrue(state.apply(.init(shown: [(egg, nil)], now: 150), clockChanged: false, sweep: nil), "cancelled")
    XCTAssertFalse(state.apply(.init(shown: [], now: 150), clockChanged: true, sweep: nil), "nothing shown")
  }

  func testTheBackgroundOwesWhatTheForegroundPays() {
    var state = WidgetsState(isInForeground: false, reloadsInBackground: false)
    XCTAssertFalse(state.apply(.init(shown: [(tea, .running(deadline: 100))], now: 0), clockChanged: false, sweep: nil))
    XCTAssertTrue(state.owesReload)
    XCTAssertTrue(state.enteredForeground())
    XCTAssertFalse(state.owesReload)
    XCTAssertFalse(state.enteredForeground(), "paid")
    state.enteredBackground()
    var eager = WidgetsState(isInForeground: false, reloadsInBackground: true)
    XCTAssertTrue(eager.apply(.init(shown: [(tea, .running(deadline: 100))], now: 0), clockChanged: false, sweep: nil))
    XCTAssertFalse(eager.owesReload)
  }
}
