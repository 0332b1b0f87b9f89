import CountdownAlerts
import CountdownAlertsTesting
import CountdownKit
import Dispatch
import Foundation
import XCTest

/// What a follower observes besides the manager: a change of the device's clock, the significant
/// time change UIKit queues for a suspended app, and the app's coming back to the foreground, each
/// a re-sync of every countdown; posted in the middle of a drain, from a center's call or another
/// thread, and from many threads at once, none is lost, none deadlocks, and the center's calls
/// never overlap.
final class FollowerObservationTests: XCTestCase {
  /// What UIKit posts (`UIApplication.significantTimeChangeNotification`), by its value.
  private static let significantTimeChange = Notification.Name("UIApplicationSignificantTimeChangeNotification")
  /// Every name a follower re-syncs on, as the platforms post them.
  private static let resyncNames = [
    CountdownNotifications<String>.systemClockDidChange, significantTimeChange,
    LifecycleObservation.applicationWillEnterForeground, LifecycleObservation.watchKitApplicationWillEnterForeground,
  ]
  /// How long a test waits for another thread before it fails rather than hangs.
  private static let patience: Double = 10

  func testNoNameResyncsWhenTheClockDidNotMove() throws {
    try MainActor.assumeIsolated {
      let h = try NotificationsHarness()
      defer { h.manager.cancelAll() }
      try h.manager.start(id: "tea", for: .seconds(180)) { _, _, _ in }
      h.assertPending(["tea"])
      try h.advance(by: 30)
      h.center.clearCalls()
      for name in Self.resyncNames {
        h.clockChanges.post(name: name, object: nil)
      }
      h.assertPending(["tea"], "still for the same instant")
      XCTAssertEqual(h.center.calls.count, 0, "the clock did not move: nothing added again, \(h.center.calls)")
      // Once it moved, the first name re-syncs and the rest of the burst finds it where it is.
      h.wall.jump(by: -600)
      for name in Self.resyncNames {
        h.clockChanges.post(name: name, object: nil)
      }
      h.assertPending(["tea"], "re-added for the same instant on the changed clock")
      // (With onFailure set, an add is followed by a listing of the pending requests: the dropped
      // ones are reported.)
      let calls = h.center.calls.filter { $0 != .pendingRequestIdentifiers }
      XCTAssertEqual(calls.count, 1, "one add, which replaces the pending request: \(calls)")
    }
  }

  func testEachNameResyncsTheNotificationsAsAClockChangeDoes() throws {
    try MainActor.assumeIsolated {
      for name in Self.resyncNames {
        let h = try NotificationsHarness()
        try h.manager.start(id: "tea", for: .seconds(180)) { _, _, _ in }
        h.assertPending(["tea"])
        // The clock moved while the app was suspended: no `NSSystemClockDidChange` came.
        h.wall.jump(by: 3_600)
        h.clockChanges.post(name: name, object: nil)
        h.assertPending(["tea"], "\(name.rawValue): re-added for the same instant on the changed clock")
        h.manager.cancelAll()
      }
    }
  }

  func testEachNameResyncsTheAlarmsAndMovesNoneWhoseEndStayed() throws {
    try MainActor.assumeIsolated {
      for name in Self.resyncNames {
        let h = try AlarmsHarness()
        try h.manager.start(id: "tea", for: .seconds(180)) { _, _, _ in }
        h.center.clearCalls()
        // The clock moved while the app was suspended; an alarm's timer counts its duration.
        h.wall.jump(by: 3_600)
        h.center.deviceClockChanged(by: 3_600)
        h.clockChanges.post(name: name, object: nil)
        h.assertHeld(["tea"], "\(name.rawValue): the alarm still rings at the countdown's end")
        XCTAssertEqual(h.center.calls, [], "\(name.rawValue): the end did not move, nothing is scheduled again")
        h.manager.cancelAll()
      }
    }
  }

  // MARK: A burst and a drain

  func testABurstArrivingWhileATurnRunsIsOneResyncTurn() throws {
    let setup = try Setup()
    defer { setup.manager.cancelAll() }
    try setup.manager.start(id: "tea", for: .seconds(180)) { _, _, _ in }
    setup.center.drain()
    let adds = setup.probe.adds
    // The burst is posted from inside the center's call of the turn the start's re-read makes.
    setup.probe.duringNextAdd = {
      setup.wall.jump(by: 3_600)
      for name in Self.resyncNames { setup.clockChanges.post(name: name, object: nil) }
    }
    try setup.manager.addTime(.seconds(60), id: "tea")
    setup.center.drain()
    XCTAssertEqual(setup.probe.adds - adds, 2, "the change's add, then one re-sync for the four notifications")
    XCTAssertEqual(setup.probe.mostAtOnce, 1, "no call of the center ran inside another")
    XCTAssertEqual(setup.center.pending.first?.fireDate, setup.manager.endDate(id: "tea"), "the re-sync was not lost")
  }

  func testAClockChangeFromAnotherThreadWhileATurnRunsIsNotLost() throws {
    let setup = try Setup()
    defer { setup.manager.cancelAll() }
    try setup.manager.start(id: "tea", for: .seconds(180)) { _, _, _ in }
    setup.center.drain()
    let posted = DispatchSemaphore(value: 0)
    let postedInTime = LockedState(false)
    // The turn's add waits until another thread has posted: the post finds the drain running.
    setup.probe.duringNextAdd = {
      DispatchQueue.global().async {
        setup.wall.jump(by: -600)
        setup.clockChanges.post(name: Self.significantTimeChange, object: nil)
        posted.signal()
      }
      postedInTime.withLock { $0 = posted.wait(timeout: .now() + Self.patience) == .success }
    }
    try setup.manager.addTime(.seconds(60), id: "tea")
    setup.center.drain()
    XCTAssertTrue(postedInTime.withLock { $0 }, "the other thread's post returned while the turn ran")
    XCTAssertEqual(setup.probe.mostAtOnce, 1)
    XCTAssertEqual(setup.center.pending.first?.fireDate, setup.manager.endDate(id: "tea"), "the re-sync was not lost")
  }

  func testResyncsFromManyThreadsAtOnceLoseNoneAndNeverOverlap() throws {
    let setup = try Setup()
    defer { setup.manager.cancelAll() }
    for index in 0..<8 {
      try setup.manager.start(id: "timer \(index)", for: .seconds(60 * (index + 1))) { _, _, _ in }
    }
    setup.center.drain()
    let threads = 8
    let group = DispatchGroup()
    for thread in 0..<threads {
      group.enter()
      Thread {
        for round in 0..<50 {
          if round % 10 == thread % 10 { setup.wall.jump(by: Double(thread - 4)) }
          setup.clockChanges.post(name: Self.resyncNames[(thread + round) % Self.resyncNames.count], object: nil)
        }
        group.leave()
      }.start()
    }
    XCTAssertEqual(group.wait(timeout: .now() + Self.patience), .success, "every post returned: no deadlock")
    setup.center.drain()
    XCTAssertEqual(setup.probe.mostAtOnce, 1, "one drain at a time: the center's calls never overlapped")
    // The last post came after the last jump: the requests stand at the instants on the clock now.
    for index in 0..<8 {
      let identifier = setup.alerts.identifier(for: "timer \(index)")
      XCTAssertEqual(
        setup.center.pending.first { $0.identifier == identifier }?.fireDate,
        setup.manager.endDate(id: "timer \(index)"),
        identifier)
    }
  }

  /// A manager on a manual clock followed by notifications on a fake center behind a probe.
  private struct Setup: Sendable {
    let wall = DeviceClock()
    let clock = ManualCountdownClock()
    let clockChanges = NotificationCenter()
    let manager: CountdownManager
    let center: FakeNotificationCenter
    let probe: ProbeCenter
    let alerts: CountdownNotifications<String>

    init() throws {
      let wall = wall
      wall.follow(clock)
      manager = try CountdownManager(clock: clock, wallClock: { wall.now })
      center = FakeNotificationCenter(now: { wall.now })
      probe = ProbeCenter(center)
      alerts = try CountdownNotifications(
        String.self, manager: manager, center: probe, clockChanges: clockChanges
      ) { id, _ in CountdownAlertContent(title: id, body: "Done") }
    }
  }

  /// A center that counts its adds and the calls running at once, and runs a test's code inside
  /// the next add (as a center's callback would), before handing it on.
  private final class ProbeCenter: CountdownAlertCenter {
    private struct State {
      var running = 0
      var mostAtOnce = 0
      var adds = 0
      var duringNextAdd: (@Sendable () -> Void)?
    }
    private let center: FakeNotificationCenter
    private let state = LockedState(State())

    init(_ center: FakeNotificationCenter) {
      self.center = center
    }

    var adds: Int { state.withLock { $0.adds } }
    var mostAtOnce: Int { state.withLock { $0.mostAtOnce } }
    var duringNextAdd: (@Sendable () -> Void)? {
      get { state.withLock { $0.duringNextAdd } }
      set { state.withLock { $0.duringNextAdd = newValue } }
    }

    private func call<Result>(_ body: () -> Result) -> Result {
      state.withLock {
        $0.running += 1
        $0.mostAtOnce = max($0.mostAtOnce, $0.running)
      }
      defer { state.withLock { $0.running -= 1 } }
      return body()
    }

    func add(_ request: CountdownAlertRequest, completion: @escaping @Sendable ((any Error)?) -> Void) {
      call {
        let hook = state.withLock { state in
          state.adds += 1
          defer { state.duringNextAdd = nil }
          return state.duringNextAdd
        }
        hook?()
        center.add(request, completion: completion)
      }
    }

    func removePendingRequests(withIdentifiers identifiers: [String]) {
      call { center.removePendingRequests(withIdentifiers: identifiers) }
    }

    func removeDeliveredNotifications(withIdentifiers identifiers: [String]) {
      call { center.removeDeliveredNotifications(withIdentifiers: identifiers) }
    }

    func pendingRequestIdentifiers(_ completion: @escaping @Sendable ([String]) -> Void) {
      call { center.pendingRequestIdentifiers(completion) }
    }

    func authorizationStatus(_ completion: @escaping @Sendable (CountdownAlertAuthorization) -> Void) {
      call { center.authorizationStatus(completion) }
    }
  }
}

extension FollowerObservationTests {
  /// A change of the device's clock of half a second is a change: the requests are added again
  /// for the same instants (the tests elsewhere move the clock by whole seconds).
  func testAHalfSecondChangeOfTheClockResyncs() throws {
    try MainActor.assumeIsolated {
      let h = try NotificationsHarness()
      defer { h.manager.cancelAll() }
      try h.manager.start(id: "tea", for: .seconds(180)) { _, _, _ in }
      h.center.clearCalls()
      h.jumpWallClock(by: 0.5)
      XCTAssertNotEqual(h.center.calls.count, 0, "moved by half a second: added again")
      h.assertPending(["tea"], "for the same instant")
    }
  }
}
