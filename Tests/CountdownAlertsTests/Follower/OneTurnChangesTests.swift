import CountdownAlerts
import CountdownAlertsTesting
import CountdownCore
import CountdownKit
import Foundation
import XCTest

/// Changes that land in one turn of a follower's drain: what arrives while the drain waits on the
/// center (another thread's change, a change of the device's clock) is taken in its next turn,
/// all of it, each change as it last was.
final class OneTurnChangesTests: XCTestCase {
  /// An app whose notifications go to a center that runs the test's code inside its next add.
  @MainActor
  private final class Harness {
    let app: AppHarness
    let center: InterruptingAlertCenter
    let alerts: CountdownNotifications<String>
    /// The ids `isFollowed` rejects: the app's mute switch.
    let muted = LockedState<Set<String>>([])

    init() throws {
      app = try AppHarness()
      let wall = app.wall
      center = InterruptingAlertCenter(FakeNotificationCenter(now: { wall.now }))
      let muted = muted
      alerts = try CountdownNotifications(
        String.self, manager: app.manager, center: center, clockChanges: app.clockChanges,
        isFollowed: { id in !muted.withLock { $0.contains(id) } },
        content: { id, _ in CountdownAlertContent(title: id, body: "Done") })
    }

    /// Fails unless the pending requests are exactly the ends of `ids`, each at its countdown's end
    /// date on the device's clock now.
    func assertPending(_ ids: [String], _ what: String, file: StaticString = #filePath, line: UInt = #line) {
      center.fake.drain()
      let pending = center.fake.pending
      XCTAssertEqual(
        Set(pending.map(\.identifier)), Set(ids.map { alerts.identifier(for: $0) }), what, file: file, line: line)
      for id in ids {
        guard let request = pending.first(where: { $0.identifier == alerts.identifier(for: id) }),
          let end = app.manager.endDate(id: id)
        else { continue }
        XCTAssertEqual(
          request.fireDate.timeIntervalSince(end), 0, accuracy: 1e-6, "\(what): \(id) fires off its end", file: file,
          line: line)
      }
    }
  }

  func testAClockChangeFollowedByAnotherChangeBeforeTheNextTurnMovesEveryRequest() throws {
    try MainActor.assumeIsolated {
      let h = try Harness()
      defer { h.app.manager.cancelAll() }
      try h.app.manager.start(id: "tea", for: .seconds(180)) { _, _, _ in }
      h.assertPending(["tea"], "started")
      let app = h.app
      h.center.duringNextAdd {
        MainActor.assumeIsolated {
          app.jumpWallClock(by: 3_600)  // the person sets the device's clock an hour ahead
          try? app.manager.start(id: "egg", for: .seconds(300)) { _, _, _ in }  // and the app starts the egg
        }
      }
      try h.app.manager.start(id: "rice", for: .seconds(240)) { _, _, _ in }
      h.assertPending(["tea", "rice", "egg"], "the clock's change and the egg's start in one turn")
    }
  }

  func testAnIDAcceptedAgainInTheTurnThatRejectedItIsFollowed() throws {
    try MainActor.assumeIsolated {
      let h = try Harness()
      defer { h.app.manager.cancelAll() }
      try h.app.manager.start(id: "tea", for: .seconds(180)) { _, _, _ in }
      h.assertPending(["tea"], "started")
      let (app, muted) = (h.app, h.muted)
      h.center.duringNextAdd {
        MainActor.assumeIsolated {
          muted.withLock { _ = $0.insert("tea") }  // the person mutes the tea
          _ = try? app.manager.addTime(.seconds(30), id: "tea")
          muted.withLock { _ = $0.remove("tea") }  // and unmutes it
          _ = try? app.manager.addTime(.seconds(30), id: "tea")
        }
      }
      try h.app.manager.start(id: "egg", for: .seconds(300)) { _, _, _ in }
      h.assertPending(["tea", "egg"], "the tea's latest change was followed: its request moved, not removed")
    }
  }
}
