import CountdownKit
import Foundation
import XCTest

@testable import CountdownAlerts

/// The Live Activities' state machine, transition by transition: an update only when what the
/// activity shows changes, an end when the countdown goes (shown a while if it ran out, taken off
/// if it was cancelled), and the activities a previous process left ended at the start.
final class LiveActivitiesStateTests: XCTestCase {
  private typealias State = LiveActivitiesState<String>
  private let tea = IDKey("tea")
  private let end = Date(timeIntervalSince1970: 1_000)

  private func running(_ text: String, deadline: Int64) -> State.Desired {
    State.Sent(state: text, staleDate: end, deadline: deadline)
  }

  func testAnUpdateOnlyWhenWhatItShowsChanges() {
    var state = State()
    XCTAssertEqual(
      state.apply(
        .init(desired: [(tea, "tea", running("3:00", deadline: 180))], listed: [], now: 0), clockChanged: false,
        sweep: nil),
      [.update(countdownID: "tea", state: "3:00", staleDate: end)])
    XCTAssertEqual(
      state.apply(
        .init(desired: [(tea, "tea", running("3:00", deadline: 180))], listed: [], now: 60), clockChanged: false,
        sweep: nil),
      [], "the same content")
    XCTAssertEqual(state.alsoRead(clockChanged: false), [])
    XCTAssertEqual(state.alsoRead(clockChanged: true), [tea], "after a clock change, its dates are read again")
  }

  func testAnEndIsShownAWhileACancelIsTakenOffAtOnce() {
    var ranOut = State()
    _ = ranOut.apply(
      .init(desired: [(tea, "tea", running("3:00", deadline: 180))], listed: [], now: 0), clockChanged: false,
      sweep: nil)
    XCTAssertEqual(
      ranOut.apply(.init(desired: [(tea, "tea", nil)], listed: [], now: 180), clockChanged: false, sweep: nil),
      [.end(countdownID: "tea", state: "3:00", staleDate: end, dismissal: .afterEnd)])
    var cancelled = State()
    _ = cancelled.apply(
      .init(desired: [(tea, "tea", running("3:00", deadline: 180))], listed: [], now: 0), clockChanged: false,
      sweep: nil)
    XCTAssertEqual(
      cancelled.apply(.init(desired: [(tea, "tea", nil)], listed: [], now: 60), clockChanged: false, sweep: nil),
      [.end(countdownID: "tea", state: "3:00", staleDate: end, dismissal: .immediately)])
  }

  func testTheActivitiesOfCountdownsGoneWhileNoProcessFollowedThemAreEnded() {
    var state = State()
    let listed = [
      State.Listed(activityID: "a1", countdown: nil, isStale: true),
      State.Listed(activityID: "a2", countdown: nil, isStale: false),
      State.Listed(activityID: "a3", countdown: tea, isStale: false),
    ]
    XCTAssertEqual(
      state.apply(
        .init(desired: [(tea, "tea", running("3:00", deadline: 180))], listed: listed, now: 0), clockChanged: false,
        sweep: []),
      [
        .update(countdownID: "tea", state: "3:00", staleDate: end),
        .endActivity(activityID: "a1", dismissal: .afterEnd), .endActivity(activityID: "a2", dismissal: .immediately),
      ])
  }
}
