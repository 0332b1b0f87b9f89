import CountdownKit
import CountdownTestSupport
import Foundation
import XCTest

/// What the "A Live Activity for a countdown in phases" sample hands the system: the window of the
/// current phase and the next, its stale date the current phase's end, and the phase its view draws
/// once the content is stale.
final class PhaseWindowSampleTests: XCTestCase {
  #if !(canImport(ActivityKit) && os(iOS) && !targetEnvironment(macCatalyst))
    func testThePomodoroActivityShowsTheFocusThenTheBreak() throws {
      guard #available(iOS 16.2, *) else { throw XCTSkip("the sample is iOS 16.2's") }
      try withManualManager { manager, clock, wall in
        try manager.start(id: "pomodoro", plan: PhaseWindowTests.pomodoro()) { _, _, _ in }
        let activity = try XCTUnwrap(startPomodoroActivity(on: manager))
        let window = activity.content.state.window
        XCTAssertEqual(window, manager.phaseWindow(id: "pomodoro"))
        XCTAssertEqual(activity.content.staleDate, wall.now + 25 * 60, "stale when the focus ends")
        XCTAssertEqual(window.phase(at: wall.now).timerInterval, wall.now...(wall.now + 25 * 60))
        XCTAssertEqual(window.phase(at: wall.now + 25 * 60).phase.name, "Break", "drawn once stale")
        XCTAssertEqual(window.phase(at: wall.now + 25 * 60).timerInterval, (wall.now + 25 * 60)...(wall.now + 30 * 60))
        XCTAssertNil(try startPomodoroActivity(on: CountdownManager(clock: ManualCountdownClock())))

        // Paused: one phase frozen at its pause time, with no stale date.
        try clock.advance(by: .seconds(60))
        manager.pause(id: "pomodoro")
        let paused = try XCTUnwrap(startPomodoroActivity(on: manager))
        XCTAssertEqual(paused.content.state.window.pauseTime, wall.now)
        XCTAssertNil(paused.content.staleDate)
        XCTAssertEqual(
          paused.content.state.window.phase(at: wall.now + 3_600).timerInterval,
          (wall.now - 60)...(wall.now + 24 * 60))
      }
    }
  #endif
}
