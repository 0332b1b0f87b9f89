import CountdownCore
import CountdownKit
import Foundation
import XCTest

/// A scheduler keeps each plan once for every id that walks it, each snapshot decoded with a plan of
/// its own, and lets go of a plan when no followed id walks it: the steps and the records are those
/// of each id's own snapshot.
final class PushSchedulerPlanTests: XCTestCase {
  /// `snapshot` as a server gets it: decoded from the app's JSON, with a plan of its own.
  private static func decoded(_ snapshot: CountdownSnapshot<String>) throws -> CountdownSnapshot<String> {
    try CountdownSnapshot<String>(decoding: try JSONEncoder().encode(snapshot))
  }

  func testIDsOfEqualPlansShareOneAndANewSnapshotOrAStopLetsGoOfIt() async throws {
    let rig = try PushRig()
    let store = MemoryPushStore()
    let scheduler = try rig.scheduler(store: store)
    let first = try Self.decoded(rig.snapshot("a"))
    let second = try Self.decoded(rig.snapshot("b"))
    try await scheduler.follow(first, id: "a", token: "ta")
    try await scheduler.follow(second, id: "b", token: "tb")
    await scheduler.settled()
    XCTAssertEqual(scheduler.plansKept, 1, "two decoded copies of one plan, kept once")
    XCTAssertEqual(scheduler.record(id: "a")?.snapshot, first, "each record keeps its own snapshot")
    XCTAssertEqual(scheduler.record(id: "b")?.snapshot, second)
    XCTAssertEqual(store["b"]?.snapshot, second)

    // "a" lengthened: a plan of its own, and the shared one still walked by "b".
    let longer = try CountdownPlan(blocks: [
      CountdownPlan.Block(
        [CountdownPhase("Work", .seconds(40)), CountdownPhase("Rest", .seconds(10))], repeated: .times(2))
    ])
    let replaced = try Self.decoded(rig.snapshot("a", plan: longer))
    try await scheduler.follow(replaced, id: "a", token: "ta")
    await scheduler.settled()
    XCTAssertEqual(scheduler.plansKept, 2)
    XCTAssertEqual(scheduler.record(id: "a")?.snapshot, replaced)
    try await scheduler.follow(try Self.decoded(rig.snapshot("a", plan: longer)), id: "a", token: "ta")
    XCTAssertEqual(scheduler.plansKept, 2, "the snapshot replaced lets go of its use of the plan")
    try await scheduler.stop(id: "b")
    XCTAssertEqual(scheduler.plansKept, 1, "no id walks the first plan")

    // Each id's steps are its own plan's, at their dates.
    let expected = replaced.pushSchedule(id: "a", lookAhead: 1, from: rig.wallClock(), limit: 10)
    for step in expected.dropFirst() {
      try rig.advance(to: step.sendDate - PushRig.origin + CountdownPushSchedulerTests.tolerance)
      await scheduler.settled()
    }
    XCTAssertEqual(rig.gateway.delivered.filter { $0.id == "a" }.last?.push, expected.last)
    XCTAssertEqual(scheduler.plansKept, 0, "the plan's end stops the following and lets go of its plan")
    XCTAssertEqual(scheduler.followedIDs, [])
  }

  func testARestartKeepsTheRecordsPlansOnce() async throws {
    let rig = try PushRig()
    let store = MemoryPushStore()
    var first: CountdownPushScheduler<String>? = try rig.scheduler(store: store)
    for id in ["a", "b", "c"] {
      try await first?.follow(try Self.decoded(rig.snapshot(id)), id: id, token: "t-\(id)")
    }
    await first?.settled()
    first = nil
    // The store gives each record a snapshot decoded on its own, as a file store does.
    let decodedStore = MemoryPushStore()
    for id in ["a", "b", "c"] {
      let record = try XCTUnwrap(store[id])
      try decodedStore.save(
        try JSONDecoder().decode(CountdownPushRecord<String>.self, from: JSONEncoder().encode(record)))
    }
    let second = try rig.scheduler(store: decodedStore)
    await second.settled()
    XCTAssertEqual(second.plansKept, 1)
    XCTAssertEqual(Set(second.followedIDs), ["a", "b", "c"])
    XCTAssertEqual(second.record(id: "b"), store["b"], "the record as saved")
    try rig.advance(to: 30 + CountdownPushSchedulerTests.tolerance)
    await second.settled()
    XCTAssertEqual(Set(rig.gateway.delivered.filter { $0.at > PushRig.origin + 1 }.map(\.id)), ["a", "b", "c"])
  }
}
