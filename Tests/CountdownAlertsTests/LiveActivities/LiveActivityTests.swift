import CountdownAlerts
import CountdownAlertsTesting
import CountdownKit
import CountdownTestSupport
import Foundation
import XCTest

/// A Live Activity kept in step, on the manual clock and the fake activity center: updated at
/// every change that moves the dates (and only then), stale from the end while running, ended
/// when the countdown ends or is cancelled.
final class LiveActivityTests: XCTestCase {
  struct Shown: Hashable, Sendable {
    var dates: CountdownTimerDates
    var title: String
  }

  /// One "process" of an app with Live Activities (``AppHarness``) and its follower, on an
  /// activity center that outlives it (the system's), so that a test can relaunch.
  private final class Harness: AppHarness {
    let center: FakeActivityCenter<Shown>
    var activities: CountdownLiveActivities<String, Shown>?

    init() throws {
      let wall = DeviceClock()
      center = FakeActivityCenter(now: { wall.now })
      try super.init(wall: wall)
      activities = makeActivities()
    }

    func makeActivities() -> CountdownLiveActivities<String, Shown> {
      CountdownLiveActivities(
        String.self, manager: manager, center: center, clockChanges: clockChanges, isFollowed: { $0 != "quiet" },
        content: { id, dates in Shown(dates: dates, title: id) })
    }

    /// The app is killed and launched again: the countdowns come back from a snapshot taken now,
    /// on a new manager, and the follower is made after the restore (`listsAtOnce`: whether the
    /// center lists the activities at once, or when the test answers).
    func relaunch(after seconds: TimeInterval = 0, listsAtOnce: Bool = true) throws {
      let data = try snapshot()
      activities = nil  // the process ends: nothing is ended
      manager.cancelAll()
      center.clearCalls()
      wall.jump(by: seconds)  // the time the app was not running
      try startNewProcess()
      try manager.restore(CountdownSnapshot<String>(decoding: data)) { _, _, _ in }
      center.answersListingsAtOnce = listsAtOnce
      activities = makeActivities()
    }

    /// The activity of `id`, started by the app with the package's content.
    func startActivity(_ id: String) throws -> String {
      let content = try XCTUnwrap(activities?.content(for: id))
      return center.start(countdownID: id, state: content.state, staleDate: content.staleDate)
    }

    func held(_ activity: String, file: StaticString = #filePath, line: UInt = #line) -> FakeActivityCenter<Shown>
      .HeldActivity?
    {
      let held = center.activity(activity)
      if held == nil { XCTFail("no activity \(activity)", file: file, line: line) }
      return held
    }

    /// Fails unless the activity shows `id`'s dates now, stale from its end (never if paused).
    func assertInStep(_ activity: String, _ id: String, file: StaticString = #filePath, line: UInt = #line) {
      let held = held(activity, file: file, line: line)
      let dates = manager.timerDates(id: id)
      XCTAssertEqual(held?.state, dates.map { Shown(dates: $0, title: id) }, "\(id)", file: file, line: line)
      XCTAssertEqual(held?.staleDate, dates?.endDate, "\(id)", file: file, line: line)
      XCTAssertNil(held?.dismissal, "\(id)", file: file, line: line)
    }

    /// The calls that named `activity` or the countdown `id`.
    func calls(naming activity: String, or id: String) -> [FakeActivityCenter<Shown>.Call] {
      center.calls.filter { call in
        switch call {
        case .update(let countdownID, _, _), .end(let countdownID, _, _, _): countdownID == id
        case .endActivity(let activityID, _): activityID == activity
        case .activities: false
        }
      }
    }

    /// Starts "tea" (180 s) and "egg" (300 s, paused), then an activity for each.
    func startTeaAndPausedEgg() throws -> (tea: String, egg: String) {
      try start(["tea": 180, "egg": 300])
      manager.pause(id: "egg")
      return (try startActivity("tea"), try startActivity("egg"))
    }

    /// Starts each countdown, in order, for its seconds.
    func start(_ countdowns: KeyValuePairs<String, Int>) throws {
      for (id, seconds) in countdowns {
        try manager.start(id: id, for: .seconds(seconds)) { _, _, _ in }
      }
    }
  }

  /// Runs `body` on the main actor (the tests run on the main thread) with a new harness, and
  /// cancels what still counts after it.
  private func withActivities(_ body: @MainActor (Harness) throws -> Void) throws {
    try MainActor.assumeIsolated {
      let h = try Harness()
      defer { h.manager.cancelAll() }
      try body(h)
    }
  }

  func testEveryChangeThatMovesTheDatesUpdatesAndNothingElse() throws {
    try withActivities { h in
      try h.manager.start(id: "pizza", for: .seconds(720)) { _, _, _ in }
      let activity = try h.startActivity("pizza")
      h.assertInStep(activity, "pizza")
      try h.advance(by: 60)
      XCTAssertEqual(
        h.center.calls.count, 2, "the listing and the start; time passing moves no date: \(h.center.calls)")
      h.manager.pause(id: "pizza")
      h.assertInStep(activity, "pizza")
      XCTAssertNil(h.held(activity)?.staleDate, "a paused countdown is never stale")
      try h.advance(by: 30)
      try h.manager.addTime(.seconds(120), id: "pizza")
      h.assertInStep(activity, "pizza")
      h.manager.resume(id: "pizza")
      h.assertInStep(activity, "pizza")
      try h.manager.addTime(.seconds(-60), id: "pizza")
      h.assertInStep(activity, "pizza")
      try h.manager.start(id: "pizza", for: .seconds(100)) { _, _, _ in }
      h.assertInStep(activity, "pizza")
      try h.manager.calibrate(serverNow: h.wall.now + 9_000)
      h.manager.suspendTicking()
      h.manager.resumeTicking()
      XCTAssertEqual(
        h.center.calls.count, 7, "listing, start, pause, add, resume, add, replace: \(h.center.calls.count)")
    }
  }

  func testAChangeOfTheDeviceClockMovesTheDatesToTheSameInstant() throws {
    try withActivities { h in
      let (tea, egg) = try h.startTeaAndPausedEgg()
      h.wall.jump(by: 3_600)
      h.clockChanges.post(name: CountdownNotifications<String>.systemClockDidChange, object: nil)
      h.assertInStep(tea, "tea")
      // A paused activity shows its time left, which the clock does not move: left as it was.
      let shown = try XCTUnwrap(h.held(egg)?.state?.dates)
      let dates = try XCTUnwrap(h.manager.timerDates(id: "egg"))
      XCTAssertEqual(
        shown.timerInterval.upperBound.timeIntervalSince(try XCTUnwrap(shown.pauseTime)),
        dates.timerInterval.upperBound.timeIntervalSince(try XCTUnwrap(dates.pauseTime)), accuracy: 1e-6)
      XCTAssertEqual(h.held(tea)?.staleDate, h.wall.now + 180, "the same instant, on the changed clock")
    }
  }

  func testTimeTakenPastTheEndEndsItShownAsARunOut() throws {
    try withActivities { h in
      try h.start(["pizza": 290, "tea": 290])
      let pizza = try h.startActivity("pizza")
      let tea = try h.startActivity("tea")
      try h.manager.addTime(.seconds(-400), id: "pizza")
      XCTAssertFalse(h.manager.contains(id: "pizza"), "ended with its 0 inside the call")
      XCTAssertEqual(h.held(pizza)?.dismissal, .afterEnd, "its end came: shown a while, as any end")
      h.manager.cancel(id: "tea")
      XCTAssertEqual(h.held(tea)?.dismissal, .immediately, "a cancel is taken off at once")
    }
  }

  func testACancelledOvertimeCountdownsActivityIsShownAWhileAndAPausedOneIsNeverStale() throws {
    try withActivities { h in
      try h.manager.start(id: "bread", for: .seconds(60), pastTheEnd: .countsOvertime) { _, _, _ in }
      try h.manager.start(id: "soup", for: .seconds(600)) { _, _, _ in }
      let bread = try h.startActivity("bread")
      let soup = try h.startActivity("soup")
      h.manager.pause(id: "soup")
      XCTAssertNil(h.held(soup)?.staleDate, "paused: never stale")
      h.manager.resume(id: "soup")
      XCTAssertEqual(h.held(soup)?.staleDate, h.manager.endDate(id: "soup"), "resumed: stale from the new end")
      try h.advance(by: 90)
      XCTAssertTrue(h.manager.contains(id: "bread"), "counting overtime")
      h.manager.cancel(id: "bread")
      XCTAssertEqual(h.held(bread)?.dismissal, .afterEnd, "its end had come: shown a while")
    }
  }

  func testAResyncThatMovedNothingUpdatesNoActivity() throws {
    try withActivities { h in
      let (tea, egg) = try h.startTeaAndPausedEgg()
      let eggShown = h.held(egg)?.state
      try h.advance(by: 20)
      h.center.clearCalls()
      // The app comes back to the foreground with its clock where it was.
      h.clockChanges.post(name: Notification.Name("UIApplicationWillEnterForegroundNotification"), object: nil)
      XCTAssertEqual(h.center.calls, [], "nothing moved: no activity is updated")
      h.assertInStep(tea, "tea")
      // The clock moved: the running one's dates move; the paused one shows the same time left.
      h.wall.jump(by: 3_600)
      h.clockChanges.post(name: CountdownNotifications<String>.systemClockDidChange, object: nil)
      h.assertInStep(tea, "tea")
      XCTAssertEqual(h.calls(naming: egg, or: "egg"), [], "a paused activity shows its time left, which stayed")
      XCTAssertEqual(h.held(egg)?.state, eggShown)
    }
  }

  func testASuspensionFreezesThePausingOnes() throws {
    try withActivities { h in
      try h.manager.start(id: "oven", for: .seconds(600), whileSuspended: .pauses) { _, _, _ in }
      let activity = try h.startActivity("oven")
      h.manager.suspendTicking()
      h.assertInStep(activity, "oven")
      XCTAssertTrue(h.held(activity)?.state?.dates.isFrozen == true)
      try h.advance(by: 60)
      h.manager.resumeTicking()
      h.assertInStep(activity, "oven")
    }
  }

  func testTheEndEndsItShownAndACancelTakesItOff() throws {
    try withActivities { h in
      try h.start(["egg": 300, "tea": 180, "quiet": 180])
      let egg = try h.startActivity("egg")
      let tea = try h.startActivity("tea")
      let end = try XCTUnwrap(h.manager.endDate(id: "tea"))
      try h.advance(by: 180)
      XCTAssertEqual(h.held(tea)?.dismissal, .afterEnd)
      XCTAssertEqual(h.held(tea)?.staleDate, end, "stale from the end")
      XCTAssertNil(h.held(egg)?.dismissal)
      h.manager.cancel(id: "egg")
      XCTAssertEqual(h.held(egg)?.dismissal, .immediately)
      XCTAssertFalse(
        h.center.calls.contains { if case .update(countdownID: "quiet", _, _) = $0 { true } else { false } },
        "not followed")
      XCTAssertEqual(h.center.calls.filter { if case .end = $0 { true } else { false } }.count, 2)
    }
  }

  func testCancelAllEndsEveryOneAndAReleasedFollowerStops() throws {
    try withActivities { h in
      try h.start(["a": 60, "b": 90])
      let a = try h.startActivity("a")
      let b = try h.startActivity("b")
      h.manager.cancelAll()
      XCTAssertEqual([h.held(a)?.dismissal, h.held(b)?.dismissal], [.immediately, .immediately])
      h.activities = nil
      h.center.clearCalls()
      try h.manager.start(id: "a", for: .seconds(60)) { _, _, _ in }
      XCTAssertEqual(h.center.calls, [], "released: nothing follows")
      h.manager.cancelAll()
    }
  }

  func testAtLaunchWhatAPreviousProcessLeftIsEndedOrKeptInStep() throws {
    try withActivities { h in
      try h.start(["tea": 600, "soup": 900])
      h.manager.pause(id: "soup")
      try h.start(["egg": 120, "quiet": 600])
      let tea = try h.startActivity("tea")
      let soup = try h.startActivity("soup")
      let egg = try h.startActivity("egg")
      // The app's own activity of an id it does not follow, and one of a countdown it did not save.
      let quiet = h.center.start(countdownID: "quiet", state: nil, staleDate: nil)
      let lost = h.center.start(countdownID: "lost", state: nil, staleDate: h.wall.now + 3_000)
      try h.relaunch(after: 300)  // the egg ran out meanwhile
      h.assertInStep(tea, "tea")
      h.assertInStep(soup, "soup")
      XCTAssertEqual(h.held(egg)?.dismissal, .afterEnd, "it ran out: its end stays shown a while")
      XCTAssertEqual(h.held(lost)?.dismissal, .immediately, "its countdown went before its end")
      XCTAssertNil(h.held(quiet)?.dismissal, "an id not followed: the app's own")
      XCTAssertEqual(h.calls(naming: quiet, or: "quiet"), [], "an id not followed: the app's own")
      XCTAssertEqual(h.center.calls.filter { $0 == .activities }.count, 1, "listed once")
      h.center.clearCalls()
      try h.advance(by: 600)
      XCTAssertEqual(h.held(tea)?.dismissal, .afterEnd, "followed after the relaunch")
      XCTAssertFalse(
        h.center.calls.contains { if case .endActivity = $0 { true } else { false } }, "the sweep acted once")
    }
  }

  func testALateListingLosesNoChangeAndLeavesLaterActivitiesAlone() throws {
    try withActivities { h in
      try h.start(["tea": 600, "egg": 120, "rice": 120])
      let tea = try h.startActivity("tea")
      let egg = try h.startActivity("egg")
      let rice = try h.startActivity("rice")
      try h.relaunch(after: 300, listsAtOnce: false)  // the egg and the rice ran out meanwhile
      // While the listing is on its way: the tea is paused, the rice starts again, and the app
      // starts an activity for a new countdown.
      h.manager.pause(id: "tea")
      try h.start(["rice": 60, "bread": 1_800])
      let bread = try h.startActivity("bread")
      XCTAssertNil(h.held(egg)?.dismissal, "nothing is known of it before the listing")
      h.center.clearCalls()
      h.center.answerListings()
      h.assertInStep(tea, "tea")
      h.assertInStep(rice, "rice")
      h.assertInStep(bread, "bread")
      XCTAssertEqual(h.held(egg)?.dismissal, .afterEnd, "it ran out while the app was not running")
      XCTAssertEqual(
        h.center.calls, [.endActivity(activityID: egg, dismissal: .afterEnd)],
        "only what was left, of a countdown still gone when the listing came")
    }
  }

  func testAListingOfNoActivityChangesNothing() throws {
    try withActivities { h in
      try h.manager.start(id: "tea", for: .seconds(600)) { _, _, _ in }
      try h.relaunch(listsAtOnce: false)
      h.center.clearCalls()
      h.center.answerListings()
      XCTAssertEqual(h.center.calls, [])
    }
  }

  func testAListingAnsweredOnAnotherThreadWhileACountdownChangesLosesNothing() throws {
    try withActivities { h in
      for round in 0..<30 {
        try h.start(["tea": 600, "egg": 120])
        let tea = try h.startActivity("tea")
        let egg = try h.startActivity("egg")
        try h.relaunch(after: 300, listsAtOnce: false)
        let center = h.center
        let answered = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
          center.answerListings()
          answered.signal()
        }
        for change in 0..<40 {
          try h.manager.addTime(.seconds(change.isMultiple(of: 2) ? 7 : -5), id: "tea")
        }
        answered.wait()
        h.assertInStep(tea, "tea")
        XCTAssertEqual(h.held(egg)?.dismissal, .afterEnd, "round \(round)")
        h.manager.cancelAll()
      }
    }
  }

  func testTwoFollowersOfOneActivityTypeKeepToTheirNamespaces() throws {
    try MainActor.assumeIsolated {
      let wall = DeviceClock()
      let clock = ManualCountdownClock()
      wall.follow(clock)
      let manager = try CountdownManager(clock: clock, wallClock: { wall.now })
      defer { manager.cancelAll() }
      let center = FakeActivityCenter<Shown>(now: { wall.now })
      let notifications = NotificationCenter()
      func make<ID: Hashable & Sendable & CustomStringConvertible>(_ type: ID.Type, _ namespace: String) throws
        -> CountdownLiveActivities<ID, Shown>
      {
        try CountdownLiveActivities(
          ID.self, manager: manager, center: center, namespace: namespace, clockChanges: notifications
        ) { id, dates in Shown(dates: dates, title: "\(id)") }
      }
      var orders: CountdownLiveActivities<Int, Shown>? = try make(Int.self, "orders")
      var timers: CountdownLiveActivities<String, Shown>? = try make(String.self, "timers")
      try manager.start(id: 42, for: .seconds(900)) { _, _, _ in }
      try manager.start(id: "42", for: .seconds(300)) { _, _, _ in }
      let order = try XCTUnwrap(orders?.content(for: 42))
      let timer = try XCTUnwrap(timers?.content(for: "42"))
      XCTAssertEqual(orders?.countdownID(for: 42), "orders/42")
      XCTAssertEqual(timers?.countdownID(for: "42"), "timers/42")
      let orderActivity = center.start(countdownID: "orders/42", state: order.state, staleDate: order.staleDate)
      let timerActivity = center.start(countdownID: "timers/42", state: timer.state, staleDate: timer.staleDate)
      try manager.addTime(.seconds(60), id: 42)
      XCTAssertEqual(center.activity(orderActivity)?.state?.dates, manager.timerDates(id: 42), "the order's moved")
      XCTAssertEqual(center.activity(timerActivity)?.state?.dates, timer.state.dates, "the timer's did not")
      // A relaunch: the order's countdown is gone; the timers' follower, made first, leaves the
      // order's activity to its own follower, which ends it.
      orders = nil
      timers = nil
      manager.cancel(id: 42)
      timers = try make(String.self, "timers")
      XCTAssertNil(center.activity(orderActivity)?.dismissal, "another namespace's activity is left alone")
      XCTAssertNil(center.activity(timerActivity)?.dismissal, "its own countdown still runs")
      orders = try make(Int.self, "orders")
      XCTAssertEqual(center.activity(orderActivity)?.dismissal, .immediately, "its own follower ends it")
      XCTAssertThrowsError(try make(Int.self, "a/b")) { XCTAssertEqual($0 as? CountdownAlertError, .invalidNamespace) }
      XCTAssertThrowsError(try make(Int.self, "")) { XCTAssertEqual($0 as? CountdownAlertError, .invalidNamespace) }
      _ = (orders, timers)
    }
  }
}
