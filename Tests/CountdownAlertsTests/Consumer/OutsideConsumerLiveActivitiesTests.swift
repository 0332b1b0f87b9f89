import CountdownAlerts
import CountdownAlertsTesting
import CountdownKit
import Foundation
import XCTest

/// The Live Activities, as an app developer uses them from the README and the alerts article alone
/// (``OutsideConsumerTestCase``).
final class OutsideConsumerLiveActivitiesTests: OutsideConsumerTestCase {
  // MARK: - 13. Live Activities

  func testScenario13ALiveActivityWithANamespaceIsUpdatedAndEndedWithItsCountdown() throws {
    let device = try Device()
    let center = FakeActivityCenter<TimerState>(now: device.wall)
    let roast = center.start(countdownID: "oven/roast", state: nil, staleDate: nil)  // another follower's
    let activities = try CountdownLiveActivities(
      String.self, manager: device.manager, center: center, namespace: "timers"
    ) { id, dates in
      TimerState(range: dates.timerInterval, pausedAt: dates.pauseTime, title: id.capitalized)
    }
    XCTAssertEqual(activities.namespace, "timers")
    XCTAssertEqual(activities.countdownID(for: "pizza"), "timers/pizza")

    try device.manager.start(id: "pizza", for: .seconds(720)) { _, _, _ in }
    let content = try XCTUnwrap(activities.content(for: "pizza"))
    let endDate = try XCTUnwrap(device.manager.endDate(id: "pizza"))
    XCTAssertEqual(content.staleDate, endDate, "stale from the end while it runs")
    XCTAssertEqual(content.state.range.upperBound, endDate)
    XCTAssertNil(content.state.pausedAt)
    XCTAssertEqual(content.state.title, "Pizza")
    let pizza = center.start(
      countdownID: activities.countdownID(for: "pizza"), state: content.state, staleDate: content.staleDate)
    center.clearCalls()

    try device.clock.advance(by: .seconds(120))
    XCTAssertEqual(center.calls, [], "never updated as time passes")

    XCTAssertTrue(device.manager.pause(id: "pizza"))
    XCTAssertNil(center.activity(pizza)?.staleDate, "paused: never stale")
    XCTAssertNotNil(center.activity(pizza)?.state?.pausedAt)
    XCTAssertTrue(device.manager.resume(id: "pizza"))
    XCTAssertEqual(center.activity(pizza)?.staleDate, device.manager.endDate(id: "pizza"))
    XCTAssertNil(center.activity(pizza)?.state?.pausedAt)
    XCTAssertTrue(try device.manager.addTime(.seconds(60), id: "pizza"))
    let movedEnd = try XCTUnwrap(device.manager.endDate(id: "pizza"))
    XCTAssertEqual(center.activity(pizza)?.staleDate, movedEnd)
    XCTAssertEqual(center.activity(pizza)?.state?.range.upperBound, movedEnd)

    try device.clock.advance(by: .seconds(660))
    XCTAssertEqual(center.activity(pizza)?.dismissal, .afterEnd, "ran out: shown a while")
    XCTAssertNotNil(center.activity(pizza)?.state, "with its last content")

    try device.manager.start(id: "cake", for: .seconds(1_800)) { _, _, _ in }
    let cakeContent = try XCTUnwrap(activities.content(for: "cake"))
    let cake = center.start(
      countdownID: activities.countdownID(for: "cake"), state: cakeContent.state, staleDate: cakeContent.staleDate)
    XCTAssertTrue(device.manager.cancel(id: "cake"))
    XCTAssertEqual(center.activity(cake)?.dismissal, .immediately, "cancelled: taken off at once")

    XCTAssertNil(center.activity(roast)?.dismissal, "another namespace's activity is left as it is")
    XCTAssertFalse(center.calls.contains { "\($0)".contains("oven/roast") }, "\(center.calls)")
  }

  /// "When `CountdownLiveActivities` starts, it ... reconciles them once ...: one of a restored
  /// countdown shows the countdown's current content; one whose countdown is gone is ended, kept
  /// shown a while if it is stale ... and taken off at once otherwise".
  func testScenario13bARelaunchReconcilesTheActivitiesAPreviousProcessLeft() throws {
    let device = try Device()
    let center = FakeActivityCenter<TimerState>(now: device.wall)
    let manager = try CountdownManager(clock: device.clock, wallClock: device.wall)
    let old = TimerState(range: device.wall()...device.wall() + 1, pausedAt: nil, title: "Old")
    let ranOut = center.start(countdownID: "timers/tea", state: old, staleDate: device.wall() + 60)
    let cancelled = center.start(countdownID: "timers/eggs", state: old, staleDate: device.wall() + 6_000)
    let restored = center.start(countdownID: "timers/pizza", state: old, staleDate: device.wall() + 600)
    let unnamed = center.start(countdownID: "pizza", state: old, staleDate: nil)
    try device.clock.advance(by: .seconds(120))
    try manager.start(id: "pizza", for: .seconds(480)) { _, _, _ in }  // as a restore brings it back
    let activities = try CountdownLiveActivities(String.self, manager: manager, center: center, namespace: "timers") {
      id, dates in TimerState(range: dates.timerInterval, pausedAt: dates.pauseTime, title: id.capitalized)
    }
    XCTAssertEqual(center.activity(ranOut)?.dismissal, .afterEnd)
    XCTAssertEqual(center.activity(cancelled)?.dismissal, .immediately)
    XCTAssertNil(center.activity(restored)?.dismissal)
    XCTAssertEqual(center.activity(restored)?.state, activities.content(for: "pizza")?.state)
    XCTAssertEqual(center.activity(restored)?.staleDate, manager.endDate(id: "pizza"))
    XCTAssertNil(center.activity(unnamed)?.dismissal, "outside the namespace: the app's")
  }
}
