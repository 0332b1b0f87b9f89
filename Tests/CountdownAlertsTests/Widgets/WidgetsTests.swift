import CountdownAlerts
import CountdownAlertsTesting
import CountdownKit
import Foundation
import XCTest

/// Widgets kept in step, on the manual clock and the fake widget center with its budget: a
/// reload when a followed countdown's dates move, one for a burst, none as time passes or when a
/// countdown runs out, and those made in the background (the manager suspended) when the app comes
/// back.
final class WidgetsTests: XCTestCase {
  private static let background = Notification.Name("test.background")
  private static let foreground = Notification.Name("test.foreground")

  /// One process of an app with widgets (``AppHarness``), on a widget center with its budget.
  private final class Harness: AppHarness {
    let lifecycle = NotificationCenter()
    let center: FakeWidgetCenter
    var widgets: CountdownWidgets<String>?

    /// `madeTheOldWay`: with the deprecated initializer, which hears the app's lifecycle
    /// notifications on `lifecycle` rather than the manager's suspensions.
    init(dailyBudget: Int = 70, reloadsInBackground: Bool = false, madeTheOldWay: Bool = false) throws {
      let wall = DeviceClock()
      center = FakeWidgetCenter(dailyBudget: dailyBudget, now: { wall.now })
      try super.init(wall: wall)
      if madeTheOldWay {
        widgets = CountdownWidgets.madeTheOldWay(
          manager: manager, center: center, kind: "Timers", lifecycle: lifecycle,
          suspendNames: [WidgetsTests.background], resumeNames: [WidgetsTests.foreground], clockChanges: clockChanges,
          isFollowed: { $0 != "quiet" })
      } else {
        widgets = CountdownWidgets(
          String.self, manager: manager, center: center, kind: "Timers", reloadsInBackground: reloadsInBackground,
          clockChanges: clockChanges, isFollowed: { $0 != "quiet" })
      }
      // As the shared manager does: suspended in the background, resumed when the app comes back.
      manager.followLifecycle(
        suspendOn: [WidgetsTests.background], resumeOn: [WidgetsTests.foreground], center: lifecycle)
    }

    var reloadCount: Int { center.reloads.count }

    func goToBackground() {
      center.isAppInForeground = false
      lifecycle.post(name: WidgetsTests.background, object: nil)
    }

    func comeBack() {
      center.isAppInForeground = true
      lifecycle.post(name: WidgetsTests.foreground, object: nil)
    }
  }

  func testAReloadForEachChangeOfTheDatesAndNoneAsTimePasses() throws {
    try MainActor.assumeIsolated {
      let h = try Harness()
      XCTAssertEqual(h.reloadCount, 0, "nothing followed yet: nothing to reload")
      try h.manager.start(id: "tea", for: .seconds(180)) { _, _, _ in }
      XCTAssertEqual(h.reloadCount, 1, "a new countdown")
      try h.advance(by: 60)
      XCTAssertEqual(h.reloadCount, 1, "the widget counts down by itself")
      h.manager.pause(id: "tea")
      XCTAssertEqual(h.reloadCount, 2, "paused")
      try h.advance(by: 30)
      XCTAssertEqual(h.reloadCount, 2, "a paused countdown shows the same")
      h.manager.resume(id: "tea")
      XCTAssertEqual(h.reloadCount, 3, "resumed: a new end")
      try h.manager.addTime(.seconds(30), id: "tea")
      XCTAssertEqual(h.reloadCount, 4, "time added")
      try h.manager.start(id: "quiet", for: .seconds(10)) { _, _, _ in }
      XCTAssertEqual(h.reloadCount, 4, "an id the widgets do not follow")
      h.manager.cancel(id: "tea")
      XCTAssertEqual(h.reloadCount, 5, "cancelled before its end")
      XCTAssertTrue(h.center.reloads.allSatisfy { $0.kind == "Timers" && !$0.counted && $0.done })
    }
  }

  func testACountdownThatRunsOutReloadsNothing() throws {
    try MainActor.assumeIsolated {
      let h = try Harness()
      try h.manager.start(id: "egg", for: .seconds(300)) { _, _, _ in }
      try h.advance(by: 300)
      XCTAssertFalse(h.manager.contains(id: "egg"))
      XCTAssertEqual(h.reloadCount, 1, "the widget shows its 0 by itself")
    }
  }

  func testABurstOfChangesInOneCallIsOneReload() throws {
    try MainActor.assumeIsolated {
      let h = try Harness()
      for index in 0..<5 {
        try h.manager.start(id: "t\(index)", for: .seconds(600)) { _, _, _ in }
      }
      h.center.clearReloads()
      h.manager.cancelAll()
      XCTAssertEqual(h.reloadCount, 1, "five countdowns cancelled at once: one new timeline")
    }
  }

  func testChangesInTheBackgroundReloadOnceWhenTheAppComesBack() throws {
    try MainActor.assumeIsolated {
      let h = try Harness()
      try h.manager.start(id: "tea", for: .seconds(600)) { _, _, _ in }
      h.goToBackground()
      h.manager.pause(id: "tea")
      try h.manager.addTime(.seconds(60), id: "tea")
      h.manager.resume(id: "tea")
      XCTAssertEqual(h.reloadCount, 1, "nothing reloaded in the background")
      XCTAssertEqual(h.widgets?.owesReload, true)
      h.comeBack()
      XCTAssertEqual(h.reloadCount, 2, "one reload for the three changes")
      XCTAssertEqual(h.center.reloads.last?.counted, false, "made in the foreground: free")
      h.goToBackground()
      h.comeBack()
      XCTAssertEqual(h.reloadCount, 2, "nothing changed: nothing owed")
    }
  }

  func testTheDeprecatedInitializerHearsTheLifecycleNotificationsItself() throws {
    try MainActor.assumeIsolated {
      let h = try Harness(madeTheOldWay: true)
      try h.manager.start(id: "tea", for: .seconds(600)) { _, _, _ in }
      h.goToBackground()
      try h.manager.addTime(.seconds(60), id: "tea")
      XCTAssertEqual(h.reloadCount, 1, "nothing reloaded in the background")
      h.comeBack()
      XCTAssertEqual(h.reloadCount, 2, "one reload for what was owed")
      h.manager.suspendTicking()
      try h.manager.addTime(.seconds(60), id: "tea")
      XCTAssertEqual(h.reloadCount, 3, "the manager's suspension alone is not the background for it")
      h.manager.resumeTicking()
    }
  }

  func testReloadsInTheBackgroundCountAgainstTheBudgetWhenAskedFor() throws {
    try MainActor.assumeIsolated {
      let h = try Harness(dailyBudget: 2, reloadsInBackground: true)
      try h.manager.start(id: "tea", for: .seconds(600)) { _, _, _ in }
      h.goToBackground()
      for _ in 0..<3 {
        try h.manager.addTime(.seconds(10), id: "tea")
      }
      XCTAssertEqual(h.center.reloads.map(\.counted), [false, true, true, true])
      XCTAssertEqual(h.center.droppedReloads, 1, "past the budget, the system drops the reload")
      XCTAssertEqual(h.center.budgetLeft(ofKind: "Timers"), 0)
    }
  }

  func testAChangeOfTheDevicesClockReloadsWhileACountdownIsShown() throws {
    try MainActor.assumeIsolated {
      let h = try Harness()
      h.clockChanges.post(name: CountdownNotifications<String>.systemClockDidChange, object: nil)
      XCTAssertEqual(h.reloadCount, 0, "nothing shown")
      try h.manager.start(id: "tea", for: .seconds(600)) { _, _, _ in }
      h.wall.jump(by: 3_600)
      h.clockChanges.post(name: CountdownNotifications<String>.systemClockDidChange, object: nil)
      XCTAssertEqual(h.reloadCount, 2, "the widget's dates are the wall clock's: laid out again")
    }
  }

  func testAClockMovedWhileSuspendedReloadsOnceWhenTheAppComesBack() throws {
    try MainActor.assumeIsolated {
      let h = try Harness()
      try h.manager.start(id: "tea", for: .seconds(600)) { _, _, _ in }
      h.goToBackground()
      // Suspended: no `NSSystemClockDidChange` comes for the user's change of the clock.
      h.wall.jump(by: 3_600)
      h.comeBack()
      XCTAssertEqual(h.reloadCount, 2, "the widget's dates moved with the clock: laid out again")
      h.clockChanges.post(name: LifecycleObservation.applicationWillEnterForeground, object: nil)
      XCTAssertEqual(h.reloadCount, 2, "the follower's own re-sync of the same coming back finds nothing moved")
    }
  }

  func testABurstOfResyncsWithChangesOwedIsOneReload() throws {
    try MainActor.assumeIsolated {
      let h = try Harness()
      try h.manager.start(id: "tea", for: .seconds(600)) { _, _, _ in }
      h.goToBackground()
      try h.manager.addTime(.seconds(60), id: "tea")
      h.wall.jump(by: -120)
      // What UIKit posts at the app's coming back, after a change of the clock while suspended,
      // in either order with the widgets' own foreground notification.
      h.clockChanges.post(name: Notification.Name("UIApplicationSignificantTimeChangeNotification"), object: nil)
      h.comeBack()
      h.clockChanges.post(name: LifecycleObservation.applicationWillEnterForeground, object: nil)
      h.clockChanges.post(name: CountdownNotifications<String>.systemClockDidChange, object: nil)
      XCTAssertEqual(h.reloadCount, 2, "the start's, then one for the time added and the clock together")
      XCTAssertEqual(h.center.reloads.last?.counted, false, "made in the foreground: free")
      h.goToBackground()
      h.comeBack()
      h.clockChanges.post(name: CountdownNotifications<String>.systemClockDidChange, object: nil)
      XCTAssertEqual(h.reloadCount, 2, "nothing moved: nothing reloaded")
    }
  }

  func testReleasingTheFollowerStopsTheReloads() throws {
    try MainActor.assumeIsolated {
      let h = try Harness()
      weak let released = h.widgets
      h.widgets = nil
      XCTAssertNil(released)
      try h.manager.start(id: "tea", for: .seconds(600)) { _, _, _ in }
      h.goToBackground()
      h.comeBack()
      XCTAssertEqual(h.reloadCount, 0)
    }
  }
}

extension WidgetsTests {
  func testARestoreOfFiveCountdownsIsOneReload() throws {
    try MainActor.assumeIsolated {
      let h = try Harness()
      for index in 0..<5 {
        try h.manager.start(id: "t\(index)", for: .seconds(600 + 60 * index)) { _, _, _ in }
      }
      let saved = try h.snapshot()
      h.manager.cancelAll()
      h.center.clearReloads()
      try h.manager.restore(CountdownSnapshot<String>(decoding: saved)) { _, _, _ in }
      XCTAssertEqual(h.reloadCount, 1, "five countdowns restored in one call: one new timeline")
    }
  }
}
