import CountdownAlerts
import CountdownAlertsTesting
import CountdownKit
import CountdownTestSupport
import Foundation
import XCTest

/// The app's half of the pushes (`CountdownActivityPushes`), on the manual clock and the fake
/// activity center: a Pomodoro with an activity requested with push is handed over once per change
/// its server needs (its first token, a pause, a resume, a skip, time added, a token change, its
/// end or cancel), with the snapshot taken after the change and the latest token; never at a tick
/// nor at a phase end.
final class ActivityPushesTests: XCTestCase {
  /// A process of the app with activities that show the dates, and the updates handed over.
  @MainActor
  final class Rig {
    let h: AppHarness
    let center: FakeActivityCenter<CountdownTimerDates>
    let activities: CountdownLiveActivities<String, CountdownTimerDates>
    let handedOver = LockedState<[CountdownActivityPushUpdate<String>]>([])
    private(set) var pushes: CountdownActivityPushes<String>?

    init() throws {
      h = try AppHarness()
      let wall = h.wall
      center = FakeActivityCenter(now: { wall.now })
      activities = CountdownLiveActivities(
        String.self, manager: h.manager, center: center, clockChanges: h.clockChanges, content: { _, dates in dates })
      pushes = CountdownActivityPushes(following: activities) { [handedOver] update in
        handedOver.withLock { $0.append(update) }
      }
    }

    /// Every update handed over so far.
    var updates: [CountdownActivityPushUpdate<String>] { handedOver.withLock { $0 } }

    /// Stops handing over.
    func release() { pushes = nil }

    /// Starts the Pomodoro and its activity, requested with push, whose first token comes.
    func startWithToken(_ token: Data = Data([0x0a, 0xff, 0x01])) throws -> String {
      try h.manager.start(id: "pomodoro", plan: ActivityPushesTests.pomodoro()) { _, _, _ in }
      let activity = center.start(countdownID: "pomodoro", state: nil, staleDate: nil, requestsPushToken: true)
      XCTAssertTrue(center.issuePushToken(token, activityID: activity))
      return activity
    }
  }

  /// Focus 60 s, break 30 s, four times: eight phases, 360 s.
  static func pomodoro() throws -> CountdownPlan {
    try CountdownPlan(blocks: [
      CountdownPlan.Block(
        [CountdownPhase("Focus", .seconds(60)), CountdownPhase("Break", .seconds(30), purpose: .recovery)],
        repeated: .times(4))
    ])
  }

  /// The one phase entry of `update`'s snapshot, decoded from the JSON the app posts.
  static func entry(
    _ update: CountdownActivityPushUpdate<String>?, file: StaticString = #filePath, line: UInt = #line
  ) throws -> CountdownSnapshot<String>.PhaseEntry {
    let data = try XCTUnwrap(try update?.encodedSnapshot(), "no snapshot", file: file, line: line)
    let snapshot = try CountdownSnapshot<String>(decoding: data)
    XCTAssertEqual(snapshot.entries.count, 0, file: file, line: line)
    XCTAssertEqual(snapshot.phaseEntries.count, 1, file: file, line: line)
    return try XCTUnwrap(snapshot.phaseEntries.first, file: file, line: line)
  }

  func testTheFirstTokenHandsTheStartedPlanOver() throws {
    try MainActor.assumeIsolated {
      let rig = try Rig()
      try rig.h.manager.start(id: "pomodoro", plan: Self.pomodoro()) { _, _, _ in }
      let start = rig.h.wall.now
      let activity = rig.center.start(countdownID: "pomodoro", state: nil, staleDate: nil, requestsPushToken: true)
      XCTAssertEqual(rig.updates.count, 0, "no token yet: nothing to post")
      XCTAssertTrue(rig.center.issuePushToken(Data([0x0a, 0xff, 0x01]), activityID: activity))
      XCTAssertEqual(rig.updates.count, 1)
      let update = rig.updates.last
      XCTAssertEqual(update?.id, "pomodoro")
      XCTAssertEqual(update?.change, .follow)
      XCTAssertEqual(update?.pushToken, "0aff01")
      let entry = try Self.entry(update)
      XCTAssertEqual(entry.ordinal, 0)
      XCTAssertFalse(entry.isPaused)
      XCTAssertEqual(try XCTUnwrap(entry.date).timeIntervalSince(start), 60, accuracy: 1e-3)
    }
  }

  func testAPlanStartedAfterTheTokenIsHandedOverAtItsStart() throws {
    try MainActor.assumeIsolated {
      let rig = try Rig()
      let activity = rig.center.start(countdownID: "pomodoro", state: nil, staleDate: nil, requestsPushToken: true)
      rig.center.issuePushToken(Data([0x01]), activityID: activity)
      XCTAssertEqual(rig.updates.count, 0, "no countdown in phases yet")
      try rig.h.manager.start(id: "pomodoro", plan: Self.pomodoro()) { _, _, _ in }
      XCTAssertEqual(rig.updates.map(\.change), [.follow])
      XCTAssertEqual(try Self.entry(rig.updates.last).ordinal, 0)
    }
  }

  func testTicksAndPhaseEndsHandNothingOver() throws {
    try MainActor.assumeIsolated {
      let rig = try Rig()
      _ = try rig.startWithToken()
      for _ in 0..<59 { try rig.h.advance(by: 1) }
      try rig.h.advance(by: 1)  // the first focus ends
      try rig.h.advance(by: 45)  // the break ends, 15 s into the second focus
      XCTAssertEqual(rig.manager.phasePosition(id: "pomodoro")?.ordinal, 2)
      XCTAssertEqual(rig.updates.count, 1, "the pushes laid out at the start stand for the phases that follow")
    }
  }

  func testPauseResumeSkipAndTimeAddedAreEachHandedOverOnce() throws {
    try MainActor.assumeIsolated {
      let rig = try Rig()
      _ = try rig.startWithToken()
      try rig.h.advance(by: 20)
      XCTAssertTrue(rig.manager.pause(id: "pomodoro"))
      XCTAssertEqual(rig.updates.count, 2)
      var entry = try Self.entry(rig.updates.last)
      XCTAssertEqual(rig.updates.last?.change, .follow)
      XCTAssertTrue(entry.isPaused)
      XCTAssertEqual(entry.ordinal, 0)
      XCTAssertEqual(entry.time, .seconds(40))
      try rig.h.advance(by: 10)
      XCTAssertEqual(rig.updates.count, 2, "paused: nothing moves")

      XCTAssertTrue(rig.manager.resume(id: "pomodoro"))
      XCTAssertEqual(rig.updates.count, 3)
      entry = try Self.entry(rig.updates.last)
      XCTAssertFalse(entry.isPaused)
      XCTAssertEqual(try XCTUnwrap(entry.date).timeIntervalSince(rig.h.wall.now), 40, accuracy: 1e-3)

      XCTAssertTrue(rig.manager.skipPhase(id: "pomodoro"))
      XCTAssertEqual(rig.updates.count, 4)
      entry = try Self.entry(rig.updates.last)
      XCTAssertEqual(entry.ordinal, 1, "the break")
      XCTAssertEqual(try XCTUnwrap(entry.date).timeIntervalSince(rig.h.wall.now), 30, accuracy: 1e-3)

      XCTAssertTrue(try rig.manager.addTime(.seconds(15), id: "pomodoro"))
      XCTAssertEqual(rig.updates.count, 5)
      entry = try Self.entry(rig.updates.last)
      XCTAssertEqual(entry.ordinal, 1)
      XCTAssertEqual(try XCTUnwrap(entry.date).timeIntervalSince(rig.h.wall.now), 45, accuracy: 1e-3)

      XCTAssertTrue(try rig.manager.addTime(.seconds(-5), id: "pomodoro"))
      XCTAssertEqual(rig.updates.count, 6, "time taken")
      XCTAssertEqual(
        try XCTUnwrap(try Self.entry(rig.updates.last).date).timeIntervalSince(rig.h.wall.now), 40, accuracy: 1e-3)
      XCTAssertEqual(Set(rig.updates.map(\.change)), [.follow])
      XCTAssertEqual(Set(rig.updates.map(\.pushToken)), ["0aff01"])
    }
  }

  func testRestartGoingBackAndSeekingAreHandedOver() throws {
    try MainActor.assumeIsolated {
      let rig = try Rig()
      _ = try rig.startWithToken()
      try rig.h.advance(by: 70)  // 10 s into the first break
      XCTAssertTrue(rig.manager.restartPhase(id: "pomodoro"))
      XCTAssertEqual(rig.updates.count, 2)
      XCTAssertEqual(try Self.entry(rig.updates.last).ordinal, 1)
      XCTAssertTrue(rig.manager.goToPreviousPhase(id: "pomodoro"))
      XCTAssertEqual(rig.updates.count, 3)
      XCTAssertEqual(try Self.entry(rig.updates.last).ordinal, 0)
      XCTAssertTrue(try rig.manager.seekPhase(id: "pomodoro", to: 4))
      XCTAssertEqual(rig.updates.count, 4)
      XCTAssertEqual(try Self.entry(rig.updates.last).ordinal, 4)
    }
  }

  func testANewTokenIsHandedOverAloneWithTheCurrentSnapshot() throws {
    try MainActor.assumeIsolated {
      let rig = try Rig()
      let activity = try rig.startWithToken()
      try rig.h.advance(by: 70)
      XCTAssertTrue(rig.center.issuePushToken(Data([0xbe, 0xef]), activityID: activity))
      XCTAssertEqual(rig.updates.count, 2)
      XCTAssertEqual(rig.updates.last?.change, .token)
      XCTAssertEqual(rig.updates.last?.pushToken, "beef")
      XCTAssertEqual(try Self.entry(rig.updates.last).ordinal, 1, "the snapshot now")
      XCTAssertTrue(rig.center.issuePushToken(Data([0xbe, 0xef]), activityID: activity))
      XCTAssertEqual(rig.updates.count, 2, "the same token again: nothing changed")
      XCTAssertTrue(rig.manager.pause(id: "pomodoro"))
      XCTAssertEqual(rig.updates.last?.pushToken, "beef", "the latest token")
    }
  }

  func testThePlansEndTellsTheServerToStop() throws {
    try MainActor.assumeIsolated {
      let rig = try Rig()
      _ = try rig.startWithToken()
      try rig.h.advance(by: 360)
      XCTAssertNil(rig.manager.phasePosition(id: "pomodoro"))
      XCTAssertEqual(rig.updates.map(\.change), [.follow, .stop])
      XCTAssertNil(rig.updates.last?.snapshot)
      XCTAssertEqual(rig.updates.last?.pushToken, "0aff01")
      try rig.h.advance(by: 60)
      XCTAssertEqual(rig.updates.count, 2, "once")
    }
  }

  func testACancelTellsTheServerToStop() throws {
    try MainActor.assumeIsolated {
      let rig = try Rig()
      _ = try rig.startWithToken()
      try rig.h.advance(by: 5)
      XCTAssertTrue(rig.manager.cancel(id: "pomodoro"))
      XCTAssertEqual(rig.updates.map(\.change), [.follow, .stop])
      XCTAssertEqual(rig.updates.last?.id, "pomodoro")
    }
  }

  func testAnActivityEndedByThePersonTellsTheServerToStop() throws {
    try MainActor.assumeIsolated {
      let rig = try Rig()
      let activity = try rig.startWithToken()
      XCTAssertTrue(rig.center.endBySystem(activityID: activity))
      XCTAssertEqual(rig.updates.map(\.change), [.follow, .stop])
      XCTAssertTrue(rig.manager.pause(id: "pomodoro"))
      XCTAssertEqual(rig.updates.count, 2, "no activity, no token: nothing to post")
      XCTAssertFalse(rig.center.issuePushToken(Data([1]), activityID: activity), "an ended activity gets no token")
      // A new activity, with push: its token hands the plan over again.
      let next = rig.center.start(countdownID: "pomodoro", state: nil, staleDate: nil, requestsPushToken: true)
      XCTAssertTrue(rig.center.issuePushToken(Data([2]), activityID: next))
      XCTAssertEqual(rig.updates.map(\.change), [.follow, .stop, .follow])
      XCTAssertEqual(rig.updates.last?.pushToken, "02")
      XCTAssertTrue(try Self.entry(rig.updates.last).isPaused)
    }
  }

  func testAnActivityWithoutPushAndASingleCountdownAreNeverHandedOver() throws {
    try MainActor.assumeIsolated {
      let rig = try Rig()
      try rig.h.manager.start(id: "pomodoro", plan: Self.pomodoro()) { _, _, _ in }
      let activity = rig.center.start(countdownID: "pomodoro", state: nil, staleDate: nil)
      XCTAssertFalse(rig.center.issuePushToken(Data([1]), activityID: activity), "started without push")
      try rig.h.manager.start(id: "tea", for: .seconds(180)) { _, _, _ in }
      let tea = rig.center.start(countdownID: "tea", state: nil, staleDate: nil, requestsPushToken: true)
      XCTAssertTrue(rig.center.issuePushToken(Data([2]), activityID: tea))
      XCTAssertTrue(rig.manager.pause(id: "pomodoro"))
      XCTAssertTrue(rig.manager.pause(id: "tea"))
      XCTAssertEqual(rig.updates.count, 0)
    }
  }

  func testAReleasedObjectHandsNothingOver() throws {
    try MainActor.assumeIsolated {
      let rig = try Rig()
      _ = try rig.startWithToken()
      rig.release()
      XCTAssertTrue(rig.manager.pause(id: "pomodoro"))
      XCTAssertEqual(rig.updates.count, 1)
    }
  }
}

extension ActivityPushesTests.Rig {
  var manager: CountdownManager { h.manager }
}
