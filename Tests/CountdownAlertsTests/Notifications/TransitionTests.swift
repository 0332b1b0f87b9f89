import CountdownAlerts
import CountdownAlertsTesting
import CountdownKit
import CountdownTestSupport
import Foundation
import XCTest

/// Every change of a followed countdown, on the manual clock and the fake center: after it, the
/// pending set is exactly the desired one (identifier, instant, content), and no call named a
/// request that is not the alerts' own.
final class TransitionTests: XCTestCase {
  func testStartAndReplace() throws {
    try withNotifications { h in
      try h.manager.start(id: "tea", for: .seconds(180)) { _, _, _ in }
      h.assertPending(["tea"], "start")
      try h.advance(by: 20)
      try h.manager.start(id: "tea", for: .seconds(60)) { _, _, _ in }
      h.assertPending(["tea"], "replaced")
      XCTAssertEqual(
        h.center.calls.filter { if case .add = $0 { true } else { false } }.count, 2,
        "a replace is one add")
    }
  }

  func testPauseRemovesAndResumeAddsTheNewEnd() throws {
    try withNotifications { h in
      try h.manager.start(id: "tea", for: .seconds(180)) { _, _, _ in }
      h.center.drain()
      h.manager.pause(id: "tea")
      // The removal is asynchronous: until the center gets to it, the request is still pending.
      XCTAssertEqual(h.ownPending.count, 1, "not yet removed")
      h.assertPending([], "paused")
      try h.advance(by: 100)
      h.manager.resume(id: "tea")
      h.assertPending(["tea"], "resumed: 180 s from now")
      XCTAssertEqual(h.ownPending.first?.fireDate, h.wall.now + 180)
    }
  }

  func testTimeAddedAndTakenMovesTheEnd() throws {
    try withNotifications { h in
      try h.manager.start(id: "lot", for: .seconds(60)) { _, _, _ in }
      try h.manager.addTime(.seconds(30), id: "lot")
      h.assertPending(["lot"], "extended")
      XCTAssertEqual(h.ownPending.first?.fireDate, h.wall.now + 90)
      try h.manager.addTime(.seconds(-45), id: "lot")
      h.assertPending(["lot"], "shortened")
      XCTAssertEqual(h.ownPending.first?.fireDate, h.wall.now + 45)
      // Paused, time added keeps nothing pending.
      h.manager.pause(id: "lot")
      try h.manager.addTime(.seconds(30), id: "lot")
      h.assertPending([], "paused and extended")
    }
  }

  func testCancelAndCancelAll() throws {
    try withNotifications { h in
      for (id, seconds) in [("a", 10), ("b", 20), ("c", 30)] {
        try h.manager.start(id: id, for: .seconds(seconds)) { _, _, _ in }
      }
      h.assertPending(["a", "b", "c"])
      h.manager.cancel(id: "b")
      h.assertPending(["a", "c"], "cancelled")
      h.center.clearCalls()
      h.manager.cancelAll()
      h.assertPending([], "all cancelled")
      XCTAssertEqual(h.center.calls.count, 1, "one removal for all: \(h.center.calls)")
    }
  }

  func testTheEndFiresAndCostsNoCall() throws {
    try withNotifications { h in
      try h.manager.start(id: "egg", for: .seconds(5)) { _, _, _ in }
      h.center.drain()
      h.center.clearCalls()
      try h.advance(by: 5)
      XCTAssertFalse(h.manager.contains(id: "egg"))
      h.assertPending([], "ended")
      XCTAssertEqual(h.center.delivered.map(\.identifier), [h.alertsOrFail.identifier(for: "egg")])
      XCTAssertEqual(h.center.calls, [], "the trigger was met: nothing to remove")
    }
  }

  func testCalibratingMovesNothing() throws {
    try withNotifications { h in
      try h.manager.start(id: "sale", for: .seconds(600)) { _, _, _ in }
      h.center.drain()
      h.center.clearCalls()
      try h.manager.calibrate(serverNow: h.wall.now + 3_600)
      h.assertPending(["sale"], "calibrated")
      XCTAssertEqual(h.center.calls, [])
    }
  }

  func testASuspensionFreezesOnlyWhatPausesWhileSuspended() throws {
    try withNotifications { h in
      try h.manager.start(id: "oven", for: .seconds(600), whileSuspended: .pauses) { _, _, _ in }
      try h.manager.start(id: "bus", for: .seconds(300)) { _, _, _ in }
      h.assertPending(["oven", "bus"])
      h.manager.suspendTicking()
      h.assertPending(["bus"], "suspended: the oven is frozen")
      try h.advance(by: 60)
      h.manager.resumeTicking()
      h.assertPending(["oven", "bus"], "resumed: the oven's end moved by the minute it was frozen")
      XCTAssertEqual(h.manager.endDate(id: "oven"), h.wall.now + 600)
    }
  }

  func testAChangeOfTheDeviceClockKeepsTheInstant() throws {
    try withNotifications { h in
      try h.manager.start(id: "tea", for: .seconds(180)) { _, _, _ in }
      h.assertPending(["tea"])
      h.jumpWallClock(by: 3_600)
      h.assertPending(
        ["tea"], "re-added for the same instant, now an hour later on the changed clock")
      XCTAssertEqual(h.ownPending.first?.fireDate, h.wall.now + 180)
    }
  }

  func testARelaunchRestoresTheAlertsAndRemovesWhatNoCountdownHas() throws {
    try withNotifications { h in
      try h.manager.start(id: "a", for: .seconds(60)) { _, _, _ in }
      try h.manager.start(id: "b", for: .seconds(120)) { _, _, _ in }
      h.manager.pause(id: "b")
      // A request of a previous version's countdown that no snapshot has.
      h.center.schedule(
        identifier: "countdown-alerts/timers/end/gone", content: .init(title: "", body: ""),
        fireDate: h.wall.now + 50)
      h.center.drain()
      try h.advance(by: 10)
      try XCTAssertNil(h.relaunch())
      h.assertPending(["a"], "restored: a runs, b is paused, the orphan is gone")
      XCTAssertTrue(h.manager.isPaused(id: "b"))
      h.manager.resume(id: "b")
      h.assertPending(["a", "b"])
    }
  }

  func testADamagedSnapshotRestoresNothingAndLeavesNoStaleAlert() throws {
    try withNotifications { h in
      try h.manager.start(id: "a", for: .seconds(60)) { _, _, _ in }
      h.assertPending(["a"])
      let error = try h.relaunch(damaged: true)
      XCTAssertEqual(error as? CountdownSnapshotError, .unreadable)
      XCTAssertFalse(h.manager.contains(id: "a"))
      h.assertPending([], "no countdown, no alert")
    }
  }

  func testTheForegroundPresentationOnlyDecidesForItsOwnRequests() throws {
    try withNotifications { harness in
      let alerts = harness.alertsOrFail
      XCTAssertEqual(alerts.foregroundPresentation(forRequest: alerts.identifier(for: "tea")), [])
      XCTAssertNil(alerts.foregroundPresentation(forRequest: "app/reminder"))
      let heard = try CountdownNotifications(
        String.self, manager: harness.manager, center: harness.center, namespace: "loud",
        foregroundPresentation: [.sound]
      ) { id, _ in
        CountdownAlertContent(title: id, body: "")
      }
      XCTAssertEqual(heard.foregroundPresentation(forRequest: heard.identifier(for: "tea")), [.sound])
      XCTAssertNil(
        heard.foregroundPresentation(forRequest: alerts.identifier(for: "tea")), "another namespace's")
    }
  }
}
