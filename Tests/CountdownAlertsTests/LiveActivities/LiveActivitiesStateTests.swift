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
    State.Sent(
      state: text, staleDate: end, deadline: deadline,
      dates: CountdownTimerDates(timerInterval: end - 180...end))
  }

  private func paused(_ text: String, left: TimeInterval, at pause: Date) -> State.Desired {
    State.Sent(
      state: text, staleDate: nil, deadline: nil,
      dates: CountdownTimerDates(timerInterval: pause - 60...pause + left, pauseTime: pause))
  }

  func testAPhaseEndUpdatesTheActivityAndOnlyThePlansEndEndsIt() {
    var state = State()
    XCTAssertTrue(State.hearsPhaseEnds, "the follower reads a countdown in phases again at each phase end")
    var focus = running("Focus", deadline: 60)
    focus?.staleDate = end
    _ = state.handle(.turn(.init(desired: [(tea, "tea", focus)], listed: [], now: 0), clockChanged: false))
    var rest = running("Break", deadline: 90)
    rest?.staleDate = end + 30
    XCTAssertEqual(
      state.handle(.turn(.init(desired: [(tea, "tea", rest)], listed: [], now: 60), clockChanged: false)),
      [.update(countdownID: "tea", state: "Break", staleDate: end + 30)],
      "its deadline passed, and the countdown runs on to the next phase's: moved, not ended")
    XCTAssertEqual(
      state.handle(
        .turn(
          .init(desired: [(tea, "tea", paused("Work", left: 60, at: end + 30))], listed: [], now: 90),
          clockChanged: false)),
      [.update(countdownID: "tea", state: "Work", staleDate: nil)], "a phase after which the plan pauses")
    _ = state.handle(.turn(.init(desired: [(tea, "tea", rest)], listed: [], now: 95), clockChanged: false))
    _ = state.handle(.changed([tea], ranOut: true))
    XCTAssertEqual(
      state.handle(.turn(.init(desired: [(tea, "tea", nil)], listed: [], now: 90), clockChanged: false)),
      [.end(countdownID: "tea", state: "Break", staleDate: end + 30, dismissal: .afterEnd)],
      "the plan's end is a run-out, even read before the last deadline on the manager's clock")
  }

  func testAResyncLeavesWhatShowsTheSameMomentAndUpdatesWhatMoved() {
    var state = State()
    let egg = IDKey("egg")
    _ = state.handle(
      .turn(
        .init(
          desired: [(tea, "tea", running("3:00", deadline: 180)), (egg, "egg", paused("egg", left: 90, at: end))],
          listed: [], now: 0), clockChanged: false))
    // Read again later, the paused one laid out from a later instant, the running one a few
    // microseconds off: the same moments.
    var teaAgain = running("3:00 read again", deadline: 180)
    teaAgain?.dates.timerInterval = end - 180 + 0.000_004...end + 0.000_004
    XCTAssertEqual(
      state.handle(
        .turn(
          .init(
            desired: [(tea, "tea", teaAgain), (egg, "egg", paused("egg later", left: 90, at: end + 600))], listed: [],
            now: 60), clockChanged: true)),
      [], "nothing moved")
    var moved = running("moved", deadline: 180)
    moved?.dates.timerInterval = end + 3_420...end + 3_600
    XCTAssertEqual(
      state.handle(
        .turn(
          .init(
            desired: [(tea, "tea", moved), (egg, "egg", paused("egg less", left: 30, at: end))], listed: [], now: 60),
          clockChanged: true)),
      [
        .update(countdownID: "tea", state: "moved", staleDate: end),
        .update(countdownID: "egg", state: "egg less", staleDate: nil),
      ],
      "the clock moved the running one's end; the paused one has less left")
  }

  func testAnUpdateOnlyWhenWhatItShowsChanges() {
    var state = State()
    XCTAssertEqual(
      state.handle(
        .turn(
          .init(desired: [(tea, "tea", running("3:00", deadline: 180))], listed: [], now: 0), clockChanged: false)),
      [.update(countdownID: "tea", state: "3:00", staleDate: end)])
    XCTAssertEqual(
      state.handle(
        .turn(
          .init(desired: [(tea, "tea", running("3:00", deadline: 180))], listed: [], now: 60), clockChanged: false)),
      [], "the same content")
    XCTAssertEqual(state.alsoRead(clockChanged: false), [])
    XCTAssertEqual(state.alsoRead(clockChanged: true), [tea], "after a clock change, its dates are read again")
  }

  func testAnEndIsShownAWhileACancelIsTakenOffAtOnce() {
    var ranOut = State()
    _ = ranOut.handle(
      .turn(
        .init(desired: [(tea, "tea", running("3:00", deadline: 180))], listed: [], now: 0), clockChanged: false))
    XCTAssertEqual(
      ranOut.handle(.turn(.init(desired: [(tea, "tea", nil)], listed: [], now: 180), clockChanged: false)),
      [.end(countdownID: "tea", state: "3:00", staleDate: end, dismissal: .afterEnd)])
    var cancelled = State()
    _ = cancelled.handle(
      .turn(
        .init(desired: [(tea, "tea", running("3:00", deadline: 180))], listed: [], now: 0), clockChanged: false))
    XCTAssertEqual(
      cancelled.handle(.turn(.init(desired: [(tea, "tea", nil)], listed: [], now: 60), clockChanged: false)),
      [.end(countdownID: "tea", state: "3:00", staleDate: end, dismissal: .immediately)])
    var endedEarly = State()
    _ = endedEarly.handle(
      .turn(
        .init(desired: [(tea, "tea", running("3:00", deadline: 180))], listed: [], now: 0), clockChanged: false))
    XCTAssertEqual(endedEarly.handle(.changed([tea], ranOut: true)), [], "its 0 came: no call yet")
    XCTAssertEqual(
      endedEarly.handle(
        .turn(
          .init(desired: [(tea, "tea", nil)], listed: [], now: 60), clockChanged: false)),
      [.end(countdownID: "tea", state: "3:00", staleDate: end, dismissal: .afterEnd)],
      "time taken past its end: its 0 came before the deadline last sent, an end all the same")
  }

  func testTheActivitiesOfCountdownsGoneWhileNoProcessFollowedThemAreEnded() {
    var state = State()
    let listed = [
      State.Listed(activityID: "a1", countdown: nil, isStale: true),
      State.Listed(activityID: "a2", countdown: nil, isStale: false),
      State.Listed(activityID: "a3", countdown: tea, isStale: false),
    ]
    XCTAssertEqual(
      state.handle(
        .turn(
          .init(desired: [(tea, "tea", running("3:00", deadline: 180))], listed: listed, now: 0), clockChanged: false)),
      [
        .update(countdownID: "tea", state: "3:00", staleDate: end),
        .endActivity(activityID: "a1", dismissal: .afterEnd), .endActivity(activityID: "a2", dismissal: .immediately),
      ])
  }
}
