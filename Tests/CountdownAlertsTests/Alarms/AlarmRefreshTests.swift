import CountdownAlerts
import CountdownAlertsTesting
import CountdownKit
import CountdownTestSupport
import Foundation
import XCTest

/// `refresh(_:)` and `refreshAll()` of the alarms, as the notifications have them: `isFollowed`
/// asked again (an id muted has its alarm cancelled at once), and the app's options asked again
/// (an alarm whose sound changed is scheduled again, for the same end).
final class AlarmRefreshTests: XCTestCase {
  /// An app whose alarms follow what `muted` and `sounds` say, on a manual clock.
  @MainActor
  private final class App {
    let clock = ManualCountdownClock()
    let manager: CountdownManager
    let center: FakeAlarmCenter
    let muted = LockedState<Set<String>>([])
    let sounds = LockedState<[String: String]>([:])
    var alarms: CountdownAlarms<String>!

    init() throws {
      let start = Date()
      let wall: @Sendable () -> Date = { [clock] in start + Double(clock.now.nanosecondsSinceOrigin) / 1e9 }
      manager = try CountdownManager(clock: clock, wallClock: wall)
      center = FakeAlarmCenter(now: wall)
      center.answersListingsAtOnce = true
      let (muted, sounds) = (muted, sounds)
      alarms = try CountdownAlarms(
        String.self, manager: manager, center: center, isFollowed: { id in !muted.withLock { $0.contains(id) } },
        options: { id, _ in CountdownAlarmOptions(soundName: sounds.withLock { $0[id] }) })
    }

    func alarm(of id: String) -> FakeAlarmCenter.HeldAlarm? {
      center.alarms.first { $0.id == alarms.alarmID(for: id) }
    }
  }

  func testAMutedIDsAlarmIsCancelledAtOnce() throws {
    try MainActor.assumeIsolated {
      let app = try App()
      try app.manager.start(id: "oven", for: .seconds(1_200)) { _, _, _ in }
      XCTAssertEqual(app.alarm(of: "oven")?.state, .countdown)
      app.muted.withLock { _ = $0.insert("oven") }
      app.center.clearCalls()
      app.alarms.refresh("oven")
      XCTAssertNil(app.alarm(of: "oven"), "muted: its alarm goes now, not at the countdown's next change")
      XCTAssertEqual(app.center.calls, [.cancel(app.alarms.alarmID(for: "oven"))])
      XCTAssertTrue(app.manager.contains(id: "oven"), "the countdown is untouched")
      app.muted.withLock { $0 = [] }
      app.alarms.refresh("oven")
      XCTAssertEqual(app.alarm(of: "oven")?.fireDate, app.manager.endDate(id: "oven"), "followed again")
      app.manager.cancelAll()
    }
  }

  func testAChangedSoundIsScheduledAgainForTheSameEnd() throws {
    try MainActor.assumeIsolated {
      let app = try App()
      try app.manager.start(id: "oven", for: .seconds(1_200)) { _, _, _ in }
      try app.manager.start(id: "bread", for: .seconds(600)) { _, _, _ in }
      app.manager.pause(id: "bread")
      try app.clock.advance(by: .seconds(100))
      app.sounds.withLock { $0 = ["oven": "bell.caf", "bread": "chime.caf"] }
      app.alarms.refresh("oven")
      XCTAssertEqual(app.alarm(of: "oven")?.soundName, "bell.caf", "the options are asked again")
      XCTAssertEqual(app.alarm(of: "oven")?.fireDate, app.manager.endDate(id: "oven"), "its end did not move")
      XCTAssertEqual(app.alarm(of: "bread")?.soundName, nil, "only the id refreshed")
      app.center.clearCalls()
      app.alarms.refreshAll()
      let bread = app.alarm(of: "bread")
      XCTAssertEqual(bread?.soundName, "chime.caf")
      XCTAssertEqual(bread?.state, .paused, "paused again at once")
      XCTAssertEqual(bread?.remaining ?? 0, 600, accuracy: 1e-6, "with the countdown's time left")
      XCTAssertEqual(app.alarm(of: "oven")?.fireDate, app.manager.endDate(id: "oven"))
      app.manager.cancelAll()
    }
  }

  func testARefreshOfAnIDWithoutAnAlarmCostsNoCall() throws {
    try MainActor.assumeIsolated {
      let app = try App()
      app.muted.withLock { _ = $0.insert("quiet") }
      try app.manager.start(id: "quiet", for: .seconds(60)) { _, _, _ in }
      app.center.clearCalls()
      app.alarms.refresh("quiet")
      app.alarms.refresh("none")
      XCTAssertEqual(app.center.calls, [], "never followed, or no countdown: nothing to call")
      app.manager.cancelAll()
    }
  }
}
