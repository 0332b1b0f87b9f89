import CountdownKit
import XCTest

@testable import CountdownAlerts

/// The widgets' state machine, transition by transition.
final class WidgetsStateTests: XCTestCase {
  private let tea = IDKey("tea")
  private let egg = IDKey("egg")
  private static let origin = Date(timeIntervalSince1970: 1_800_000_000)

  /// Running to `deadline` on the manager's clock, shown on a device clock `shift` seconds off.
  private func running(_ deadline: Int64, shift: TimeInterval = 0) -> WidgetsState.Shown {
    .running(deadline: deadline, end: Self.origin + Double(deadline) / 1e9 + shift)
  }

  func testMovedDatesReloadOnceATurn() {
    var state = WidgetsState(isInForeground: true, reloadsInBackground: false)
    let started = WidgetsState.Reading(shown: [(tea, running(100)), (egg, running(200))], now: 0)
    XCTAssertTrue(state.apply(started, clockChanged: false, sweep: nil))
    XCTAssertFalse(state.apply(started, clockChanged: false, sweep: nil), "the same dates: nothing to reload")
    let paused = WidgetsState.Reading(shown: [(tea, .frozen(remaining: 50))], now: 50)
    XCTAssertTrue(state.apply(paused, clockChanged: false, sweep: nil))
  }

  func testAnEndAtTheDeadlineReloadsNothingACancelDoes() {
    var state = WidgetsState(isInForeground: true, reloadsInBackground: false)
    _ = state.apply(
      .init(shown: [(tea, running(100)), (egg, running(200))], now: 0), clockChanged: false,
      sweep: nil)
    XCTAssertFalse(state.apply(.init(shown: [(tea, nil)], now: 100), clockChanged: false, sweep: nil), "ran out")
    XCTAssertTrue(state.apply(.init(shown: [(egg, nil)], now: 150), clockChanged: false, sweep: nil), "cancelled")
    XCTAssertFalse(state.apply(.init(shown: [], now: 150), clockChanged: true, sweep: nil), "nothing shown")
  }

  func testTheBackgroundOwesWhatTheForegroundPays() {
    var state = WidgetsState(isInForeground: false, reloadsInBackground: false)
    XCTAssertFalse(state.apply(.init(shown: [(tea, running(100))], now: 0), clockChanged: false, sweep: nil))
    XCTAssertTrue(state.owesReload)
    state.enteredForeground()
    XCTAssertTrue(state.owesReload, "paid by the re-sync turn that comes next")
    XCTAssertTrue(state.apply(.init(shown: [(tea, running(100))], now: 0), clockChanged: true, sweep: nil))
    XCTAssertFalse(state.owesReload)
    XCTAssertFalse(state.apply(.init(shown: [(tea, running(100))], now: 0), clockChanged: true, sweep: nil), "paid")
    state.enteredBackground()
    var eager = WidgetsState(isInForeground: false, reloadsInBackground: true)
    XCTAssertTrue(eager.apply(.init(shown: [(tea, running(100))], now: 0), clockChanged: false, sweep: nil))
    XCTAssertFalse(eager.owesReload)
  }

  func testAResyncReloadsOnlyWhenTheClockMovedARunningEnd() {
    var state = WidgetsState(isInForeground: true, reloadsInBackground: false)
    XCTAssertEqual(state.alsoRead(clockChanged: true), [], "nothing shown: nothing to read again")
    _ = state.apply(
      .init(shown: [(tea, running(100_000_000_000)), (egg, .frozen(remaining: 50))], now: 0), clockChanged: false,
      sweep: nil)
    XCTAssertEqual(Set(state.alsoRead(clockChanged: true)), [tea, egg])
    XCTAssertEqual(state.alsoRead(clockChanged: false), [])
    let same = WidgetsState.Reading(
      shown: [(tea, running(100_000_000_000, shift: 0.000_02)), (egg, .frozen(remaining: 50))], now: 5)
    XCTAssertFalse(state.apply(same, clockChanged: true, sweep: nil), "two readings of an end that did not move")
    let drifted = WidgetsState.Reading(shown: [(tea, running(100_000_000_000, shift: 0.09))], now: 6)
    XCTAssertFalse(state.apply(drifted, clockChanged: true, sweep: nil), "within the tolerance")
    let further = WidgetsState.Reading(shown: [(tea, running(100_000_000_000, shift: 0.18))], now: 7)
    XCTAssertTrue(state.apply(further, clockChanged: true, sweep: nil), "drift adds up from the end last laid out")
    let moved = WidgetsState.Reading(shown: [(tea, running(100_000_000_000, shift: -3_600))], now: 8)
    XCTAssertTrue(state.apply(moved, clockChanged: true, sweep: nil), "the clock moved the end")
  }
}
