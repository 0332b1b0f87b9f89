import CountdownKit
import CountdownPush
import Foundation
import XCTest

/// What the "Pushes that keep a countdown in phases right" sample builds: a request per two
/// phases of a Pomodoro, at the phases' starts, each with its window and stale date, up to the long
/// break after which the plan waits.
final class PhasePushSampleTests: XCTestCase {
  func testThePomodorosPushesComeEveryTwoPhasesUpToTheLongBreak() throws {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let pomodoro = try CountdownPlan(blocks: [
      CountdownPlan.Block(
        [CountdownPhase("Focus", .seconds(25 * 60)), CountdownPhase("Break", .seconds(5 * 60), purpose: .recovery)],
        repeated: .forever,
        longBreak: CountdownPhase("Long break", .seconds(15 * 60), purpose: .recovery, pausesAfter: true), every: 4)
    ])
    let snapshot = CountdownSnapshot<String>(
      takenAt: now, serverOffset: nil, entries: [],
      phaseEntries: [.init(id: "pomodoro", plan: pomodoro, ordinal: 0, date: now + 25 * 60)])
    let data = try JSONEncoder().encode(snapshot)
    let token = String(repeating: "ab", count: 32)
    let pushes = try pomodoroPushes(from: data, pushToken: token, now: now)
    XCTAssertEqual(pushes.map(\.sendAt), [0, 30, 60, 90, 130].map { now + Double($0 * 60) })
    for (sendAt, request) in pushes {
      XCTAssertEqual(request.headers["apns-priority"], "10")
      XCTAssertEqual(request.headers["apns-push-type"], "liveactivity")
      let body = try XCTUnwrap(JSONSerialization.jsonObject(with: request.body) as? [String: Any])
      let aps = try XCTUnwrap(body["aps"] as? [String: Any])
      XCTAssertEqual(aps["event"] as? String, "update")
      XCTAssertEqual(aps["timestamp"] as? Int, Int(sendAt.timeIntervalSince1970))
      let state = try JSONSerialization.data(withJSONObject: try XCTUnwrap(aps["content-state"]))
      let window = try JSONDecoder().decode(PomodoroState.self, from: state).window
      XCTAssertEqual(window.current.start, sendAt.timeIntervalSince1970)
      // A running window goes stale at its current phase's end; the last, paused, at none.
      XCTAssertEqual(aps["stale-date"] as? Int, window.staleDate.map { Int($0.timeIntervalSince1970) })
    }
    XCTAssertEqual(try pomodoroPushes(from: data, pushToken: token, now: now + 100 * 3_600).count, 1, "waiting, paused")
  }

  func testAWorkoutsLastPushEndsTheActivityAtItsEnd() throws {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let plan = try CountdownPlan(blocks: [
      CountdownPlan.Block(
        [CountdownPhase("Work", .seconds(20)), CountdownPhase("Rest", .seconds(10))], repeated: .times(2))
    ])
    let snapshot = CountdownSnapshot<String>(
      takenAt: now, serverOffset: nil, entries: [],
      phaseEntries: [.init(id: "pomodoro", plan: plan, ordinal: 0, date: now + 20)])
    let pushes = try pomodoroPushes(
      from: JSONEncoder().encode(snapshot), pushToken: String(repeating: "0f", count: 32), now: now)
    XCTAssertEqual(pushes.map(\.sendAt), [now, now + 30, now + 60])
    let last = try XCTUnwrap(pushes.last?.request)
    let aps = try XCTUnwrap(
      (JSONSerialization.jsonObject(with: last.body) as? [String: Any])?["aps"] as? [String: Any])
    XCTAssertEqual(aps["event"] as? String, "end")
    XCTAssertEqual(aps["dismissal-date"] as? Int, Int((now + 60).timeIntervalSince1970))
    XCTAssertNil(aps["stale-date"])
  }
}
