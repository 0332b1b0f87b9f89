import CountdownAlerts
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

  @MainActor
  private final class Harness {
    let clock = ManualCountdownClock()
    let wall = DeviceClock()
    let clockChanges = NotificationCenter()
    let manager: CountdownManager
    let center = FakeActivityCenter<Shown>()
    var activities: CountdownLiveActivities<String, Shown>?

    init() throws {
      let wall = wall
      wall.follow(clock)
      manager = try CountdownManager(clock: clock, wallClock: { wall.now })
      activities = CountdownLiveActivities(
        String.self, manager: manager, center: center, clockChanges: clockChanges, isFollowed: { $0 != "quiet" }
      ) { id, dates in Shown(dates: dates, title: id) }
    }

    /// The activity of `id`, started by the app with the package's content.
    func startActivity(_ id: String) throws -> Int {
      let content = try XCTUnwrap(activities?.content(for: id))
      return center.start(countdownID: id, state: content.state, staleDate: content.staleDate)
    }

    /// Fails unless the activity shows `id`'s dates now, stale from its end (never if paused).
    func assertInStep(_ activity: Int, _ id: String, file: StaticString = #filePath, line: UInt = #line) {
      let held = center.activities[activity]
      let dates = manager.timerDates(id: id)
      XCTAssertEqual(held.state, dates.map { Shown(dates: $0, title: id) }, file: file, line: line)
      XCTAssertEqual(held.staleDate, dates?.endDate, file: file, line: line)
      XCTAssertNil(held.dismissal, file: file, line: line)
    }

    func advance(by seconds: Int) throws {
      try clock.advance(by: .seconds(seconds))
      let drained = LockedState(false)
      DispatchQueue.main.async { drained.withLock { $0 = true } }
      while !drained.withLock({ $0 }) { _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.01)) }
    }
  }

  func testEveryChangeThatMovesTheDatesUpdatesAndNothingElse() throws {
    try MainActor.assumeIsolated {
      let h = try Harness()
      defer { h.manager.cancelAll() }
      try h.manager.start(id: "pizza", for: .seconds(720)) { _, _, _ in }
      let activity = try h.startActivity("pizza")
      h.assertInStep(activity, "pizza")
      try h.advance(by: 60)
      XCTAssertEqual(h.center.calls.count, 1, "time passing moves no date: \(h.center.calls)")
      h.manager.pause(id: "pizza")
      h.assertInStep(activity, "pizza")
      XCTAssertNil(h.center.activities[activity].staleDate, "a paused countdown is never stale")
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
      XCTAssertEqual(h.center.calls.count, 6, "start, pause, add, resume, add, replace: \(h.center.calls.count)")
    }
  }

  func testAChangeOfTheDeviceClockMovesTheDatesToTheSameInstant() throws {
    try MainActor.assumeIsolated {
      let h = try Harness()
      defer { h.manager.cancelAll() }
      try h.manager.start(id: "tea", for: .seconds(180)) { _, _, _ in }
      try h.manager.start(id: "egg", for: .seconds(300)) { _, _, _ in }
      h.manager.pause(id: "egg")
      let tea = try h.startActivity("tea")
      let egg = try h.startActivity("egg")
      h.wall.jump(by: 3_600)
      h.clockChanges.post(name: CountdownAlerts<String>.systemClockDidChange, object: nil)
      h.assertInStep(tea, "tea")
      h.assertInStep(egg, "egg")
      XCTAssertEqual(h.center.activities[tea].staleDate, h.wall.now + 180, "the same instant, on the changed clock")
    }
  }

  func testASuspensionFreezesThePausingOnes() throws {
    try MainActor.assumeIsolated {
      let h = try Harness()
      defer { h.manager.cancelAll() }
      try h.manager.start(id: "oven", for: .seconds(600), whileSuspended: .pauses) { _, _, _ in }
      let activity = try h.startActivity("oven")
      h.manager.suspendTicking()
      h.assertInStep(activity, "oven")
      XCTAssertTrue(h.center.activities[activity].state?.dates.isFrozen == true)
      try h.advance(by: 60)
      h.manager.resumeTicking()
      h.assertInStep(activity, "oven")
    }
  }

  func testTheEndEndsItShownAndACancelTakesItOff() throws {
    try MainActor.assumeIsolated {
      let h = try Harness()
      defer { h.manager.cancelAll() }
      try h.manager.start(id: "egg", for: .seconds(300)) { _, _, _ in }
      try h.manager.start(id: "tea", for: .seconds(180)) { _, _, _ in }
      try h.manager.start(id: "quiet", for: .seconds(180)) { _, _, _ in }
      let egg = try h.startActivity("egg")
      let tea = try h.startActivity("tea")
      let end = try XCTUnwrap(h.manager.endDate(id: "tea"))
      try h.advance(by: 180)
      XCTAssertEqual(h.center.activities[tea].dismissal, .afterEnd)
      XCTAssertEqual(h.center.activities[tea].staleDate, end, "stale from the end")
      XCTAssertNil(h.center.activities[egg].dismissal)
      h.manager.cancel(id: "egg")
      XCTAssertEqual(h.center.activities[egg].dismissal, .immediately)
      XCTAssertFalse(h.center.calls.contains { if case .update(countdownID: "quiet", _, _) = $0 { true } else { false } }, "not followed")
      XCTAssertEqual(h.center.calls.filter { if case .end = $0 { true } else { false } }.count, 2)
    }
  }

  func testCancelAllEndsEveryOneAndAReleasedFollowerStops() throws {
    try MainActor.assumeIsolated {
      let h = try Harness()
      try h.manager.start(id: "a", for: .seconds(60)) { _, _, _ in }
      try h.manager.start(id: "b", for: .seconds(90)) { _, _, _ in }
      let a = try h.startActivity("a")
      let b = try h.startActivity("b")
      h.manager.cancelAll()
      XCTAssertEqual([h.center.activities[a].dismissal, h.center.activities[b].dismissal], [.immediately, .immediately])
      h.activities = nil
      h.center.clearCalls()
      try h.manager.start(id: "a", for: .seconds(60)) { _, _, _ in }
      XCTAssertEqual(h.center.calls, [], "released: nothing follows")
      h.manager.cancelAll()
    }
  }
}
