import CountdownAlerts
import CountdownAlertsTesting
import CountdownKit
import CountdownTestSupport
import Foundation
import XCTest

/// `refresh(_:)` updates an activity whose content changed though its dates did not.
final class LiveActivityRefreshTests: XCTestCase {
  func testRefreshUpdatesWhatTheClosureMakesNow() throws {
    try MainActor.assumeIsolated {
      let (wall, clock) = (DeviceClock(), ManualCountdownClock())
      wall.follow(clock)
      let manager = try CountdownManager(clock: clock, wallClock: { wall.now })
      let center = FakeActivityCenter<String>(now: { wall.now })
      let names = LockedState(["pizza": "Pizza"])
      let activities = CountdownLiveActivities(String.self, manager: manager, center: center) { id, _ in
        names.withLock { $0[id] ?? id }
      }
      try manager.start(id: "pizza", for: .seconds(720)) { _, _, _ in }
      let content = try XCTUnwrap(activities.content(for: "pizza"))
      let activity = center.start(countdownID: "pizza", state: content.state, staleDate: content.staleDate)
      center.clearCalls()
      activities.refresh("pizza")
      XCTAssertEqual(center.calls, [], "nothing changed: no call")
      names.withLock { $0["pizza"] = "Margherita" }
      activities.refresh("pizza")
      XCTAssertEqual(center.activity(activity)?.state, "Margherita")
      XCTAssertEqual(center.activity(activity)?.staleDate, content.staleDate, "the dates did not move")
    }
  }
}
