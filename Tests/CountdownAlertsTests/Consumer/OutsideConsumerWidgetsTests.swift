import CountdownAlerts
import CountdownAlertsTesting
import CountdownKit
import Foundation
import XCTest

/// The widgets, as an app developer uses them from the README and the alerts article alone
/// (``OutsideConsumerTestCase``).
final class OutsideConsumerWidgetsTests: OutsideConsumerTestCase {
  // MARK: - 14. Widgets

  func testScenario14WidgetsReloadWhenTheDatesMoveNeverAsTimePasses() throws {
    let device = try Device()
    let lifecycle = NotificationCenter()
    let background = Notification.Name("OutsideConsumerTests.background")
    let foreground = Notification.Name("OutsideConsumerTests.foreground")
    let center = FakeWidgetCenter(now: device.wall)
    // The app's manager follows the app in and out of the foreground (the shared one does so by
    // itself); the widgets hear it from the manager.
    let observation = device.manager.suspendAndResume(on: [background], and: [foreground], center: lifecycle)
    defer { observation.cancel() }
    let widgets = CountdownWidgets(String.self, manager: device.manager, center: center, kind: "Timers")
    XCTAssertEqual(widgets.kind, "Timers")

    try device.manager.start(id: "tea", for: .seconds(180)) { _, _, _ in }
    XCTAssertEqual(center.reloads.count, 1, "a start")
    try device.clock.advance(by: .seconds(30))
    XCTAssertEqual(center.reloads.count, 1, "never as time passes")
    XCTAssertTrue(device.manager.pause(id: "tea"))
    XCTAssertTrue(device.manager.resume(id: "tea"))
    XCTAssertTrue(try device.manager.addTime(.seconds(30), id: "tea"))
    XCTAssertEqual(center.reloads.count, 4, "a pause, a resume, time added")
    try device.clock.advance(by: .seconds(180))
    XCTAssertFalse(device.manager.contains(id: "tea"))
    XCTAssertEqual(center.reloads.count, 4, "running out shows its 0 by itself")

    try device.manager.start(id: "eggs", for: .seconds(540)) { _, _, _ in }
    try device.manager.start(id: "rice", for: .seconds(900)) { _, _, _ in }
    XCTAssertEqual(center.reloads.count, 6)
    device.manager.cancelAll()
    XCTAssertEqual(center.reloads.count, 7, "one call of the manager, one reload")

    // In the background a change waits for the app's coming back.
    center.isAppInForeground = false
    lifecycle.post(name: background, object: nil)
    try device.manager.start(id: "toast", for: .seconds(300)) { _, _, _ in }
    XCTAssertEqual(center.reloads.count, 7)
    XCTAssertTrue(widgets.owesReload)
    center.isAppInForeground = true
    lifecycle.post(name: foreground, object: nil)
    XCTAssertEqual(center.reloads.count, 8)
    XCTAssertFalse(widgets.owesReload)

    XCTAssertEqual(Set(center.reloads.map(\.kind)), ["Timers"])
    XCTAssertEqual(center.reloads.filter(\.counted).count, 0, "every reload free of the budget")
    XCTAssertEqual(center.droppedReloads, 0)
  }

  /// "the widgets reload only when a running countdown's end date moved by more than a tenth of a
  /// second, so a re-sync that finds the clock where it was costs them nothing".
  func testScenario14bAReSyncThatFindsTheClockWhereItWasCostsTheWidgetsNothing() throws {
    let device = try Device()
    let center = FakeWidgetCenter(now: device.wall)
    let widgets = CountdownWidgets(String.self, manager: device.manager, center: center, kind: "Timers")
    try device.manager.start(id: "tea", for: .seconds(180)) { _, _, _ in }
    XCTAssertEqual(center.reloads.count, 1)
    // What the system posts on the default center when the person sets the clock.
    NotificationCenter.default.post(name: CountdownNotifications<String>.systemClockDidChange, object: nil)
    XCTAssertEqual(center.reloads.count, 1)
    XCTAssertFalse(widgets.owesReload)
  }
}
