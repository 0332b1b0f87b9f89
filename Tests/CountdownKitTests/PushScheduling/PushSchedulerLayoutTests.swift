import CountdownCore
import CountdownKit
import Foundation
import XCTest

/// A scheduler lays out an id's steps one at a time, as each is needed: the steps it sends are the
/// schedule's, each at its date, however long the plan runs, across a restart too, and it keeps
/// none between its sends (two at most while it looks at a step due).
final class PushSchedulerLayoutTests: XCTestCase {
  /// Work 20 s, rest 10 s, forever: a step every 30 s at a look-ahead of 1.
  static func runsOn() throws -> CountdownPlan {
    try CountdownPlan(blocks: [
      CountdownPlan.Block(
        [CountdownPhase("Work", .seconds(20)), CountdownPhase("Rest", .seconds(10))], repeated: .forever)
    ])
  }

  func testAPlanThatRunsOnSendsEachStepOfItsScheduleAtItsDateKeepingTwoAtMost() async throws {
    let rig = try PushRig()
    let store = MemoryPushStore()
    let scheduler = try rig.scheduler(store: store)
    let snapshot = try rig.snapshot(plan: Self.runsOn())
    let expected = snapshot.pushSchedule(id: "workout", lookAhead: 1, from: rig.wallClock(), limit: 81)
    try await scheduler.follow(snapshot, id: "workout", token: "t1")
    await scheduler.settled()
    XCTAssertEqual(scheduler.stepsKept(id: "workout"), 0, "the step sent goes; the next is laid out when it is due")
    for step in expected.dropFirst() {
      try rig.advance(to: step.sendDate - PushRig.origin + CountdownPushSchedulerTests.tolerance)
      await scheduler.settled()
      XCTAssertEqual(scheduler.stepsKept(id: "workout"), 0)
    }
    XCTAssertEqual(rig.gateway.delivered.map(\.push), expected, "each step once, in order, past any batch")
    XCTAssertEqual(store["workout"]?.sentCount, expected.count)
  }

  func testARestartFarIntoAPlanThatRunsOnGoesOnWithTheSameSteps() async throws {
    let rig = try PushRig()
    let store = MemoryPushStore()
    let snapshot = try rig.snapshot(plan: Self.runsOn())
    let expected = snapshot.pushSchedule(id: "workout", lookAhead: 1, from: rig.wallClock(), limit: 60)
    var first: CountdownPushScheduler<String>? = try rig.scheduler(store: store)
    try await first?.follow(snapshot, id: "workout", token: "t1")
    await first?.settled()
    for step in expected[1..<45] {
      try rig.advance(to: step.sendDate - PushRig.origin + CountdownPushSchedulerTests.tolerance)
      await first?.settled()
    }
    first = nil
    let second = try PushRig.restarted(rig, store: store)
    await second.scheduler.settled()
    XCTAssertEqual(second.gateway.calls.count, 0, "every step due was sent, and is recorded")
    XCTAssertLessThanOrEqual(second.scheduler.stepsKept(id: "workout") ?? 0, 2)
    for step in expected[45...] {
      try rig.advance(to: step.sendDate - PushRig.origin + CountdownPushSchedulerTests.tolerance)
      await second.scheduler.settled()
    }
    XCTAssertEqual(
      (rig.gateway.delivered + second.gateway.delivered).map(\.push), expected, "each step once, none lost")
  }
}
