import CountdownKit
import CountdownPush
import Foundation
import XCTest

/// What the "A server that follows the phases" sample builds: a sender that posts each push's
/// request and reads APNs' answer, and a shard per id that every process agrees on.
final class PushSchedulerSampleTests: XCTestCase {
  func testTheSenderPostsThePushsRequestAndReadsTheAnswer() async throws {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let plan = try CountdownPlan(blocks: [
      CountdownPlan.Block(
        [CountdownPhase("Work", .seconds(20)), CountdownPhase("Rest", .seconds(10))], repeated: .times(2))
    ])
    let snapshot = CountdownSnapshot<String>(
      takenAt: now, serverOffset: nil, entries: [],
      phaseEntries: [.init(id: "pomodoro", plan: plan, ordinal: 0, date: now + 20)])
    let pushes = snapshot.pushSchedule(id: "pomodoro", lookAhead: 1, from: now, limit: 10)
    let token = String(repeating: "ab", count: 32)
    let answered = APNsSender { request in
      XCTAssertEqual(request.headers["apns-push-type"], "liveactivity")
      let aps = try XCTUnwrap(
        (JSONSerialization.jsonObject(with: request.body) as? [String: Any])?["aps"] as? [String: Any])
      return aps["event"] as? String == "end" ? (410, "Unregistered") : (200, nil)
    }
    let first = try await answered.send(pushes[0], id: "pomodoro", token: token)
    XCTAssertTrue(first.isSent)
    let last = try await answered.send(pushes[pushes.count - 1], id: "pomodoro", token: token)
    XCTAssertTrue(last.isTokenGone)
  }

  func testAnIDsShardIsTheSameInEveryProcess() {
    XCTAssertEqual(shard(of: "pomodoro", among: 4), shard(of: "pomodoro", among: 4))
    XCTAssertEqual(shard(of: "", among: 3), Int(2_166_136_261 % 3))
    let shards = Set((0..<1_000).map { shard(of: "id\($0)", among: 8) })
    XCTAssertEqual(shards, Set(0..<8), "ids spread over every shard")
  }
}
