import CountdownAlerts
import CountdownAlertsTesting
import CountdownKit
import Foundation
import XCTest

/// A countdown that starts again from its own `0` (an interval timer): the run-out that comes
/// after the restart is undone by the id's next change, so a cancel is a cancel.
final class LiveActivityRestartTests: XCTestCase {
  func testACountdownRestartedAtItsEndAndThenCancelledHasItsActivityTakenOffAtOnce() throws {
    try MainActor.assumeIsolated {
      let h = try LiveActivitiesHarness()
      defer { h.manager.cancelAll() }
      let manager = h.manager
      let rounds = LockedState(0)
      try manager.start(id: "tea", for: .seconds(3)) { _, remaining, _ in
        guard remaining == 0 else { return }
        rounds.withLock { $0 += 1 }
        guard rounds.withLock({ $0 }) == 1 else { return }
        try? manager.start(id: "tea", for: .seconds(60)) { _, _, _ in }  // the next round
      }
      let content = try XCTUnwrap(h.activities?.content(for: "tea"))
      let activity = h.center.start(countdownID: "tea", state: content.state, staleDate: content.staleDate)
      try h.advance(by: 3)
      XCTAssertEqual(rounds.withLock { $0 }, 1, "the first round ran out")
      XCTAssertNil(h.center.activity(activity)?.dismissal, "the next round goes on")
      try h.advance(by: 10)
      manager.cancel(id: "tea")
      XCTAssertEqual(
        h.center.activity(activity)?.dismissal, .immediately,
        "cancelled 50 s before its end: taken off, not shown as ended")
    }
  }
}
