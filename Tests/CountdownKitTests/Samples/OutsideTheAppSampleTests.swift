import CountdownKit
import Foundation
import XCTest

#if canImport(UserNotifications) && !os(tvOS)
  import UserNotifications
#endif
#if canImport(WidgetKit) && !os(tvOS) && !os(visionOS)
  import WidgetKit  // the timeline's entries
#endif

/// What the samples of "Countdowns outside the app" and the README's relaunch sample hand over: the
/// same deadline the manager counts to.
final class OutsideTheAppSampleTests: XCTestCase {
  func testTheRelaunchSampleCountsOnAfterARelaunch() throws {
    try relaunchingOrders(after: 120) { first, wall, _ in
      try first.start(order: "A1", arrivingAt: wall.now + 600)
      try first.start(order: "B2", arrivingAt: wall.now + 60)
    } then: { timers, clock in
      try clock.advance(by: .zero)
      XCTAssertEqual(timers.remaining, ["A1": 480, "B2": 0])
    }
  }

  func testTheRelaunchSampleShowsAPausedOrdersValueAtOnce() throws {
    try relaunchingOrders(after: 3_600) { first, wall, clock in
      try first.start(order: "held", arrivingAt: wall.now + 600)
      try first.start(order: "moving", arrivingAt: wall.now + 600)
      try clock.advance(by: .milliseconds(100_500))
      first.manager.pause(id: "held")
    } then: { timers, _ in
      // Before any tick or turn of the main queue: the paused order's 499.5 s left, rounded up;
      // the other ran out an hour ago.
      XCTAssertEqual(timers.remaining, ["held": 500, "moving": 0])
    }
  }

  /// The relaunch sample's two launches: `firstLaunch` starts orders on the first manager, which
  /// saves them and is gone; `after` seconds later on the wall clock, `relaunched` gets the orders
  /// restored by a second manager, and its clock.
  private func relaunchingOrders(
    after seconds: TimeInterval,
    _ firstLaunch: @MainActor (OrderTimers, TestWallClock, ManualCountdownClock) throws -> Void,
    then relaunched: @MainActor (OrderTimers, ManualCountdownClock) throws -> Void
  ) throws {
    try MainActor.assumeIsolated {
      let file = FileManager.default.temporaryDirectory.appendingPathComponent(
        "relaunch-\(UUID()).json")
      defer { try? FileManager.default.removeItem(at: file) }
      let wall = TestWallClock()
      let (firstManager, firstClock) = try makeManager(wall: wall)
      let first = OrderTimers(manager: firstManager, file: file)
      try firstLaunch(first, wall, firstClock)
      try first.save()
      firstManager.cancelAll()

      wall.jump(by: seconds)
      let (manager, clock) = try makeManager(wall: wall)
      let timers = OrderTimers(manager: manager, file: file)
      try timers.restore()
      try relaunched(timers, clock)
      manager.cancelAll()
    }
  }

  func testTheWidgetTimelineEndsAtTheCountdownsEnd() throws {
    try MainActor.assumeIsolated {
      // The widget's manager reads the real wall clock; so does the app's here (a test wall clock,
      // years from today, would be a device clock set back for the widget's restore).
      let manager = try CountdownManager(clock: ManualCountdownClock())
      try manager.start(id: 42, until: Date() + 3_600) { _, _, _ in }
      let end = try XCTUnwrap(manager.endDate(id: 42))
      let data = try JSONEncoder().encode(manager.snapshot(of: Int.self))
      manager.cancelAll()
      let timeline = try saleTimeline(from: data, saleID: 42)
      XCTAssertEqual(timeline.entries.count, 2)
      XCTAssertEqual(
        timeline.entries.last?.sale.endDate?.timeIntervalSince1970 ?? 0, end.timeIntervalSince1970,
        accuracy: 1)
      XCTAssertEqual(try saleTimeline(from: data, saleID: 7).entries.count, 0)
    }
  }

  func testThePhaseWidgetHasAnEntryPerPhaseStartUpToThePlansEnd() throws {
    try withManualManager { manager, _, wall in
      let plan = try CountdownPlan(blocks: [
        .init(
          [CountdownPhase("Focus", .seconds(25 * 60)), CountdownPhase("Break", .seconds(5 * 60))], repeated: .times(2))
      ])
      try manager.start(id: "pomodoro", plan: plan) { _, _, _ in }
      let data = try JSONEncoder().encode(manager.snapshot(of: String.self))
      manager.cancelAll()
      let timeline = try focusTimeline(from: data, now: wall.now)
      XCTAssertEqual(timeline.entries.map(\.phase), ["Focus", "Break", "Focus", "Break", "Done"])
      XCTAssertEqual(timeline.entries.map(\.date), [0, 25, 30, 55, 60].map { wall.now + Double($0 * 60) })
      XCTAssertEqual(timeline.entries.first?.phaseEnd, wall.now + 25 * 60)
      XCTAssertNil(timeline.entries.last?.phaseEnd)
    }
  }

  func testAPausedSalesWidgetShowsItFrozenInOneEntry() throws {
    try withManualManager { manager, _, _ in
      try manager.start(id: 42, for: .seconds(600)) { _, _, _ in }
      manager.pause(id: 42)
      let data = try JSONEncoder().encode(manager.snapshot(of: Int.self))
      manager.cancelAll()
      let timeline = try saleTimeline(from: data, saleID: 42)
      XCTAssertEqual(timeline.entries.count, 1)
      let sale = try XCTUnwrap(timeline.entries.first?.sale)
      let pausedAt = try XCTUnwrap(sale.pauseTime)
      XCTAssertEqual(
        sale.timerInterval.upperBound.timeIntervalSince(pausedAt), 600, accuracy: 1e-3,
        "frozen at 10:00")
      XCTAssertNil(sale.endDate)
    }
  }

  #if !(canImport(UserNotifications) && !os(tvOS))
    func testTheNotificationFiresAtTheEndAndNeverInThePast() throws {
      let center = UNUserNotificationCenter.current()
      center.removeAll()
      try MainActor.assumeIsolated {
        let manager = try CountdownManager(clock: ManualCountdownClock())
        try manager.start(id: "A1", for: .seconds(90)) { _, _, _ in }
        try manager.start(id: "B2", for: .zero) { _, _, _ in }
        scheduleArrivalNotification(for: "A1", on: manager)
        scheduleArrivalNotification(for: "B2", on: manager)  // ended: no trigger in the past
        scheduleArrivalNotification(for: "C3", on: manager)
        manager.cancelAll()
      }
      XCTAssertEqual(center.pendingRequests.map(\.identifier), ["A1"])
      XCTAssertEqual(center.pendingRequests.first?.trigger?.timeInterval ?? 0, 90, accuracy: 1)
      center.removeAll()
    }
  #endif

  #if !(canImport(ActivityKit) && os(iOS) && !targetEnvironment(macCatalyst))
    func testTheLiveActivityCarriesTheCountdownsRange() throws {
      guard #available(iOS 16.2, *) else { throw XCTSkip("the sample is iOS 16.2's") }
      try withManualManager { manager, _, wall in
        try manager.start(id: "A1", for: .seconds(1_200)) { _, _, _ in }
        let activity = try XCTUnwrap(startDeliveryActivity(for: "A1", on: manager))
        XCTAssertEqual(activity.content.state.arrival, wall.now...(wall.now + 1_200))
        XCTAssertEqual(activity.content.staleDate, wall.now + 1_200)
        XCTAssertNil(activity.content.state.pausedAt)
        XCTAssertNil(try startDeliveryActivity(for: "none", on: manager))
        // Paused: frozen at its pause time, with its whole length laid out from there.
        manager.pause(id: "A1")
        let paused = try XCTUnwrap(startDeliveryActivity(for: "A1", on: manager))
        XCTAssertEqual(paused.content.state.pausedAt, wall.now)
        XCTAssertEqual(paused.content.state.arrival, wall.now...(wall.now + 1_200))
        XCTAssertNil(paused.content.staleDate, "a frozen countdown goes stale at no date")
      }
    }
  #endif
}
