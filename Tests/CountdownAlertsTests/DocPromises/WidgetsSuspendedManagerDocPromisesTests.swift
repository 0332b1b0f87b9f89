import CountdownAlerts
import CountdownAlertsTesting
import CountdownKit
import CountdownTestSupport
import Foundation
import XCTest

/// What the docs of `CountdownWidgets`' initializer promise of a manager suspended when the
/// widgets start following it, and of the kind they keep.
final class WidgetsSuspendedManagerDocPromisesTests: XCTestCase {
  /// `manager`: "the app is taken to be in the foreground unless it is suspended"; a change made
  /// while it is suspended "waits for its `resumeTicking()`", then reloads once.
  func testWidgetsMadeOnASuspendedManagerWaitForItsResume() throws {
    try withManualManager { manager, _, wall in
      let center = FakeWidgetCenter(dailyBudget: 70, now: { wall.now })
      manager.suspendTicking()
      let widgets = CountdownWidgets(String.self, manager: manager, center: center, kind: "Timers")
      XCTAssertEqual(widgets.kind, "Timers")
      try manager.start(id: "tea", for: .seconds(180)) { _, _, _ in }
      XCTAssertEqual(center.reloads.count, 0, "a change while suspended waits")
      XCTAssertTrue(widgets.owesReload)
      manager.resumeTicking()
      XCTAssertEqual(center.reloads.map(\.kind), ["Timers"], "one reload when the manager resumes")
      XCTAssertFalse(widgets.owesReload)
    }
  }

  /// `reloadsInBackground`: a change made while the app is in the background "reloads at once"
  /// when asked to, also for widgets that start on a suspended manager; nothing is owed then.
  func testReloadsInBackgroundReloadAtOnceOnASuspendedManager() throws {
    try withManualManager { manager, _, wall in
      let center = FakeWidgetCenter(dailyBudget: 70, now: { wall.now })
      center.isAppInForeground = false
      manager.suspendTicking()
      let widgets = CountdownWidgets(
        String.self, manager: manager, center: center, kind: "Timers", reloadsInBackground: true)
      try manager.start(id: "tea", for: .seconds(180)) { _, _, _ in }
      XCTAssertEqual(center.reloads.count, 1, "reloaded at once")
      XCTAssertFalse(widgets.owesReload)
      withExtendedLifetime(widgets) {}
    }
  }
}
