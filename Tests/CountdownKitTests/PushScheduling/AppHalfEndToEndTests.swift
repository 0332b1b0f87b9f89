import CountdownAlerts
import CountdownAlertsTesting
import CountdownCore
import CountdownKit
import CountdownTestSupport
import Dispatch
import Foundation
import XCTest

/// The app's half and the server's, end to end: a Pomodoro on a device (a manager on a manual
/// clock, its Live Activity on the fake center, requested with push) hands its updates over
/// (`CountdownActivityPushes`), and a server (`CountdownPushScheduler` on a manual clock of its
/// own, moved with the device's, and a gateway that answers as APNs does) follows them: each
/// push goes out at its date, to the latest token, with the phase the device's plan is in.
final class AppHalfEndToEndTests: XCTestCase {
  /// The device and the server, their clocks moved together.
  @MainActor
  final class World {
    let server: PushRig
    let scheduler: CountdownPushScheduler<String>
    let deviceClock = ManualCountdownClock()
    let manager: CountdownManager
    let center: FakeActivityCenter<CountdownPhaseWindow?>
    let activities: CountdownLiveActivities<String, CountdownPhaseWindow?>
    let handedOver = LockedState<[CountdownActivityPushUpdate<String>]>([])
    let pushes: CountdownActivityPushes<String>
    /// The updates the server has taken so far.
    private var taken = 0

    init() throws {
      server = try PushRig()
      scheduler = try server.scheduler(store: MemoryPushStore())
      let deviceClock = deviceClock
      let wall: @Sendable () -> Date = PushRig.wallClock(of: deviceClock)
      manager = try CountdownManager(clock: deviceClock, wallClock: wall)
      center = FakeActivityCenter(now: wall)
      activities = CountdownLiveActivities(
        String.self, manager: manager, center: center, clockChanges: NotificationCenter(), lookAhead: 1
      ) { _, _, window in window }
      pushes = CountdownActivityPushes(following: activities) { [handedOver] update in
        handedOver.withLock { $0.append(update) }
      }
    }

    /// Seconds since the origin on the device's wall clock.
    var now: Double { PushRig.wallClock(of: deviceClock)().timeIntervalSince1970 - PushRig.origin }

    /// Both clocks move on to `seconds` after the origin; the device's main queue runs its
    /// deliveries, the server sends what is due, then takes what the device handed over.
    func advance(to seconds: Double) throws {
      try deviceClock.advance(to: CountdownInstant(nanosecondsSinceOrigin: Int64((seconds * 1e9).rounded())))
      drainMainQueue()
      try server.advance(to: seconds)
      settle()
      try post()
    }

    /// The server takes the updates handed over since the last call, in order, as the app posts
    /// them, and sends what they make due.
    func post() throws {
      let updates = handedOver.withLock { Array($0[taken...]) }
      taken += updates.count
      for update in updates {
        let scheduler = scheduler
        block {
          switch update.change {
          case .follow:
            try await scheduler.follow(try XCTUnwrap(update.snapshot), id: update.id, token: update.pushToken)
          case .token: try await scheduler.updateToken(update.pushToken, id: update.id)
          case .stop: try await scheduler.stop(id: update.id)
          }
        }
      }
      settle()
    }

    /// Waits until the scheduler's sends and saves are done.
    func settle() {
      let scheduler = scheduler
      block { await scheduler.settled() }
    }

    /// Runs `body` on a task of its own, and waits for it on the main thread.
    private func block(_ body: @escaping @Sendable () async throws -> Void) {
      let done = LockedState<Result<Void, any Error>?>(nil)
      Task.detached {
        do {
          try await body()
          done.withLock { $0 = .success(()) }
        } catch {
          done.withLock { $0 = .failure(error) }
        }
      }
      let deadline = Date(timeIntervalSinceNow: 10)
      while done.withLock({ $0 }) == nil, Date() < deadline {
        _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.001))
      }
      switch done.withLock({ $0 }) {
      case .failure(let error): XCTFail("the server failed: \(error)")
      case nil: XCTFail("the server did not answer in 10 s")
      case .success: break
      }
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

  /// The pushes delivered, as (send instant from the origin, the window's current ordinal, paused,
  /// end, token).
  @MainActor
  static func delivered(_ w: World) -> [(at: Double, ordinal: Int, paused: Bool, end: Bool, token: String)] {
    w.server.gateway.delivered.map { call in
      (
        (call.at - PushRig.origin).rounded(), call.push.window.current.ordinal, call.push.window.isPaused,
        call.push.event.isEnd, call.token
      )
    }
  }

  func testAPomodoroStartedPausedSkippedLengthenedWithANewTokenAndEndedIsPushedRight() throws {
    try MainActor.assumeIsolated {
      let w = try World()
      try w.manager.start(id: "pomodoro", plan: Self.pomodoro()) { _, _, _ in }
      let activity = w.center.start(
        countdownID: "pomodoro", state: w.activities.content(for: "pomodoro")?.state, staleDate: nil,
        requestsPushToken: true)
      XCTAssertTrue(w.center.issuePushToken(Data([0xaa, 0x01]), activityID: activity))
      try w.post()
      // The start: a push now, showing the first focus and the break after it; the next when the
      // break ends (a push every other phase end with a look-ahead of 1).
      try w.advance(to: 89)
      XCTAssertEqual(Self.delivered(w).map(\.at), [0])
      try w.advance(to: 90.1)
      XCTAssertEqual(Self.delivered(w).last?.at, 90)
      XCTAssertEqual(Self.delivered(w).last?.ordinal, 2, "the second focus")

      // Paused 10 s into the second focus: a push shows it paused, and nothing more goes out.
      try w.advance(to: 100)
      XCTAssertTrue(w.manager.pause(id: "pomodoro"))
      try w.post()
      XCTAssertEqual(Self.delivered(w).last.map { [$0.at, Double($0.ordinal)] }, [100, 2])
      XCTAssertEqual(Self.delivered(w).last?.paused, true)
      try w.advance(to: 200)
      XCTAssertEqual(Self.delivered(w).count, 3, "paused: no push")

      // Resumed at 200: 50 s of the focus left, then the break; skipped to the break at 210.
      XCTAssertTrue(w.manager.resume(id: "pomodoro"))
      try w.post()
      XCTAssertEqual(Self.delivered(w).last.map { [$0.at, Double($0.ordinal)] }, [200, 2])
      XCTAssertEqual(Self.delivered(w).last?.paused, false)
      try w.advance(to: 210)
      XCTAssertTrue(w.manager.skipPhase(id: "pomodoro"))
      try w.post()
      XCTAssertEqual(Self.delivered(w).last.map { [$0.at, Double($0.ordinal)] }, [210, 3], "the second break")

      // 30 s added to the break: it ends at 270; a push every other phase end from there on.
      XCTAssertTrue(try w.manager.addTime(.seconds(30), id: "pomodoro"))
      try w.post()
      XCTAssertEqual(Self.delivered(w).last.map { [$0.at, Double($0.ordinal)] }, [210, 3])
      XCTAssertEqual(Self.delivered(w).count, 6)

      // A new token at 220: the next push goes to it.
      try w.advance(to: 220)
      XCTAssertTrue(w.center.issuePushToken(Data([0xbb, 0x02]), activityID: activity))
      try w.post()
      XCTAssertEqual(Self.delivered(w).count, 6, "a token alone sends nothing at once")
      try w.advance(to: 329)
      XCTAssertEqual(Self.delivered(w).count, 6, "the break's end at 270 starts the window's second phase")
      try w.advance(to: 330.1)
      XCTAssertEqual(Self.delivered(w).last.map { [$0.at, Double($0.ordinal)] }, [330, 5])
      XCTAssertEqual(Self.delivered(w).last?.token, "bb02")
      XCTAssertEqual(w.manager.phasePosition(id: "pomodoro")?.ordinal, 5, "the phase the device is in")
      try w.advance(to: 419)
      try w.advance(to: 420.1)
      XCTAssertEqual(Self.delivered(w).last.map { [$0.at, Double($0.ordinal)] }, [420, 7])
      XCTAssertEqual(w.manager.phasePosition(id: "pomodoro")?.ordinal, 7)

      // The plan's end at 450: the end push, then the device's stop.
      try w.advance(to: 449)
      XCTAssertEqual(Self.delivered(w).map(\.at), [0, 90, 100, 200, 210, 210, 330, 420])
      try w.advance(to: 450.1)
      XCTAssertNil(w.manager.phasePosition(id: "pomodoro"))
      let last = try XCTUnwrap(Self.delivered(w).last)
      XCTAssertEqual(last.at, 450)
      XCTAssertTrue(last.end, "the end")
      XCTAssertEqual(
        w.handedOver.withLock { $0.map(\.change) }, [.follow, .follow, .follow, .follow, .follow, .token, .stop])
      XCTAssertEqual(w.scheduler.followedIDs, [], "the server stopped")
      try w.advance(to: 900)
      XCTAssertEqual(Self.delivered(w).count, 9)
      // Every push of the plan went to the token the device had then.
      XCTAssertEqual(Self.delivered(w).map(\.token), Array(repeating: "aa01", count: 6) + ["bb02", "bb02", "bb02"])
    }
  }
}
