import CountdownCore
import CountdownKit
import Foundation
import XCTest

/// The engine's registration of each followed id is armed by the thread that changed the id, with
/// no queue between: follows, token updates, stops and sends racing on the same ids leave each
/// followed id armed once, for its last schedule's next step.
final class PushSchedulerArmingTests: XCTestCase {
  func testFollowsAndStopsRacingOnTheSameIDsLeaveEachOneArmedForItsLastSchedule() async throws {
    let rig = try PushRig()
    let scheduler = try rig.scheduler(store: MemoryPushStore())
    let ids = (0..<6).map { "id\($0)" }
    // Each task follows every id again and again, with its own first phase's end, stopping some.
    try await withThrowingTaskGroup(of: Void.self) { group in
      for task in 0..<4 {
        group.addTask {
          for round in 0..<25 {
            for (index, id) in ids.enumerated() {
              if (round + index + task) % 7 == 0 {
                try await scheduler.stop(id: id)
              } else {
                let snapshot = try rig.snapshot(id, firstEnd: 10 + Double((task + round + index) % 9))
                try await scheduler.follow(snapshot, id: id, token: "t\(task)")
              }
            }
          }
        }
      }
      try await group.waitForAll()
    }
    await scheduler.settled()
    let followed = Set(scheduler.followedIDs)
    XCTAssertEqual(rig.engine.count, followed.count, "one registration per followed id, none for a stopped one")
    let before = rig.gateway.calls.count
    var expected: [String: CountdownPhasePush] = [:]
    for id in followed {
      let record = try XCTUnwrap(scheduler.record(id: id))
      XCTAssertEqual(record.sentCount, 1)
      let steps = record.snapshot.pushSchedule(id: id, lookAhead: 1, from: record.scheduledFrom, limit: 3)
      expected[id] = steps[1]
    }
    for second in stride(from: 20.05, through: 30.05, by: 1) {
      try rig.advance(to: second)
      await scheduler.settled()
    }
    let sent = rig.gateway.calls.dropFirst(before)
    XCTAssertEqual(Dictionary(grouping: sent, by: \.id).mapValues { $0.map(\.push) }, expected.mapValues { [$0] })
    for call in sent {
      XCTAssertGreaterThanOrEqual(call.at, call.push.sendDate - 0.001, "sent early")
      XCTAssertLessThanOrEqual(call.at, call.push.sendDate + 1, "sent late")
    }
  }

  func testAFollowWhileASendRunsArmsForTheNewScheduleWhenTheSendEnds() async throws {
    let rig = try PushRig()
    let scheduler = try rig.scheduler(store: MemoryPushStore())
    rig.gateway.hold()
    try await scheduler.follow(try rig.snapshot(), id: "workout", token: "t1")
    await CountdownPushSchedulerTests.waitFor { rig.gateway.calls.count == 1 }
    try rig.advance(to: 5)
    // Time added while the first push is in flight: the new schedule's first step waits for it.
    let later = try rig.snapshot(firstEnd: 40)
    let expected = later.pushSchedule(id: "workout", lookAhead: 1, from: rig.wallClock(), limit: 3)
    try await scheduler.follow(later, id: "workout", token: "t1")
    XCTAssertEqual(rig.gateway.calls.count, 1, "one send at a time per id")
    rig.gateway.release()
    await scheduler.settled()
    XCTAssertEqual(rig.gateway.calls.map(\.push).dropFirst(), [expected[0]], "the new schedule's first step, once")
    XCTAssertEqual(rig.engine.count, 1)
    try rig.advance(to: 55.05)
    await scheduler.settled()
    XCTAssertEqual(Array(rig.gateway.calls.map(\.push).dropFirst()), Array(expected.prefix(2)))
  }
}
