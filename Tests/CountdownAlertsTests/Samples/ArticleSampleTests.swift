// swift-format-ignore-file
// (The documentation's samples are copied here verbatim, checked by SampleCopyTests: a formatter
// that changed a copy would part it from its sample.)
import CountdownAlerts
import CountdownAlertsTesting
import CountdownKit
import Foundation
import XCTest

/// The catalog's samples that run, copied verbatim between `// ARTICLE` and `// END ARTICLE`;
/// `SampleCopyTests` fails when the catalog and the copy drift apart.
final class ArticleSampleTests: XCTestCase {
  // ARTICLE: testing
  func testTheTeaRingsAtItsEnd() throws {
    let clock = ManualCountdownClock()
    let start = Date()
    let wall: @Sendable () -> Date = { start + Double(clock.now.nanosecondsSinceOrigin) / 1e9 }
    let manager = try CountdownManager(clock: clock, wallClock: wall)
    let center = FakeNotificationCenter(now: wall)
    let alerts = try CountdownNotifications(String.self, manager: manager, center: center) { id, _ in
      CountdownAlertContent(title: id, body: "Done")
    }
    try manager.start(id: "tea", for: .seconds(180)) { _, _, _ in }
    manager.pause(id: "tea")
    center.drain()
    XCTAssertEqual(center.pending.count, 0)  // paused: nothing rings
    manager.resume(id: "tea")
    center.drain()
    XCTAssertEqual(center.pending.first?.identifier, alerts.identifier(for: "tea"))
    XCTAssertEqual(center.pending.first?.fireDate, manager.endDate(id: "tea"))
  }

  func testOnlyTheSoonestEndsArePending() throws {
    let clock = ManualCountdownClock()
    let start = Date()
    let wall: @Sendable () -> Date = { start + Double(clock.now.nanosecondsSinceOrigin) / 1e9 }
    let manager = try CountdownManager(clock: clock, wallClock: wall)
    let center = FakeNotificationCenter(now: wall)
    let alerts = try CountdownNotifications(String.self, manager: manager, center: center, budget: 2) { id, _ in
      CountdownAlertContent(title: id, body: "Done")
    }
    for (id, minutes) in [("tea", 3), ("eggs", 9), ("bread", 40)] {
      try manager.start(id: id, for: .seconds(minutes * 60)) { _, _, _ in }
    }
    center.drain()
    XCTAssertEqual(Set(center.pending.map(\.identifier)), [alerts.identifier(for: "tea"), alerts.identifier(for: "eggs")])
    try clock.advance(by: .seconds(180))  // the tea ends: its alert fires, the bread's is added
    center.drain()
    XCTAssertEqual(center.delivered.map(\.identifier), [alerts.identifier(for: "tea")])
    XCTAssertEqual(Set(center.pending.map(\.identifier)), [alerts.identifier(for: "eggs"), alerts.identifier(for: "bread")])
  }
  // END ARTICLE

  func testEveryPhaseEndOfAPomodoroRingsNamingTheNextEnd() throws {
    // ARTICLE: phase-notifications
    let clock = ManualCountdownClock()
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    let wall: @Sendable () -> Date = { start + Double(clock.now.nanosecondsSinceOrigin) / 1e9 }
    let manager = try CountdownManager(clock: clock, wallClock: wall)
    let center = FakeNotificationCenter(now: wall)
    let alerts = try CountdownNotifications(String.self, manager: manager, center: center) { alert in
      guard let phaseEnd = alert.phaseEnd, let next = phaseEnd.nextPhase else {
        return CountdownAlertContent(title: "Pomodoro", body: "All done.")
      }
      guard let until = phaseEnd.nextPhaseEndDate else {
        return CountdownAlertContent(title: "\(phaseEnd.phase.name) done", body: "\(next.name) when you are ready.")
      }
      let time = until.formatted(date: .omitted, time: .shortened)
      return CountdownAlertContent(title: "\(phaseEnd.phase.name) done", body: "\(next.name) until \(time).")
    }
    let pomodoro = try CountdownPlan(blocks: [
      CountdownPlan.Block(
        [CountdownPhase("Focus", .seconds(25 * 60)), CountdownPhase("Break", .seconds(5 * 60), purpose: .recovery)],
        repeated: .times(4))
    ])
    try manager.start(id: "pomodoro", plan: pomodoro) { _, _, _ in }
    center.drain()
    // Every phase end has its request, the plan's end the last: they ring while the app is away too.
    XCTAssertEqual(center.pending.map(\.fireDate), [25, 30, 55, 60, 85, 90, 115, 120].map { start + Double($0 * 60) })
    let breakUntil = (start + 30 * 60).formatted(date: .omitted, time: .shortened)
    XCTAssertEqual(center.pending.first?.content.body, "Break until \(breakUntil).")
    XCTAssertEqual(alerts.phaseOrdinal(forRequest: center.pending[1].identifier), 1)  // the first break's end
    // END ARTICLE
    XCTAssertEqual(center.pending.last?.content.body, "All done.")
    manager.cancelAll()
  }

  func testAPomodorosFirstFocusEndMovesItsActivityAndReloadsNoWidget() throws {
    // ARTICLE: phases
    let clock = ManualCountdownClock()
    let start = Date()
    let wall: @Sendable () -> Date = { start + Double(clock.now.nanosecondsSinceOrigin) / 1e9 }
    let manager = try CountdownManager(clock: clock, wallClock: wall)
    let widgetCenter = FakeWidgetCenter(now: wall)
    let widgets = CountdownWidgets(String.self, manager: manager, center: widgetCenter, kind: "Focus")
    let activityCenter = FakeActivityCenter<CountdownTimerDates>(now: wall)
    let activities = CountdownLiveActivities(String.self, manager: manager, center: activityCenter) { _, dates in dates }
    let pomodoro = try CountdownPlan(blocks: [
      CountdownPlan.Block(
        [CountdownPhase("Focus", .seconds(25 * 60)), CountdownPhase("Break", .seconds(5 * 60), purpose: .recovery)],
        repeated: .times(4))
    ])
    let activity = activityCenter.start(countdownID: "pomodoro", state: nil, staleDate: nil)
    try manager.start(id: "pomodoro", plan: pomodoro) { _, _, _ in }
    try clock.advance(by: .seconds(25 * 60))  // the first focus ends
    XCTAssertEqual(activityCenter.activity(activity)?.staleDate, start + 30 * 60)  // on to the break
    XCTAssertEqual(widgetCenter.reloads.count, 1)  // the start's: the timeline holds the break
    withExtendedLifetime((widgets, activities)) {}  // an app keeps them for as long as it runs
    // END ARTICLE
  }

  func testAPomodorosActivityHoldsTheNextPhase() throws {
    // ARTICLE: phase-window
    let clock = ManualCountdownClock()
    let start = Date()
    let wall: @Sendable () -> Date = { start + Double(clock.now.nanosecondsSinceOrigin) / 1e9 }
    let manager = try CountdownManager(clock: clock, wallClock: wall)
    let center = FakeActivityCenter<CountdownPhaseWindow?>(now: wall)
    let activities = CountdownLiveActivities(String.self, manager: manager, center: center, lookAhead: 1) {
      _, _, window in window
    }
    let pomodoro = try CountdownPlan(blocks: [
      CountdownPlan.Block(
        [CountdownPhase("Focus", .seconds(25 * 60)), CountdownPhase("Break", .seconds(5 * 60), purpose: .recovery)],
        repeated: .times(4))
    ])
    let activity = center.start(countdownID: "pomodoro", state: nil, staleDate: nil)
    try manager.start(id: "pomodoro", plan: pomodoro) { _, _, _ in }
    XCTAssertEqual(center.activity(activity)?.state??.phases.map(\.phase.name), ["Focus", "Break"])
    XCTAssertEqual(center.activity(activity)?.staleDate, start + 25 * 60)  // the focus's end
    try clock.advance(by: .seconds(25 * 60))  // the first focus ends
    XCTAssertEqual(center.activity(activity)?.state??.phases.map(\.phase.name), ["Break", "Focus"])
    XCTAssertEqual(center.activity(activity)?.staleDate, start + 30 * 60)  // the break's end
    withExtendedLifetime(activities) {}  // an app keeps them for as long as it runs
    // END ARTICLE
  }
}

#if canImport(UserNotifications)
  import UserNotifications

  // ARTICLE: foreground
nonisolated final class AlertsDelegate: NSObject, UNUserNotificationCenterDelegate {
  let alerts: CountdownNotifications<String>
  init(alerts: CountdownNotifications<String>) { self.alerts = alerts }

  func userNotificationCenter(
    _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
    withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void
  ) {
    completionHandler(alerts.presentationOptions(for: notification) ?? [.banner, .sound])
  }
}
  // END ARTICLE
#endif
