import CountdownAlerts
import CountdownAlertsTesting
import CountdownKit
import CountdownTestSupport
import Foundation
import XCTest

/// `isFollowed` answers for each change: an id it stops accepting has its system requests
/// removed at its next change (never stranded), and an id it never accepted costs no call.
final class FollowedIDsTests: XCTestCase {
  func testAnIDThatStopsBeingFollowedHasItsRequestRemovedAtItsCancel() throws {
    try MainActor.assumeIsolated {
      let wall = DeviceClock()
      let clock = ManualCountdownClock()
      wall.follow(clock)
      let manager = try CountdownManager(clock: clock, wallClock: { wall.now })
      let center = FakeNotificationCenter(now: { wall.now })
      let muted = LockedState<Set<String>>([])
      let alerts = try CountdownNotifications(
        String.self, manager: manager, center: center, isFollowed: { id in !muted.withLock { $0.contains(id) } }
      ) { id, _ in CountdownAlertContent(title: id, body: "Done") }
      try manager.start(id: "tea", for: .seconds(180)) { _, _, _ in }
      center.drain()
      XCTAssertEqual(center.pending.map(\.identifier), [alerts.identifier(for: "tea")])
      muted.withLock { _ = $0.insert("tea") }  // the app's mute switch
      manager.cancel(id: "tea")
      center.drain()
      XCTAssertEqual(center.pending.map(\.identifier), [], "a cancelled countdown's request is stranded")
      try clock.advance(by: .seconds(200))
      center.drain()
      XCTAssertEqual(center.delivered.map(\.identifier), [], "fires after cancel")
    }
  }

  func testAnIDNeverFollowedCostsNoCall() throws {
    try MainActor.assumeIsolated {
      let clock = ManualCountdownClock()
      let manager = try CountdownManager(clock: clock)
      let center = FakeNotificationCenter()
      let alerts = try CountdownNotifications(
        String.self, manager: manager, center: center, isFollowed: { $0 != "quiet" }
      ) { id, _ in CountdownAlertContent(title: id, body: "Done") }
      center.drain()
      center.clearCalls()
      try manager.start(id: "quiet", for: .seconds(60)) { _, _, _ in }
      manager.pause(id: "quiet")
      manager.cancel(id: "quiet")
      center.drain()
      XCTAssertEqual(center.calls, [], "an id never followed")
      XCTAssertEqual(alerts.scheduledIDs, [])
    }
  }

  func testAnIDThatStopsBeingFollowedHasItsAlarmCancelled() throws {
    try MainActor.assumeIsolated {
      let clock = ManualCountdownClock()
      let manager = try CountdownManager(clock: clock)
      let center = FakeAlarmCenter(now: { Date() })
      let muted = LockedState<Set<String>>([])
      let alarms = try CountdownAlarms(
        String.self, manager: manager, center: center, isFollowed: { id in !muted.withLock { $0.contains(id) } })
      try manager.start(id: "oven", for: .seconds(600)) { _, _, _ in }
      XCTAssertTrue(waitUntil { center.alarms.contains { $0.id == alarms.alarmID(for: "oven") } }, "scheduled")
      muted.withLock { _ = $0.insert("oven") }
      manager.cancel(id: "oven")
      XCTAssertTrue(waitUntil { !center.alarms.contains { $0.id == alarms.alarmID(for: "oven") } }, "a stranded alarm")
    }
  }
}

/// Polls `condition` for up to two seconds (the alarms' center calls are `async`).
@MainActor
private func waitUntil(_ condition: () -> Bool) -> Bool {
  let limit = Date() + 2
  while Date() < limit {
    if condition() { return true }
    _ = RunLoop.main.run(mode: .default, before: Date() + 0.01)
  }
  return condition()
}
