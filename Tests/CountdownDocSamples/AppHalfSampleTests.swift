import CountdownAlerts
import CountdownAlertsTesting
import CountdownCore
import CountdownKit
import Foundation
import XCTest

// ARTICLE: TheLockScreenInPhases
/// The app's side: at launch, beside the activities, each update posted to the server as it comes.
func startPostingPushes(
  activities: CountdownLiveActivities<String, CountdownPhaseWindow?>,
  post: @escaping @Sendable (_ change: String, _ id: String, _ token: String, _ snapshot: Data?) async throws -> Void
) -> CountdownActivityPushes<String> {
  let (updates, continuation) = AsyncStream.makeStream(of: CountdownActivityPushUpdate<String>.self)
  Task {  // one task posts them, one at a time, in the order they came
    for await update in updates {
      let change =
        switch update.change {
        case .follow: "follow"
        case .token: "token"
        case .stop: "stop"
        }
      try? await post(change, update.id, update.pushToken, try? update.encodedSnapshot())
    }
  }
  return CountdownActivityPushes(following: activities) { continuation.yield($0) }
}

/// The server's side of the same post, on its scheduler.
func serverReceived(
  change: String, id: String, token: String, snapshot: Data?, by scheduler: CountdownPushScheduler<String>
) async throws {
  if change == "stop" {
    try await scheduler.stop(id: id)
  } else if change == "token", try await scheduler.updateToken(token, id: id) {
    return  // the pushes laid out from the last snapshot go on, to the new token
  } else if let snapshot {
    try await scheduler.follow(try CountdownSnapshot<String>(decoding: snapshot), id: id, token: token)
  }
}
// END ARTICLE

/// The article's app's half, run: the app's posts reach the server's scheduler, which follows the
/// Pomodoro, takes its new token, and stops with it.
final class AppHalfSampleTests: XCTestCase {
  /// What the sample's server received, in order.
  final class Server: CountdownPushSender, Sendable {
    let sent = LockedState<[String]>([])
    func send(_ push: CountdownPhasePush, id: String, token: String) async throws -> CountdownPushOutcome {
      sent.withLock { $0.append(token) }
      return .sent
    }
  }

  func testTheAppsPostsAreFollowedByTheServer() async throws {
    let clock = ManualCountdownClock()
    let wall: @Sendable () -> Date = {
      Date(timeIntervalSince1970: 1_800_000_000 + Double(clock.now.nanosecondsSinceOrigin) / 1e9)
    }
    let server = Server()
    let store = CountdownPushSchedulerJSONStore<String>(
      .file(FileManager.default.temporaryDirectory.appendingPathComponent("app-half-\(UUID().uuidString).json")))
    let engine = try CountdownEngine(
      interval: .seconds(1), clock: clock, deliveryQueue: DispatchQueue(label: "app-half"))
    let scheduler = try CountdownPushScheduler(engine: engine, sender: server, store: store, wallClock: wall)
    let manager = try CountdownManager(clock: clock, wallClock: wall)
    let center = FakeActivityCenter<CountdownPhaseWindow?>(now: wall)
    let activities = CountdownLiveActivities(String.self, manager: manager, center: center) { _, _, window in window }
    let posts = LockedState<[(String, String, String, Data?)]>([])
    let pushes = startPostingPushes(activities: activities) { change, id, token, snapshot in
      posts.withLock { $0.append((change, id, token, snapshot)) }
    }
    let plan = try CountdownPlan(blocks: [
      CountdownPlan.Block(
        [CountdownPhase("Focus", .seconds(60)), CountdownPhase("Break", .seconds(30))], repeated: .times(2))
    ])
    try manager.start(id: "pomodoro", plan: plan) { _, _, _ in }
    let started = center.start(countdownID: "pomodoro", state: nil, staleDate: nil, requestsPushToken: true)
    center.issuePushToken(Data([0x01]), activityID: started)
    center.issuePushToken(Data([0x02]), activityID: started)
    _ = manager.cancel(id: "pomodoro")
    // The posts run on tasks of their own.
    for _ in 0..<1000 where posts.withLock({ $0.count }) < 3 { try await Task.sleep(for: .milliseconds(5)) }
    let received = posts.withLock { $0 }
    XCTAssertEqual(received.map(\.0), ["follow", "token", "stop"])
    for (change, id, token, snapshot) in received {
      try await serverReceived(change: change, id: id, token: token, snapshot: snapshot, by: scheduler)
      if change == "follow" { XCTAssertEqual(scheduler.followedIDs, ["pomodoro"]) }
      if change == "token" { XCTAssertEqual(scheduler.record(id: "pomodoro")?.token, "02") }
    }
    XCTAssertEqual(scheduler.followedIDs, [])
    XCTAssertEqual(server.sent.withLock { $0.first }, "01", "the first push went out at once")
    _ = pushes
  }
}
