import CountdownCore
import CountdownKit
import Foundation
import XCTest

/// A scheduler following the app's snapshots on a manual clock, with a gateway that answers as
/// APNs does: each step goes out at its date with its window, a new snapshot replaces the steps,
/// the gateway's answers decide what comes next.
final class CountdownPushSchedulerTests: XCTestCase {
  /// The engine's end comes within its end tolerance after the date: 50 ms for a 1 s interval.
  static let tolerance = 0.05

  /// The calls' send instants, in seconds from the rig's origin, each checked to come at most
  /// `tolerance` after the push's send date and never before it.
  func assertOnTime(_ calls: [FakeGateway.Call], file: StaticString = #filePath, line: UInt = #line) {
    for call in calls {
      XCTAssertGreaterThanOrEqual(call.at, call.push.sendDate - 0.001, "sent early", file: file, line: line)
    }
  }

  func testEachStepGoesOutAtItsDateInOrderWithItsWindowThenTheEndStopsTheFollowing() async throws {
    let rig = try PushRig()
    let store = MemoryPushStore()
    let scheduler = try rig.scheduler(store: store)
    let snapshot = try rig.snapshot()
    let expected = snapshot.pushSchedule(id: "workout", lookAhead: 1, from: rig.wallClock(), limit: 10)
    XCTAssertEqual(expected.map { $0.sendDate - PushRig.origin }, [0, 30, 60])
    try await scheduler.follow(snapshot, id: "workout", token: "t1")
    await scheduler.settled()
    XCTAssertEqual(rig.gateway.delivered.map(\.push), Array(expected.prefix(1)), "the first push goes out at once")
    XCTAssertEqual(store["workout"]?.sentCount, 1)
    try rig.advance(to: 29.9)
    await scheduler.settled()
    XCTAssertEqual(rig.gateway.calls.count, 1, "nothing before the second step's date")
    try rig.advance(to: 30 + Self.tolerance)
    await scheduler.settled()
    XCTAssertEqual(rig.gateway.delivered.map(\.push), Array(expected.prefix(2)))
    try rig.advance(to: 60 + Self.tolerance)
    await scheduler.settled()
    let delivered = rig.gateway.delivered
    XCTAssertEqual(delivered.map(\.push), expected, "each step once, in order, with its window and event")
    XCTAssertEqual(delivered.map(\.push.event), [.update, .update, .end(dismissalDate: PushRig.origin + 60)])
    XCTAssertEqual(delivered.map(\.token), ["t1", "t1", "t1"])
    for call in delivered {
      XCTAssertGreaterThanOrEqual(call.at, call.push.sendDate - 0.001)
      XCTAssertLessThanOrEqual(call.at, call.push.sendDate + Self.tolerance)
    }
    XCTAssertEqual(scheduler.followedIDs, [], "the end stops the following")
    XCTAssertNil(store["workout"])
    XCTAssertEqual(rig.reports.all.map(\.kind), [.ended])
    try rig.advance(to: 600)
    await scheduler.settled()
    XCTAssertEqual(rig.gateway.calls.count, 3)
  }

  func testANewSnapshotReplacesTheStepsNotSentYet() async throws {
    let rig = try PushRig()
    let store = MemoryPushStore()
    let scheduler = try rig.scheduler(store: store)
    try await scheduler.follow(try rig.snapshot(), id: "workout", token: "t1")
    await scheduler.settled()
    try rig.advance(to: 5)
    // Time added: the first phase now ends 40 s from here (45 s from the origin).
    let later = try rig.snapshot(firstEnd: 40)
    let expected = later.pushSchedule(id: "workout", lookAhead: 1, from: rig.wallClock(), limit: 10)
    XCTAssertEqual(expected.map { $0.sendDate - PushRig.origin }, [5, 55, 85])
    try await scheduler.follow(later, id: "workout", token: "t1")
    await scheduler.settled()
    try rig.advance(to: 50)
    await scheduler.settled()
    XCTAssertEqual(rig.gateway.calls.count, 2, "the old schedule's step at 30 s is not sent")
    // One step a settle: the delivery queue reads the wall clock when it gets to the end, and
    // steps due by then go out as their last.
    for second in [56.0, 86] {
      try rig.advance(to: second)
      await scheduler.settled()
    }
    XCTAssertEqual(Array(rig.gateway.delivered.map(\.push).dropFirst()), expected)
    assertOnTime(rig.gateway.calls)
    // A pause: one push, standing still, then nothing until a new snapshot.
    try await scheduler.follow(try rig.snapshot(), id: "workout", token: "t1")
    var paused = try rig.snapshot()
    paused.phaseEntries[0].isPaused = true
    paused.phaseEntries[0].date = nil
    paused.phaseEntries[0].time = .seconds(12)
    try await scheduler.follow(paused, id: "workout", token: "t1")
    await scheduler.settled()
    let last = try XCTUnwrap(rig.gateway.delivered.last)
    XCTAssertNotNil(last.push.window.pausedAt)
    XCTAssertEqual(last.push.window.current.end - (try XCTUnwrap(last.push.window.pausedAt)), 12, accuracy: 1e-6)
    let count = rig.gateway.calls.count
    try rig.advance(to: 500)
    await scheduler.settled()
    XCTAssertEqual(rig.gateway.calls.count, count, "a paused sequence waits for the app")
    XCTAssertEqual(scheduler.followedIDs, ["workout"])
  }

  func testATokenGoneStopsTheFollowing() async throws {
    let rig = try PushRig()
    let store = MemoryPushStore()
    let scheduler = try rig.scheduler(store: store)
    try await scheduler.follow(try rig.snapshot(), id: "workout", token: "t1")
    await scheduler.settled()
    rig.gateway.forget("t1")
    try rig.advance(to: 31)
    await scheduler.settled()
    XCTAssertEqual(rig.gateway.calls.map(\.status), [200, 410])
    XCTAssertEqual(scheduler.followedIDs, [])
    XCTAssertNil(store["workout"])
    XCTAssertEqual(rig.reports.all.map(\.kind), [.tokenGone])
    XCTAssertEqual(rig.reports.all.first?.detail, "Unregistered")
    try rig.advance(to: 100)
    await scheduler.settled()
    XCTAssertEqual(rig.gateway.calls.count, 2)
  }

  func testANewTokenIsUsedForTheLaterSends() async throws {
    let rig = try PushRig()
    let store = MemoryPushStore()
    let scheduler = try rig.scheduler(store: store)
    try await scheduler.follow(try rig.snapshot(), id: "workout", token: "t1")
    await scheduler.settled()
    let updated = try await scheduler.updateToken("t2", id: "workout")
    let updatedOther = try await scheduler.updateToken("t3", id: "other")
    XCTAssertEqual([updated, updatedOther], [true, false])
    XCTAssertEqual(store["workout"]?.token, "t2")
    for second in [30.05, 60.05] {
      try rig.advance(to: second)
      await scheduler.settled()
    }
    XCTAssertEqual(rig.gateway.delivered.map(\.token), ["t1", "t2", "t2"])
    do {
      try await scheduler.updateToken("", id: "workout")
      XCTFail("an empty token was taken")
    } catch let error as CountdownPushSchedulerError {
      XCTAssertEqual(error.kind, .emptyToken)
    }
  }

  func testAStepSentWhileTheOldTokenWasGoneGoesAgainToTheNewOne() async throws {
    let rig = try PushRig()
    let scheduler = try rig.scheduler(store: MemoryPushStore())
    rig.gateway.hold()
    rig.gateway.forget("t1")
    try await scheduler.follow(try rig.snapshot(), id: "workout", token: "t1")
    await Self.waitFor { rig.gateway.calls.count == 1 }
    try await scheduler.updateToken("t2", id: "workout")
    rig.gateway.release()
    await scheduler.settled()
    XCTAssertEqual(rig.gateway.calls.map(\.token), ["t1", "t2"])
    XCTAssertEqual(rig.gateway.calls.map(\.status), [410, 200])
    XCTAssertEqual(scheduler.followedIDs, ["workout"])
    XCTAssertEqual(rig.reports.all, [])
  }

  func testRetryableFailuresBackOffExponentiallyUpToTheCapThenTheSchedulerGivesUp() async throws {
    let rig = try PushRig()
    let store = MemoryPushStore()
    let retry = CountdownPushRetryPolicy(firstDelay: .seconds(1), maximumDelay: .seconds(4), maximumAttempts: 5)
    XCTAssertEqual((1...6).map { retry.delay(afterFailures: $0) }, [1, 2, 4, 4, 4, 4].map { Duration.seconds($0) })
    let scheduler = try rig.scheduler(store: store, retry: retry)
    // Three failures, then the gateway takes it: sends at 0, 1, 3 and 7 s.
    rig.gateway.answer(503, 429, 500)
    try await scheduler.follow(try rig.snapshot(), id: "workout", token: "t1")
    await scheduler.settled()
    for second in stride(from: 0.5, through: 12, by: 0.5) {
      try rig.advance(to: second)
      await scheduler.settled()
    }
    XCTAssertEqual(rig.gateway.calls.map(\.status), [503, 429, 500, 200])
    let times = rig.gateway.calls.map { $0.at - PushRig.origin }
    for (time, expected) in zip(times, [0.0, 1, 3, 7]) {
      XCTAssertEqual(time, expected, accuracy: Self.tolerance)
      XCTAssertGreaterThanOrEqual(time, expected - 0.001)
    }
    XCTAssertEqual(rig.gateway.calls.map(\.push).uniqued().count, 1, "the same step each time")
    XCTAssertEqual(store["workout"]?.sentCount, 1)
    // Five failures in a row: 30, 31, 33, 37, 41 s, then the id is dropped and reported.
    rig.gateway.answer(503, 503, 503, 503, 503, 503)
    for second in stride(from: 29.0, through: 50, by: 0.5) {
      try rig.advance(to: second)
      await scheduler.settled()
    }
    let failed = rig.gateway.calls.dropFirst(4)
    XCTAssertEqual(failed.count, 5)
    for (call, expected) in zip(failed, [30.0, 31, 33, 37, 41]) {
      XCTAssertEqual(call.at - PushRig.origin, expected, accuracy: Self.tolerance)
    }
    XCTAssertEqual(rig.reports.all.map(\.kind), [.gaveUp])
    XCTAssertEqual(rig.reports.all.first?.detail, "ServiceUnavailable")
    XCTAssertEqual(scheduler.followedIDs, [])
    XCTAssertNil(store["workout"])
  }

  func testAStepDueWhileWaitingToRetryGoesOutInPlaceOfTheFailedOne() async throws {
    let rig = try PushRig()
    let scheduler = try rig.scheduler(
      store: MemoryPushStore(), retry: CountdownPushRetryPolicy(firstDelay: .seconds(45), maximumDelay: .seconds(45)))
    let snapshot = try rig.snapshot()
    let expected = snapshot.pushSchedule(id: "workout", lookAhead: 1, from: rig.wallClock(), limit: 10)
    rig.gateway.answer(503)
    try await scheduler.follow(snapshot, id: "workout", token: "t1")
    await scheduler.settled()
    try rig.advance(to: 30 + Self.tolerance)
    await scheduler.settled()
    XCTAssertEqual(rig.gateway.calls.map(\.push), Array(expected.prefix(2)))
    XCTAssertEqual(rig.gateway.calls.map(\.status), [503, 200])
    XCTAssertEqual(rig.gateway.calls.last.map { $0.at - PushRig.origin } ?? 0, 30, accuracy: Self.tolerance)
  }

  func testAPushRefusedForGoodStopsTheFollowing() async throws {
    let rig = try PushRig()
    let scheduler = try rig.scheduler(store: MemoryPushStore())
    rig.gateway.answer(413)
    try await scheduler.follow(try rig.snapshot(), id: "workout", token: "t1")
    await scheduler.settled()
    XCTAssertEqual(rig.reports.all.map(\.kind), [.rejected])
    XCTAssertEqual(rig.reports.all.first?.detail, "PayloadTooLarge")
    XCTAssertEqual(scheduler.followedIDs, [])
  }

  func testBadInputThrowsAndChangesNothing() async throws {
    let rig = try PushRig()
    let store = MemoryPushStore()
    let scheduler = try rig.scheduler(store: store)
    let snapshot = try rig.snapshot()
    let ended = try rig.snapshot(ordinal: 4)
    let cases: [(CountdownSnapshot<String>, String, String, Int, CountdownPushSchedulerError.Kind)] = [
      (snapshot, "other", "t1", 1, .noPhaseEntry),
      (snapshot, "workout", "t1", -1, .invalidLookAhead),
      (snapshot, "workout", "", 1, .emptyToken),
      (ended, "workout", "t1", 1, .nothingToSend),
    ]
    for (snapshot, id, token, lookAhead, kind) in cases {
      do {
        try await scheduler.follow(snapshot, id: id, token: token, lookAhead: lookAhead)
        XCTFail("\(kind) was not thrown")
      } catch let error as CountdownPushSchedulerError {
        XCTAssertEqual(error.kind, kind)
      }
    }
    await scheduler.settled()
    XCTAssertEqual(scheduler.followedIDs, [])
    XCTAssertEqual(try store.load().count, 0)
    XCTAssertEqual(rig.gateway.calls.count, 0)
    let stopped = try await scheduler.stop(id: "workout")
    XCTAssertFalse(stopped)
  }

  func testStopSendsNothingMoreAndForgetsTheID() async throws {
    let rig = try PushRig()
    let store = MemoryPushStore()
    let scheduler = try rig.scheduler(store: store)
    try await scheduler.follow(try rig.snapshot(), id: "workout", token: "t1")
    await scheduler.settled()
    let stopped = try await scheduler.stop(id: "workout")
    XCTAssertTrue(stopped)
    try rig.advance(to: 100)
    await scheduler.settled()
    XCTAssertEqual(rig.gateway.calls.count, 1)
    XCTAssertNil(store["workout"])
    XCTAssertEqual(rig.engine.count, 0, "its registration is gone")
  }

  func testFollowingAnIDAgainKeepsItsOneRegistrationAndStopEndsIt() async throws {
    let rig = try PushRig()
    let scheduler = try rig.scheduler(store: MemoryPushStore())
    try await scheduler.follow(try rig.snapshot(), id: "workout", token: "t1")
    await scheduler.settled()
    try rig.advance(to: 5)
    try await scheduler.follow(try rig.snapshot(firstEnd: 40), id: "workout", token: "t1")
    await scheduler.settled()
    XCTAssertEqual(rig.engine.count, 1, "one registration for the id, its old one replaced")
    let stopped = try await scheduler.stop(id: "workout")
    XCTAssertTrue(stopped)
    await scheduler.settled()
    XCTAssertEqual(rig.engine.count, 0, "its registration ends with the following")
  }

  func testALookAheadOfZeroPushesEachPhase() async throws {
    let rig = try PushRig()
    let scheduler = try rig.scheduler(store: MemoryPushStore())
    let snapshot = try rig.snapshot()
    let expected = snapshot.pushSchedule(id: "workout", lookAhead: 0, from: rig.wallClock(), limit: 10)
    XCTAssertEqual(expected.map { $0.sendDate - PushRig.origin }, [0, 20, 30, 50, 60])
    try await scheduler.follow(snapshot, id: "workout", token: "t1", lookAhead: 0)
    await scheduler.settled()
    for second in [20, 30, 50, 60.0] {
      try rig.advance(to: second + Self.tolerance)
      await scheduler.settled()
    }
    XCTAssertEqual(rig.gateway.delivered.map(\.push), expected, "a push at each phase's start, then the end")
    XCTAssertEqual(rig.gateway.delivered.map(\.push.window.phases.count), [1, 1, 1, 1, 1])
    XCTAssertEqual(scheduler.followedIDs, [])
  }

  func testASendRunningForAReplacedScheduleRecordsNothingInTheNewOne() async throws {
    let rig = try PushRig()
    let store = MemoryPushStore()
    let scheduler = try rig.scheduler(store: store)
    rig.gateway.hold()
    try await scheduler.follow(try rig.snapshot(), id: "workout", token: "t1")
    await Self.waitFor { rig.gateway.calls.count == 1 }
    // Time added while the first push is on its way: a new schedule, whose first push is due now.
    try rig.advance(to: 5)
    let later = try rig.snapshot(firstEnd: 40)
    let expected = later.pushSchedule(id: "workout", lookAhead: 1, from: rig.wallClock(), limit: 10)
    try await scheduler.follow(later, id: "workout", token: "t1")
    rig.gateway.release()
    await scheduler.settled()
    XCTAssertEqual(rig.gateway.calls.count, 2, "the new schedule's first push goes out after the old one's")
    XCTAssertEqual(rig.gateway.calls.last?.push, expected.first)
    XCTAssertEqual(store["workout"]?.sentCount, 1, "the new schedule's first step, sent")
  }

  func testAWallClockSetBackIsWaitedForBeforeAStepGoesOut() async throws {
    let rig = try PushRig()
    let behind = LockedState(0.0)
    let wallClock: @Sendable () -> Date = { rig.wallClock() - behind.withLock { $0 } }
    let scheduler = try CountdownPushScheduler(
      engine: rig.engine, sender: rig.gateway, store: MemoryPushStore(), wallClock: wallClock,
      onReport: rig.reports.append)
    try await scheduler.follow(try rig.snapshot(), id: "workout", token: "t1")
    await scheduler.settled()
    // The wall clock is set back 5 s: when the engine's end for the step at 30 s comes, the wall
    // clock says 25 s.
    behind.withLock { $0 = 5 }
    try rig.advance(to: 30 + Self.tolerance)
    // Twice: the end that finds nothing due arms again from the delivery queue, after a first
    // settle has drained it.
    await scheduler.settled()
    await scheduler.settled()
    XCTAssertEqual(rig.gateway.calls.count, 1, "not before its date on the wall clock")
    try rig.advance(to: 35 + Self.tolerance)
    await scheduler.settled()
    await scheduler.settled()
    XCTAssertEqual(rig.gateway.calls.count, 2, "at its date on the wall clock")
  }

  func testARetryDelayOfAFractionOfASecondIsKept() async throws {
    let rig = try PushRig()
    let retry = CountdownPushRetryPolicy(firstDelay: .milliseconds(1_500), maximumDelay: .seconds(10))
    let scheduler = try rig.scheduler(store: MemoryPushStore(), retry: retry)
    rig.gateway.answer(503)
    try await scheduler.follow(try rig.snapshot(), id: "workout", token: "t1")
    await scheduler.settled()
    for second in stride(from: 0.25, through: 3, by: 0.25) {
      try rig.advance(to: second)
      await scheduler.settled()
    }
    XCTAssertEqual(rig.gateway.calls.map(\.status), [503, 200])
    let times = rig.gateway.calls.map { $0.at - PushRig.origin }
    XCTAssertEqual(times.last ?? 0, 1.5, accuracy: Self.tolerance, "sent again 1.5 s after the failure")
  }

  func testOneThousandIDsShareTheEnginesOneTimer() async throws {
    let rig = try PushRig()
    let scheduler = try rig.scheduler(store: MemoryPushStore())
    let ids = (0..<1_000).map { "id\($0)" }
    for (index, id) in ids.enumerated() {
      try await scheduler.follow(try rig.snapshot(id, firstEnd: 20 + Double(index % 10)), id: id, token: "t-\(id)")
    }
    await scheduler.settled()
    XCTAssertEqual(rig.gateway.calls.count, 1_000)
    XCTAssertEqual(rig.engine.count, 1_000, "one registration per id")
    XCTAssertEqual(rig.clock.liveTimerCount, 1, "one timer for all")
    try rig.advance(to: 45)
    await scheduler.settled()
    XCTAssertEqual(rig.gateway.delivered.count, 2_000)
    let byID = Dictionary(grouping: rig.gateway.delivered, by: \.id)
    for (index, id) in ids.enumerated() {
      let sent = try XCTUnwrap(byID[id])
      XCTAssertEqual(sent.map { $0.push.sendDate - PushRig.origin }, [0, 30 + Double(index % 10)], id)
      XCTAssertEqual(Set(sent.map(\.token)), ["t-\(id)"])
    }
    assertOnTime(rig.gateway.calls)
  }

  func testTheOutcomeOfAnAPNsAnswer() {
    let cases: [(Int, String?, String)] = [
      (200, nil, "sent"), (410, "Unregistered", "tokenGone (Unregistered)"),
      (400, "BadDeviceToken", "tokenGone (BadDeviceToken)"), (429, "TooManyRequests", "retryable (TooManyRequests)"),
      (500, nil, "retryable (HTTP 500)"), (503, "ServiceUnavailable", "retryable (ServiceUnavailable)"),
      (413, "PayloadTooLarge", "rejected (PayloadTooLarge)"),
      (403, "InvalidProviderToken", "rejected (InvalidProviderToken)"),
      (400, "BadPriority", "rejected (BadPriority)"),
    ]
    for (status, reason, description) in cases {
      XCTAssertEqual(CountdownPushOutcome(apnsStatus: status, reason: reason).description, description)
    }
  }

  /// Waits, on real time, until `condition` holds (a send begun on another task).
  static func waitFor(_ condition: @Sendable () -> Bool) async {
    for _ in 0..<5_000 where !condition() {
      try? await Task.sleep(nanoseconds: 1_000_000)
    }
  }
}

extension Array where Element: Hashable {
  fileprivate func uniqued() -> Set<Element> { Set(self) }
}
