import CountdownAlerts
import CountdownAlertsTesting
import CountdownKit
import Foundation
import XCTest

/// The notifications, as an app developer uses them from the README and the alerts article alone
/// (``OutsideConsumerTestCase``).
final class OutsideConsumerNotificationsTests: OutsideConsumerTestCase {
  // MARK: - 1. A notification at a countdown's end

  func testScenario01AStartedCountdownHasItsAlertPendingAtItsEnd() throws {
    let (device, center, alerts) = try notifications()
    let startedAt = device.wall()
    try device.manager.start(id: "tea", for: .seconds(180)) { _, _, _ in }
    center.drain()

    XCTAssertEqual(center.pending.map(\.identifier), [alerts.identifier(for: "tea")])
    // "Requests are named `countdown-alerts/<namespace>/<moment>/<id>`", the type's name by default.
    XCTAssertTrue(alerts.identifier(for: "tea").hasPrefix("countdown-alerts/String/"))
    XCTAssertTrue(alerts.identifier(for: "tea").hasSuffix("/tea"))
    let fireDate = try XCTUnwrap(center.pending.first?.fireDate)
    XCTAssertEqual(fireDate, device.manager.endDate(id: "tea"))
    XCTAssertEqual(fireDate.timeIntervalSince(startedAt), 180, accuracy: 0.001)
    XCTAssertEqual(center.pending.first?.content, CountdownAlertContent(title: "Timer", body: "tea is done."))
    XCTAssertEqual(alerts.scheduledIDs, ["tea"])
  }

  // MARK: - 2. Pause and resume

  func testScenario02PauseRemovesTheAlertAndResumeAddsItBackForTheNewEnd() throws {
    let (device, center, alerts) = try notifications()
    try device.manager.start(id: "tea", for: .seconds(180)) { _, _, _ in }
    center.drain()
    try device.clock.advance(by: .seconds(30))

    XCTAssertTrue(device.manager.pause(id: "tea"))
    center.drain()
    XCTAssertEqual(center.pending, [], "paused: nothing rings")
    XCTAssertEqual(alerts.scheduledIDs, [])
    try device.clock.advance(by: .seconds(600))  // paused well past the end it had
    center.drain()
    XCTAssertEqual(center.delivered, [], "a paused timer never rings")

    XCTAssertTrue(device.manager.resume(id: "tea"))
    center.drain()
    XCTAssertEqual(center.pending.map(\.identifier), [alerts.identifier(for: "tea")])
    let fireDate = try XCTUnwrap(center.pending.first?.fireDate)
    XCTAssertEqual(fireDate, device.manager.endDate(id: "tea"))
    XCTAssertEqual(fireDate.timeIntervalSince(device.wall()), 150, accuracy: 0.001, "the 150 s it had left")
    try device.clock.advance(by: .seconds(150))
    center.drain()
    XCTAssertEqual(center.delivered.map(\.identifier), [alerts.identifier(for: "tea")])
  }

  // MARK: - 3. addTime

  func testScenario03AddingAndTakingTimeMovesTheAlert() throws {
    let (device, center, alerts) = try notifications()
    try device.manager.start(id: "tea", for: .seconds(180)) { _, _, _ in }
    center.drain()
    let firstEnd = try XCTUnwrap(center.pending.first?.fireDate)

    XCTAssertTrue(try device.manager.addTime(.seconds(60), id: "tea"))
    center.drain()
    XCTAssertEqual(center.pending.map(\.identifier), [alerts.identifier(for: "tea")], "moved, not doubled")
    XCTAssertEqual(center.pending.first?.fireDate, device.manager.endDate(id: "tea"))
    XCTAssertEqual(try XCTUnwrap(center.pending.first?.fireDate).timeIntervalSince(firstEnd), 60, accuracy: 0.001)

    XCTAssertTrue(try device.manager.addTime(.seconds(-120), id: "tea"))
    center.drain()
    XCTAssertEqual(center.pending.map(\.identifier), [alerts.identifier(for: "tea")])
    XCTAssertEqual(center.pending.first?.fireDate, device.manager.endDate(id: "tea"))
    XCTAssertEqual(try XCTUnwrap(center.pending.first?.fireDate).timeIntervalSince(firstEnd), -60, accuracy: 0.001)
  }

  /// Silent: the article's table has "gets time added or taken | moved to the new end" and "ends |
  /// fires"; taking more time than is left ends the countdown at once. An iOS developer expects no
  /// request left pending at the old end (the alert fires now, or is gone).
  func testScenario03bTakingTimePastTheEndLeavesNoAlertAtTheOldEnd() throws {
    let (device, center, alerts) = try notifications()
    try device.manager.start(id: "tea", for: .seconds(180)) { _, _, _ in }
    center.drain()

    XCTAssertTrue(try device.manager.addTime(.seconds(-600), id: "tea"))
    center.drain()
    XCTAssertFalse(device.manager.contains(id: "tea"), "the countdown ended with its 0")
    XCTAssertEqual(center.pending, [], "no alert left at the old end")
    XCTAssertEqual(alerts.scheduledIDs, [])
  }

  // MARK: - 4. Cancel, and an end

  func testScenario04CancelRemovesTheAlertAndAnEndDeliversItLeavingNothingPending() throws {
    let (device, center, alerts) = try notifications()
    try device.manager.start(id: "tea", for: .seconds(180)) { _, _, _ in }
    try device.manager.start(id: "eggs", for: .seconds(60)) { _, _, _ in }
    center.drain()
    XCTAssertEqual(center.pending.count, 2)

    XCTAssertTrue(device.manager.cancel(id: "tea"))
    center.drain()
    XCTAssertEqual(center.pending.map(\.identifier), [alerts.identifier(for: "eggs")])

    try device.clock.advance(by: .seconds(60))
    center.drain()
    XCTAssertFalse(device.manager.contains(id: "eggs"))
    XCTAssertEqual(center.delivered.map(\.identifier), [alerts.identifier(for: "eggs")])
    XCTAssertEqual(center.pending, [])
    XCTAssertEqual(alerts.scheduledIDs, [])
    try device.clock.advance(by: .seconds(600))
    center.drain()
    XCTAssertEqual(
      center.delivered.map(\.identifier), [alerts.identifier(for: "eggs")], "the cancelled tea never rings")
  }

  // MARK: - 5. Milestones

  func testScenario05AMilestoneAlertComesBeforeTheEnd() throws {
    let device = try Device()
    let center = FakeNotificationCenter(now: device.wall)
    let alerts = try CountdownNotifications(
      String.self, manager: device.manager, center: center, milestones: [.seconds(60)]
    ) { id, moment in
      switch moment {
      case .end: CountdownAlertContent(title: "Timer", body: "\(id) is done.")
      case .timeLeft: CountdownAlertContent(title: "Timer", body: "\(id): almost done.", sound: nil)
      }
    }
    let end = alerts.identifier(for: "tea")
    let minuteLeft = alerts.identifier(for: "tea", moment: .timeLeft(.seconds(60)))
    XCTAssertNotEqual(end, minuteLeft)
    try device.manager.start(id: "tea", for: .seconds(180)) { _, _, _ in }
    center.drain()

    XCTAssertEqual(center.pending.map(\.identifier), [minuteLeft, end], "soonest first")
    let endDate = try XCTUnwrap(device.manager.endDate(id: "tea"))
    XCTAssertEqual(center.pending.first { $0.identifier == end }?.fireDate, endDate)
    let milestoneDate = try XCTUnwrap(center.pending.first { $0.identifier == minuteLeft }?.fireDate)
    XCTAssertEqual(endDate.timeIntervalSince(milestoneDate), 60, accuracy: 0.001)
    XCTAssertEqual(center.pending.first?.content.body, "tea: almost done.")
    XCTAssertNil(center.pending.first?.content.sound)

    try device.clock.advance(by: .seconds(120))
    center.drain()
    XCTAssertEqual(center.delivered.map(\.identifier), [minuteLeft])
    XCTAssertEqual(center.pending.map(\.identifier), [end])

    try device.clock.advance(by: .seconds(60))
    center.drain()
    // "ends | fires; nothing is removed (its trigger was met), but its delivered milestone alerts"
    XCTAssertEqual(center.delivered.map(\.identifier), [end])
    XCTAssertEqual(center.pending, [])
  }

  // MARK: - 6. The budget

  func testScenario06MoreCountdownsThanTheBudgetKeepOnlyTheSoonestEndingPending() throws {
    let device = try Device()
    let center = FakeNotificationCenter(now: device.wall)
    let alerts = try CountdownNotifications(
      String.self, manager: device.manager, center: center, budget: 3, content: Self.done)
    XCTAssertEqual(alerts.budget, 3)
    for (id, minutes) in [("bread", 40), ("tea", 3), ("rice", 15), ("eggs", 9), ("roast", 90)] {
      try device.manager.start(id: id, for: .seconds(minutes * 60)) { _, _, _ in }
    }
    center.drain()
    XCTAssertEqual(Set(center.pending.map(\.identifier)), identifiers(["tea", "eggs", "rice"], of: alerts))
    XCTAssertEqual(Set(alerts.scheduledIDs), ["tea", "eggs", "rice"])

    XCTAssertTrue(device.manager.cancel(id: "eggs"))  // one goes: the next is added
    center.drain()
    XCTAssertEqual(Set(center.pending.map(\.identifier)), identifiers(["tea", "rice", "bread"], of: alerts))

    try device.clock.advance(by: .seconds(180))  // the tea ends: its alert fires, the roast's is added
    center.drain()
    XCTAssertEqual(center.delivered.map(\.identifier), [alerts.identifier(for: "tea")])
    XCTAssertEqual(Set(center.pending.map(\.identifier)), identifiers(["rice", "bread", "roast"], of: alerts))
    XCTAssertEqual(Set(alerts.scheduledIDs), ["rice", "bread", "roast"])
    XCTAssertEqual(center.pending.first?.fireDate, device.manager.endDate(id: "rice"))
  }

  // MARK: - 7. Authorization denied

  func testScenario07ADeniedAuthorizationIsReportedAndRecoversWhenGranted() throws {
    let (device, center, failures, alerts) = try deniedWithTeaStarted()

    XCTAssertEqual(failures.values, [.notAuthorized])
    XCTAssertEqual(failures.values.first?.requestIdentifier, alerts.identifier(for: "tea"))
    XCTAssertEqual(center.pending, [])
    XCTAssertTrue(device.manager.contains(id: "tea"), "the countdowns are never affected")
    XCTAssertEqual(device.manager.timeLeft(id: "tea"), .seconds(180))

    center.authorization = .authorized  // the user allowed notifications in Settings
    alerts.retry()
    center.drain()
    XCTAssertEqual(center.pending.map(\.identifier), [alerts.identifier(for: "tea")])
    XCTAssertEqual(center.pending.first?.fireDate, device.manager.endDate(id: "tea"))
    XCTAssertEqual(failures.values.count, 1, "nothing more reported once granted")
  }

  // MARK: - 8. Relaunch

  func testScenario08ARelaunchRestoresTheAlertsWithNothingDuplicatedNorLost() throws {
    let device = try Device()
    let center = FakeNotificationCenter(now: device.wall)  // the system's: it outlives the process
    let content = Self.done
    // The first launch.
    let firstManager = try CountdownManager(clock: device.clock, wallClock: device.wall)
    var firstAlerts: CountdownNotifications<String>? = try CountdownNotifications(
      String.self, manager: firstManager, center: center, content: content)
    try firstManager.start(id: "tea", for: .seconds(180)) { _, _, _ in }
    try firstManager.start(id: "eggs", for: .seconds(540)) { _, _, _ in }
    try firstManager.start(id: "bread", for: .seconds(2_400)) { _, _, _ in }
    XCTAssertTrue(firstManager.pause(id: "bread"))
    let saved = try JSONEncoder().encode(firstManager.snapshot(of: String.self))
    try firstManager.start(id: "toast", for: .seconds(300)) { _, _, _ in }  // after the save: lost with the process
    center.drain()
    let teaEnd = try XCTUnwrap(firstManager.endDate(id: "tea"))
    let eggsEnd = try XCTUnwrap(firstManager.endDate(id: "eggs"))
    XCTAssertEqual(Set(center.pending.map(\.identifier)), identifiers(["tea", "eggs", "toast"], of: firstAlerts))

    // The process ends; what is pending stays ("it is the user's alarm").
    XCTAssertNotNil(firstAlerts)
    firstAlerts = nil
    firstManager.cancelAll()
    center.drain()
    XCTAssertEqual(center.pending.count, 3, "releasing the alerts stops following; the pending requests stay")
    try device.clock.advance(by: .seconds(60))

    // The next launch: restore, then follow.
    let manager = try CountdownManager(clock: device.clock, wallClock: device.wall)
    let restoration = try manager.restore(CountdownSnapshot<String>(decoding: saved)) { _, _, _ in }
    XCTAssertEqual(Set(restoration.ids), ["tea", "eggs", "bread"])
    let alerts = try CountdownNotifications(String.self, manager: manager, center: center, content: content)
    center.drain()

    XCTAssertEqual(center.pending.map(\.identifier), [alerts.identifier(for: "tea"), alerts.identifier(for: "eggs")])
    XCTAssertEqual(center.pending.first?.fireDate, manager.endDate(id: "tea"))
    XCTAssertEqual(try XCTUnwrap(center.pending.first?.fireDate).timeIntervalSince(teaEnd), 0, accuracy: 0.001)
    XCTAssertEqual(try XCTUnwrap(center.pending.last?.fireDate).timeIntervalSince(eggsEnd), 0, accuracy: 0.001)
    XCTAssertEqual(Set(alerts.scheduledIDs), ["tea", "eggs"])

    XCTAssertTrue(manager.resume(id: "bread"))
    center.drain()
    XCTAssertEqual(center.pending.last?.identifier, alerts.identifier(for: "bread"))
    XCTAssertEqual(center.pending.last?.fireDate, manager.endDate(id: "bread"))
    try device.clock.advance(by: .seconds(3_000))
    center.drain()
    XCTAssertEqual(
      center.delivered.map(\.identifier), ["tea", "eggs", "bread"].map { alerts.identifier(for: $0) },
      "each rings once, the toast no countdown has any more never")
  }

  // MARK: - 9. The app's own requests

  func testScenario09TheAppsOwnPendingRequestsAreNeverTouched() throws {
    let device = try Device()
    let center = FakeNotificationCenter(now: device.wall)
    let water = CountdownAlertContent(title: "Drink", body: "Water")
    center.schedule(identifier: "reminder-water", content: water, fireDate: device.wall() + 120)
    center.schedule(identifier: "weekly-digest", content: water, fireDate: device.wall() + 7 * 86_400)
    center.schedule(identifier: "countdown-alerts/Orders/end/tea", content: water, fireDate: device.wall() + 500)
    let alerts = try CountdownNotifications(
      String.self, manager: device.manager, center: center, budget: 2, content: Self.done)
    // Everything an app does to its countdowns.
    try device.manager.start(id: "tea", for: .seconds(180)) { _, _, _ in }
    try device.manager.start(id: "eggs", for: .seconds(540)) { _, _, _ in }
    try device.manager.start(id: "bread", for: .seconds(2_400)) { _, _, _ in }
    XCTAssertTrue(device.manager.pause(id: "eggs"))
    XCTAssertTrue(device.manager.resume(id: "eggs"))
    XCTAssertTrue(try device.manager.addTime(.seconds(30), id: "eggs"))
    alerts.refreshAll()
    XCTAssertTrue(device.manager.cancel(id: "bread"))
    center.drain()
    try device.clock.advance(by: .seconds(200))  // the water reminder and the tea ring
    center.drain()
    device.manager.cancelAll()
    center.drain()

    XCTAssertFalse(alerts.isOwnRequest("reminder-water"))
    XCTAssertFalse(alerts.isOwnRequest("countdown-alerts/Orders/end/tea"))
    for call in center.calls {
      for identifier in call.identifiers {
        XCTAssertTrue(alerts.isOwnRequest(identifier), "\(call) names the app's own \(identifier)")
      }
    }
    XCTAssertEqual(
      center.pending.map(\.identifier), ["countdown-alerts/Orders/end/tea", "weekly-digest"],
      "the app's requests stay pending, the alerts' are gone")
    XCTAssertEqual(center.delivered.map(\.identifier), ["reminder-water", alerts.identifier(for: "tea")])
  }

  // MARK: - 10. In the foreground

  func testScenario10ForegroundPresentationIsNothingByDefaultAndWhatIsPassed() throws {
    let device = try Device()
    let center = FakeNotificationCenter(now: device.wall)
    center.schedule(
      identifier: "reminder-water", content: CountdownAlertContent(title: "Drink", body: "Water"),
      fireDate: device.wall() + 30)
    let quiet = try CountdownNotifications(String.self, manager: device.manager, center: center, content: Self.done)
    let heard = try CountdownNotifications(
      String.self, manager: device.manager, center: center, namespace: "Heard", foregroundPresentation: [.sound],
      content: Self.done
    )
    XCTAssertEqual(quiet.foregroundPresentation, [])
    XCTAssertEqual(heard.foregroundPresentation, [.sound])
    try device.manager.start(id: "tea", for: .seconds(60)) { _, _, _ in }
    try device.clock.advance(by: .seconds(60))
    center.drain()
    XCTAssertEqual(
      Set(center.delivered.map(\.identifier)),
      ["reminder-water", quiet.identifier(for: "tea"), heard.identifier(for: "tea")])

    // What the app's `willPresent` hands back (its `presentationOptions(for:)` on Apple's systems).
    XCTAssertEqual(quiet.foregroundPresentation(forRequest: quiet.identifier(for: "tea")), [])
    XCTAssertEqual(heard.foregroundPresentation(forRequest: heard.identifier(for: "tea")), [.sound])
    XCTAssertNil(quiet.foregroundPresentation(forRequest: "reminder-water"), "the app decides for its own")
    XCTAssertNil(quiet.foregroundPresentation(forRequest: heard.identifier(for: "tea")))
    XCTAssertNil(heard.foregroundPresentation(forRequest: quiet.identifier(for: "tea")))
  }

  // MARK: - 15. From a delivered request back to its countdown

  func testScenario15ADeliveredRequestsIdentifierGivesItsCountdownAndMoment() throws {
    let device = try Device()
    let center = FakeNotificationCenter(now: device.wall)
    let alerts = try CountdownNotifications(
      String.self, manager: device.manager, center: center, milestones: [.seconds(60)],
      content: Self.done
    )
    let orders = try CountdownNotifications(Int.self, manager: device.manager, center: center, namespace: "Orders") {
      id, _ in CountdownAlertContent(title: "Order", body: "\(id) is here.")
    }
    try device.manager.start(id: "tea", for: .seconds(120)) { _, _, _ in }
    try device.manager.start(id: 42, for: .seconds(90)) { _, _, _ in }

    try device.clock.advance(by: .seconds(60))
    center.drain()
    let milestone = try XCTUnwrap(center.delivered.first?.identifier)
    XCTAssertEqual(alerts.countdownID(forRequest: milestone), "tea")
    XCTAssertEqual(alerts.id(forRequest: milestone), "tea")
    XCTAssertEqual(alerts.moment(forRequest: milestone), .timeLeft(.seconds(60)))

    try device.clock.advance(by: .seconds(60))
    center.drain()
    let delivered = center.delivered.map(\.identifier)
    XCTAssertEqual(delivered.count, 2, "\(delivered)")
    let order = try XCTUnwrap(delivered.first { orders.isOwnRequest($0) })
    XCTAssertEqual(orders.countdownID(forRequest: order), "42")
    XCTAssertEqual(orders.id(forRequest: order), 42)
    XCTAssertEqual(orders.moment(forRequest: order), .end)
    XCTAssertNil(alerts.id(forRequest: order), "another follower's request")
    let end = try XCTUnwrap(delivered.first { alerts.isOwnRequest($0) })
    XCTAssertEqual(alerts.id(forRequest: end), "tea")
    XCTAssertEqual(alerts.moment(forRequest: end), .end)
    XCTAssertNil(alerts.countdownID(forRequest: "reminder-water"))
    XCTAssertNil(alerts.moment(forRequest: "reminder-water"))
  }

  /// Silent: the article says requests are named `countdown-alerts/<namespace>/<moment>/<id>` and
  /// `id(forRequest:)` gives the id back; nothing says an id may not contain `/`. An iOS developer
  /// keys timers by paths or URLs and expects them back.
  func testScenario15bAnIdWithASlashComesBackFromItsRequest() throws {
    let (device, center, alerts) = try notifications()
    try device.manager.start(id: "kitchen/tea", for: .seconds(60)) { _, _, _ in }
    try device.clock.advance(by: .seconds(60))
    center.drain()
    let delivered = try XCTUnwrap(center.delivered.first?.identifier)
    XCTAssertEqual(alerts.countdownID(forRequest: delivered), "kitchen/tea")
    XCTAssertEqual(alerts.id(forRequest: delivered), "kitchen/tea")
    XCTAssertEqual(alerts.moment(forRequest: delivered), .end)
  }

  /// "is paused, or frozen by a suspension (`SuspensionPolicy.pauses`) | removed; added again at its
  /// new end when it runs".
  func testScenario02bASuspensionFreezingACountdownRemovesItsAlertUntilItRuns() throws {
    let device = try Device()
    let center = FakeNotificationCenter(now: device.wall)
    let alerts = try CountdownNotifications(String.self, manager: device.manager, center: center) { id, _ in
      CountdownAlertContent(title: "Quiz", body: "\(id) is over.")
    }
    try device.manager.start(id: "quiz", for: .seconds(100), whileSuspended: .pauses) { _, _, _ in }
    try device.manager.start(id: "tea", for: .seconds(180)) { _, _, _ in }
    center.drain()
    device.manager.suspendTicking()
    center.drain()
    XCTAssertEqual(center.pending.map(\.identifier), [alerts.identifier(for: "tea")], "the quiz is frozen")
    try device.clock.advance(by: .seconds(60))
    device.manager.resumeTicking()
    center.drain()
    XCTAssertEqual(
      center.pending.map(\.identifier), [alerts.identifier(for: "quiz"), alerts.identifier(for: "tea")])
    let quizEnd = try XCTUnwrap(center.pending.first?.fireDate)
    XCTAssertEqual(quizEnd, device.manager.endDate(id: "quiz"))
    XCTAssertEqual(quizEnd.timeIntervalSince(device.wall()), 100, accuracy: 0.001)
  }

  /// "Of countdowns that end at the same instant, the one whose latest change came first is
  /// pending", and "a budget of 20 with two milestones: six countdowns, 18 requests".
  func testScenario06bEqualEndsAndMilestonesShareTheBudgetAsDocumented() throws {
    let device = try Device()
    let center = FakeNotificationCenter(now: device.wall)
    let alerts = try CountdownNotifications(
      String.self, manager: device.manager, center: center, milestones: [.seconds(600), .seconds(60)],
      content: Self.done
    )
    for index in 0..<8 {
      try device.manager.start(id: "timer\(index)", for: .seconds(3_600 + index)) { _, _, _ in }
    }
    center.drain()
    XCTAssertEqual(center.pending.count, 18)
    XCTAssertEqual(Set(alerts.scheduledIDs), Set((0..<6).map { "timer\($0)" }))

    let other = try Device()
    let sameEnd = FakeNotificationCenter(now: other.wall)
    let twoOnly = try CountdownNotifications(
      String.self, manager: other.manager, center: sameEnd, budget: 1, content: Self.done)
    let end = other.wall() + 300
    try other.manager.start(id: "first", until: end) { _, _, _ in }
    try other.manager.start(id: "second", until: end) { _, _, _ in }
    sameEnd.drain()
    XCTAssertEqual(sameEnd.pending.map(\.identifier), [twoOnly.identifier(for: "first")])
  }

  /// "When the app's own requests and the budget together want more than 64, the system drops some
  /// ... With `onFailure` set ... report each of their own it dropped as `requestDropped`, once,
  /// with its identifier."
  func testScenario09bARequestTheSystemDroppedPastItsLimitIsReportedOnce() throws {
    let device = try Device()
    let center = FakeNotificationCenter(now: device.wall)
    for index in 0..<60 {
      center.schedule(
        identifier: "app-\(index)", content: CountdownAlertContent(title: "App", body: "\(index)"),
        fireDate: device.wall() + Double(10 + index))
    }
    let failures = Recorder<CountdownAlertError>()
    let alerts = try CountdownNotifications(
      String.self, manager: device.manager, center: center, onFailure: { failures.append($0) },
      content: Self.done)
    for index in 0..<6 {
      try device.manager.start(id: "timer\(index)", for: .seconds(3_600 + index)) { _, _, _ in }
      center.drain()
    }
    XCTAssertEqual(center.pending.count, 64)
    XCTAssertEqual(center.droppedCount, 2)
    XCTAssertEqual(
      Set(failures.values.map(\.requestIdentifier)),
      [alerts.identifier(for: "timer4"), alerts.identifier(for: "timer5")])
    XCTAssertEqual(failures.values.count, 2, "once each: \(failures.values)")
    XCTAssertTrue(failures.values.allSatisfy { $0 == .requestDropped })
    XCTAssertEqual(Set(alerts.scheduledIDs).count, 6, "still listed")
    XCTAssertTrue(center.pending.contains { $0.identifier == "app-59" }, "the app's own are never touched")
  }

  /// Silent on a countdown that ended while the app was not running: its alert fired then. An iOS
  /// developer expects the relaunch not to ring it a second time, nor to leave anything of it.
  func testScenario08bACountdownThatEndedWhileTheAppWasGoneDoesNotRingAgainAfterRelaunch() throws {
    let device = try Device()
    let center = FakeNotificationCenter(now: device.wall)
    let content = Self.done
    let firstManager = try CountdownManager(clock: device.clock, wallClock: device.wall)
    var firstAlerts: CountdownNotifications<String>? = try CountdownNotifications(
      String.self, manager: firstManager, center: center, milestones: [.seconds(60)], content: content)
    try firstManager.start(id: "tea", for: .seconds(180)) { _, _, _ in }
    try firstManager.start(id: "eggs", for: .seconds(540)) { _, _, _ in }
    let saved = try JSONEncoder().encode(firstManager.snapshot(of: String.self))
    center.drain()
    XCTAssertNotNil(firstAlerts)
    firstAlerts = nil
    firstManager.cancelAll()
    try device.clock.advance(by: .seconds(200))  // the tea's milestone and end ring with the app gone
    center.drain()
    XCTAssertEqual(center.delivered.count, 2)

    let manager = try CountdownManager(clock: device.clock, wallClock: device.wall)
    let restoration = try manager.restore(CountdownSnapshot<String>(decoding: saved)) { _, _, _ in }
    XCTAssertEqual(Array(restoration.ended.keys), ["tea"])
    let alerts = try CountdownNotifications(
      String.self, manager: manager, center: center, milestones: [.seconds(60)], content: content)
    center.drain()
    XCTAssertEqual(
      center.pending.map(\.identifier),
      [alerts.identifier(for: "eggs", moment: .timeLeft(.seconds(60))), alerts.identifier(for: "eggs")])
    // "Of a countdown that ended while the app was not running, a delivered milestone alert stays".
    XCTAssertEqual(
      center.delivered.map(\.identifier),
      [alerts.identifier(for: "tea", moment: .timeLeft(.seconds(60))), alerts.identifier(for: "tea")])
    try device.clock.advance(by: .seconds(600))
    center.drain()
    XCTAssertEqual(center.delivered.filter { $0.identifier == alerts.identifier(for: "tea") }.count, 1)
  }

  /// "the next change, or `retry()`, tries again": without `retry()`, a change of any followed
  /// countdown adds the refused request once notifications are allowed.
  func testScenario07bTheNextChangeTriesARefusedRequestAgain() throws {
    let (device, center, failures, alerts) = try deniedWithTeaStarted()
    XCTAssertEqual(failures.values, [.notAuthorized])
    center.authorization = .authorized
    try device.manager.start(id: "eggs", for: .seconds(540)) { _, _, _ in }
    center.drain()
    XCTAssertEqual(center.pending.map(\.identifier), [alerts.identifier(for: "tea"), alerts.identifier(for: "eggs")])
  }

  /// "is cancelled, or all are | removed (and a delivered milestone alert with it)".
  func testScenario04bACancelRemovesTheDeliveredMilestoneAlertToo() throws {
    let device = try Device()
    let center = FakeNotificationCenter(now: device.wall)
    let alerts = try CountdownNotifications(
      String.self, manager: device.manager, center: center, milestones: [.seconds(60)],
      content: Self.done
    )
    try device.manager.start(id: "tea", for: .seconds(180)) { _, _, _ in }
    try device.clock.advance(by: .seconds(130))
    center.drain()
    XCTAssertEqual(center.delivered.map(\.identifier), [alerts.identifier(for: "tea", moment: .timeLeft(.seconds(60)))])
    XCTAssertTrue(device.manager.cancel(id: "tea"))
    center.drain()
    XCTAssertEqual(center.delivered, [])
    XCTAssertEqual(center.pending, [])
  }

  /// Silent on an empty namespace for notifications (the docs reject one only for alarms and Live
  /// Activities): an iOS developer expects two followers of different namespaces on one center
  /// never to touch each other's requests, at their start included.
  func testScenario09cFollowersOfDifferentNamespacesNeverTouchEachOthersRequests() throws {
    let device = try Device()
    let center = FakeNotificationCenter(now: device.wall)
    let timers = try CountdownNotifications(String.self, manager: device.manager, center: center, content: Self.done)
    try device.manager.start(id: "tea", for: .seconds(180)) { _, _, _ in }
    center.drain()
    let other = try CountdownManager(clock: device.clock, wallClock: device.wall)
    let unnamed = try CountdownNotifications(String.self, manager: other, center: center, namespace: "") { id, _ in
      CountdownAlertContent(title: "Other", body: "\(id) is done.")
    }
    try other.start(id: "tea", for: .seconds(60)) { _, _, _ in }
    center.drain()
    XCTAssertNotEqual(unnamed.identifier(for: "tea"), timers.identifier(for: "tea"))
    XCTAssertFalse(unnamed.isOwnRequest(timers.identifier(for: "tea")))
    XCTAssertFalse(timers.isOwnRequest(unnamed.identifier(for: "tea")))
    XCTAssertEqual(
      Set(center.pending.map(\.identifier)), [timers.identifier(for: "tea"), unnamed.identifier(for: "tea")])
    other.cancelAll()
    center.drain()
    XCTAssertEqual(center.pending.map(\.identifier), [timers.identifier(for: "tea")])
  }

  /// Silent on how a milestone and an id are written into the identifier: an iOS developer expects
  /// `moment(forRequest:)` and `id(forRequest:)` to give back exactly what was followed.
  func testScenario15cAFractionalMilestoneAndAnUnusualIdComeBackExactly() throws {
    let device = try Device()
    let center = FakeNotificationCenter(now: device.wall)
    let alerts = try CountdownNotifications(
      String.self, manager: device.manager, center: center, milestones: [.milliseconds(1_500)],
      content: Self.done
    )
    let id = "Tea 🍵 für 2 %2F?"
    try device.manager.start(id: id, for: .seconds(10)) { _, _, _ in }
    try device.clock.advance(by: .milliseconds(8_500))
    center.drain()
    let milestone = try XCTUnwrap(center.delivered.first?.identifier)
    XCTAssertEqual(alerts.id(forRequest: milestone), id)
    XCTAssertEqual(alerts.moment(forRequest: milestone), .timeLeft(.milliseconds(1_500)))
  }

  /// The README makes the alerts "At launch", the article "after restoring the countdowns": an app
  /// that follows the README makes them first. Silent on that order; an iOS developer expects the
  /// same pending requests either way, since "Every countdown ... is followed, whatever starts it:
  /// ... a restore after a relaunch".
  func testScenario08cAlertsMadeBeforeTheRestoreEndWithTheSamePendingRequests() throws {
    let device = try Device()
    let center = FakeNotificationCenter(now: device.wall)
    let content = Self.done
    let firstManager = try CountdownManager(clock: device.clock, wallClock: device.wall)
    var firstAlerts: CountdownNotifications<String>? = try CountdownNotifications(
      String.self, manager: firstManager, center: center, content: content)
    try firstManager.start(id: "tea", for: .seconds(180)) { _, _, _ in }
    try firstManager.start(id: "eggs", for: .seconds(540)) { _, _, _ in }
    let saved = try JSONEncoder().encode(firstManager.snapshot(of: String.self))
    try firstManager.start(id: "toast", for: .seconds(300)) { _, _, _ in }
    center.drain()
    XCTAssertNotNil(firstAlerts)
    firstAlerts = nil
    firstManager.cancelAll()
    try device.clock.advance(by: .seconds(60))

    let manager = try CountdownManager(clock: device.clock, wallClock: device.wall)
    let alerts = try CountdownNotifications(String.self, manager: manager, center: center, content: content)
    try manager.restore(CountdownSnapshot<String>(decoding: saved)) { _, _, _ in }
    center.drain()
    XCTAssertEqual(center.pending.map(\.identifier), [alerts.identifier(for: "tea"), alerts.identifier(for: "eggs")])
    XCTAssertEqual(center.pending.first?.fireDate, manager.endDate(id: "tea"))
    XCTAssertEqual(Set(alerts.scheduledIDs), ["tea", "eggs"])
  }
}
