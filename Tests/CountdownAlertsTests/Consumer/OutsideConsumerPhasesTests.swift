import CountdownAlerts
import CountdownAlertsTesting
import CountdownKit
import Foundation
import XCTest

/// A Pomodoro whose every phase end rings, as an app developer writes it from the README, the
/// "Countdowns in phases" article and the alerts article's "Every phase end rings" alone
/// (``OutsideConsumerTestCase``): 25 minutes of focus, 5 of break, every fourth break a long one of
/// 15, forever; each expectation is what those pages say, the plan written out by hand.
final class OutsideConsumerPhasesTests: OutsideConsumerTestCase {
  // MARK: - 15. Every phase end has its request, with the next phase "until HH:MM"

  func testScenario15EveryPhaseEndHasItsRequestNamingTheNextPhaseUntilItsEnd() throws {
    try MainActor.assumeIsolated {
      let (device, center, alerts) = try Self.untilAlerts()
      let app = FocusApp()
      try device.manager.start(id: "pomodoro", plan: Self.pomodoro(), app.handle)
      center.drain()

      // "as many as the budget holds ends": 20 by default, the soonest first.
      Self.assertPendingAreTheEnds(0..<20, from: device.start, on: center, alerts)
      XCTAssertEqual(
        center.pending.first?.content,
        CountdownAlertContent(title: "Focus done", body: "Break until \(Self.time(device.start + 30 * 60)).")
      )
      XCTAssertEqual(
        center.pending[7].content,
        CountdownAlertContent(
          title: "Long break done", body: "Focus until \(Self.time(device.start + (130 + 25) * 60))."),
        "the fourth break is the long one")

      // A whole round and into the next: each end rings once, on time, and one more is requested
      // behind the others, with a single add.
      for ordinal in 0..<9 {
        center.clearCalls()
        try device.advance(to: Self.end(of: ordinal))
        center.drain()
        XCTAssertEqual(center.delivered.last?.identifier, alerts.identifier(for: "pomodoro", phaseOrdinal: ordinal))
        XCTAssertEqual(app.heard.last?.ordinal, ordinal)
        XCTAssertEqual(app.heard.last?.lateness, .zero, "on the manual clock an end comes at its instant")
        XCTAssertEqual(app.positions.last?.ordinal, ordinal + 1)
        XCTAssertEqual(app.positions.last?.phase.name, Self.name(of: ordinal + 1))
        XCTAssertEqual(app.positions.last?.isLongBreak, ordinal + 1 == 7)
        XCTAssertEqual(app.positions.last?.phaseEndDate, device.start + Self.end(of: ordinal + 1))
        XCTAssertNil(app.positions.last?.planEndDate, "a forever plan has no end")
        Self.assertPendingAreTheEnds((ordinal + 1)..<(ordinal + 21), from: device.start, on: center, alerts)
        XCTAssertEqual(
          center.calls, [.add(alerts.identifier(for: "pomodoro", phaseOrdinal: ordinal + 20))],
          "one add; those that did not move are not touched (end \(ordinal))")
      }
      XCTAssertEqual(app.heard.map(\.ordinal), Array(0..<9), "each end heard once, in order")
      XCTAssertEqual(center.delivered.count, 9)
      XCTAssertEqual(alerts.scheduledIDs, ["pomodoro"])
    }
  }

  // MARK: - 16. A skip, a restart, time added, a pause and a resume

  func testScenario16TheAppsChangesMoveTheRequestsAndASkippedPhaseNeverRings() throws {
    try MainActor.assumeIsolated {
      let (device, center, alerts) = try Self.untilAlerts()
      let app = FocusApp()
      try device.manager.start(id: "pomodoro", plan: Self.pomodoro(), app.handle)

      // Interrupted ten minutes in: the focus starts over, and every later end moves by 10 minutes.
      try device.clock.advance(by: .seconds(10 * 60))
      XCTAssertTrue(device.manager.restartPhase(id: "pomodoro"))
      center.drain()
      Self.assertPendingAreTheEnds(0..<20, from: device.start + 10 * 60, on: center, alerts)
      XCTAssertEqual(device.manager.phasePosition(id: "pomodoro")?.timeLeftInPhase, .seconds(25 * 60))

      // The focus ends at 35; "Skip break" two minutes into the break: the next focus starts now.
      try device.clock.advance(by: .seconds(27 * 60))
      XCTAssertTrue(device.manager.skipPhase(id: "pomodoro"))
      center.drain()
      let skippedAt = device.start + 37 * 60
      XCTAssertEqual(device.manager.phasePosition(id: "pomodoro")?.ordinal, 2)
      XCTAssertEqual(device.manager.phasePosition(id: "pomodoro")?.phaseEndDate, skippedAt + 25 * 60)
      Self.assertPendingAreTheEnds(2..<22, from: skippedAt - Self.end(of: 1), on: center, alerts)
      try device.clock.advance(by: .seconds(5 * 60))  // past where the break would have ended
      center.drain()
      XCTAssertEqual(
        center.delivered.map(\.identifier), [alerts.identifier(for: "pomodoro", phaseOrdinal: 0)],
        "a skipped phase's end never rings")
      XCTAssertEqual(app.heard.map(\.ordinal), [0], "no end delivered for the phase skipped")

      // Five more minutes for this focus: its end and every later one move.
      XCTAssertTrue(try device.manager.addTime(.seconds(5 * 60), id: "pomodoro"))
      center.drain()
      Self.assertPendingAreTheEnds(2..<22, from: skippedAt - Self.end(of: 1) + 5 * 60, on: center, alerts)
      XCTAssertEqual(
        center.pending.first?.content.body, "Break until \(Self.time(skippedAt + (25 + 5 + 5) * 60)).",
        "the closure was asked again: the break's end moved")

      // A pause removes them; the resume adds them again, shifted by the pause.
      XCTAssertTrue(device.manager.pause(id: "pomodoro"))
      center.drain()
      XCTAssertEqual(center.pending, [])
      XCTAssertEqual(alerts.scheduledIDs, [])
      try device.clock.advance(by: .seconds(10 * 60))
      center.drain()
      XCTAssertEqual(center.delivered.count, 1, "paused: nothing rings")
      XCTAssertTrue(device.manager.resume(id: "pomodoro"))
      center.drain()
      Self.assertPendingAreTheEnds(2..<22, from: skippedAt - Self.end(of: 1) + 15 * 60, on: center, alerts)
      XCTAssertEqual(
        device.manager.phasePosition(id: "pomodoro")?.phaseEndDate,
        center.pending.first?.fireDate, "the app and the request agree on the focus's end")
    }
  }

  // MARK: - 17. A suspension across three ends

  func testScenario17ASuspensionAcrossThreeEndsRingsThemAwayAndReportsThemOnReturnInOrder() throws {
    try MainActor.assumeIsolated {
      let (device, center, alerts) = try Self.untilAlerts()
      let alarmCenter = FakeAlarmCenter(now: device.wall)
      let alarms = try CountdownAlarms(String.self, manager: device.manager, center: alarmCenter)
      let activityCenter = FakeActivityCenter<CountdownTimerDates>(now: device.wall)
      let activities = CountdownLiveActivities(String.self, manager: device.manager, center: activityCenter) {
        _, dates in dates
      }
      alarmCenter.answerListings()
      let activity = activityCenter.start(countdownID: "pomodoro", state: nil, staleDate: nil)
      let app = FocusApp()
      try device.manager.start(id: "pomodoro", plan: Self.pomodoro(), app.handle)
      center.drain()
      try device.clock.advance(by: .seconds(20 * 60))

      device.manager.suspendTicking()  // the app goes to the background at 20 minutes
      try device.clock.advance(by: .seconds(38 * 60))  // back at 58: the ends at 25, 30 and 55 passed
      center.drain()
      XCTAssertEqual(
        center.delivered.map(\.identifier), (0..<3).map { alerts.identifier(for: "pomodoro", phaseOrdinal: $0) },
        "they rang while the app was away")
      XCTAssertEqual(center.delivered.map(\.fireDate), [25, 30, 55].map { device.start + Double($0 * 60) })
      XCTAssertEqual(app.heard.count, 0, "a suspended app runs no code")
      let alarm = { (ordinal: Int) in
        alarmCenter.alarms.first { $0.id == alarms.alarmID(for: "pomodoro", ordinal: ordinal) }
      }
      XCTAssertEqual(alarm(0)?.state, .alerting, "only the current phase's end rings")
      XCTAssertNil(alarm(1))
      XCTAssertEqual(
        activityCenter.activity(activity)?.staleDate, device.start + 25 * 60, "the activity stays at the focus, stale")

      device.manager.resumeTicking()
      // On the main thread what came due while suspended waits for the clock's next advance (the
      // manual clock article): a real timer would fire at once.
      try device.clock.advance(by: .zero)
      XCTAssertEqual(app.callsWithEnds, 1, "one call with every end that passed (a call with the value follows)")
      // "at most one cycle's worth of ends (the longest of the warm-up, a block's cycle and the
      // cool-down) come one by one": a cycle here is a focus and a break, so the first end comes
      // in the summary.
      XCTAssertEqual(app.heard.map(\.ordinal), [1, 2], "oldest first")
      XCTAssertEqual(app.heard.map(\.lateness), [28, 3].map { Duration.seconds($0 * 60) })
      XCTAssertEqual(app.heard.map(\.date), [30, 55].map { device.start + Double($0 * 60) })
      XCTAssertEqual(app.lastEarlier?.ordinals, 0..<1)
      XCTAssertEqual(app.lastEarlier?.firstDate, device.start + 25 * 60)
      XCTAssertEqual(app.lastEarlier?.lateness, .seconds(33 * 60))
      XCTAssertEqual(app.positions.last?.ordinal, 3)
      XCTAssertEqual(app.positions.last?.timeLeftInPhase, .seconds(2 * 60))
      XCTAssertEqual(app.rang, [], "the article's handler rings no bell for an end more than a minute late")
      center.drain()
      Self.assertPendingAreTheEnds(3..<23, from: device.start, on: center, alerts)
      XCTAssertEqual(alarm(3)?.fireDate, device.start + 60 * 60, "the alarm of the phase it is in")
      XCTAssertNil(alarm(1), "the ends missed get no alarm")
      XCTAssertNil(alarm(2))
      XCTAssertEqual(activityCenter.activity(activity)?.staleDate, device.start + 60 * 60)
      withExtendedLifetime(activities) {}
    }
  }

  // MARK: - 18. Away longer than the requests reach

  func testScenario18AwayLongerThanTheBudgetRingsTwentyEndsAndReportsTheRestSummedUp() throws {
    try MainActor.assumeIsolated {
      let (device, center, alerts) = try Self.untilAlerts()
      let app = FocusApp()
      try device.manager.start(id: "pomodoro", plan: Self.pomodoro(), app.handle)
      center.drain()
      device.manager.suspendTicking()
      try device.clock.advance(by: .seconds(12 * 3_600))  // twelve hours: 2 880 / 130 rounds
      center.drain()
      // "with the default budget of 20 and nothing else pending, a Pomodoro ... rings for" the 20
      // ends requested when the app last ran, "and then no more".
      XCTAssertEqual(
        center.delivered.map(\.identifier), (0..<20).map { alerts.identifier(for: "pomodoro", phaseOrdinal: $0) })
      XCTAssertEqual(center.pending, [])

      device.manager.resumeTicking()
      try device.clock.advance(by: .zero)
      // 720 minutes: 5 rounds of 130 are 650, then 25 + 5 + 25 + 5 = 60, then 10 into a focus.
      let passed = 5 * 8 + 4
      XCTAssertEqual(app.positions.last?.ordinal, passed)
      XCTAssertEqual(app.positions.last?.timeLeftInPhase, .seconds(15 * 60))
      let earlier = try XCTUnwrap(app.lastEarlier, "the older ends come as one summary")
      XCTAssertEqual(earlier.ordinals.lowerBound, 0)
      XCTAssertEqual(earlier.ordinals.upperBound, app.heard.first?.ordinal)
      XCTAssertEqual(app.heard.last?.ordinal, passed - 1)
      XCTAssertLessThanOrEqual(app.heard.count, 2, "at most one cycle's worth one by one (a cycle: focus and break)")
      XCTAssertEqual(earlier.count + app.heard.count, passed)
      XCTAssertEqual(earlier.firstDate, device.start + 25 * 60)
      XCTAssertEqual(earlier.lateness, .seconds((720 - 25) * 60), "the first's lateness, the longest")
      center.drain()
      Self.assertPendingAreTheEnds(passed..<(passed + 20), from: device.start, on: center, alerts)
    }
  }

  // MARK: - 19. A relaunch after a day

  func testScenario19ARelaunchAfterADayRestoresThePlanWhereItIsAndTheFollowersCatchUp() throws {
    try MainActor.assumeIsolated {
      let device = try Device(start: Self.fixedStart)
      // The system's centers outlive the process.
      let notificationCenter = FakeNotificationCenter(now: device.wall)
      let alarmCenter = FakeAlarmCenter(now: device.wall)
      let activityCenter = FakeActivityCenter<CountdownTimerDates>(now: device.wall)

      // The first launch: the followers, the Pomodoro, its Live Activity; saved ten minutes in.
      var first: Followers? = try Followers(
        manager: device.manager, notifications: notificationCenter, alarms: alarmCenter, activities: activityCenter)
      alarmCenter.answerListings()
      try device.manager.start(id: "pomodoro", plan: Self.pomodoro()) { _, _, _ in }
      activityCenter.answerListings()
      let activity = activityCenter.start(
        countdownID: "pomodoro", state: first?.activities.content(for: "pomodoro")?.state, staleDate: nil)
      notificationCenter.drain()
      try device.clock.advance(by: .seconds(10 * 60))
      let saved = try JSONEncoder().encode(device.manager.snapshot(of: String.self))

      // The process is gone: nothing of it runs any more.
      XCTAssertNotNil(first)
      first = nil
      device.manager.cancelAll()
      try device.clock.advance(by: .seconds(24 * 3_600))
      notificationCenter.drain()
      XCTAssertEqual(notificationCenter.delivered.count, 20, "the requests of the first launch rang, then no more")

      // The next launch, a day later: restore, then the followers, as the articles say.
      let manager = try CountdownManager(clock: device.clock, wallClock: device.wall)
      let app = FocusApp()
      let restoration = try manager.restore(CountdownSnapshot<String>(decoding: saved)) { _, _, _ in
      } phases: { id, update, stop in
        app.handle(id, update, &stop)
      }
      XCTAssertEqual(restoration.ids, ["pomodoro"])
      XCTAssertEqual(restoration.ended, [:])
      // 24 h 10 min = 1 450 minutes: 11 rounds of 130 (1 430), then 20 minutes into a focus.
      let passed = 11 * 8
      XCTAssertEqual(app.callsWithEnds, 1, "the ends passed come in one call inside the restore")
      XCTAssertEqual(app.positions.last?.ordinal, passed)
      XCTAssertEqual(app.positions.last?.phase.name, "Focus")
      XCTAssertEqual(app.positions.last?.timeLeftInPhase, .seconds(5 * 60))
      XCTAssertEqual(app.heard.last?.ordinal, passed - 1)
      XCTAssertEqual(app.heard.last.map { $0.lateness / .seconds(1) } ?? 0, 20 * 60, accuracy: 0.001)
      XCTAssertEqual((app.lastEarlier?.count ?? 0) + app.heard.count, passed)
      XCTAssertEqual(app.rang, [], "no bell for ends the app was not running for")

      let followers = try Followers(
        manager: manager, notifications: notificationCenter, alarms: alarmCenter, activities: activityCenter)
      alarmCenter.answerListings()
      activityCenter.answerListings()
      notificationCenter.drain()
      let phaseEnd = device.start + Self.end(of: passed)
      XCTAssertEqual(notificationCenter.pending.first?.fireDate, phaseEnd)
      XCTAssertEqual(
        notificationCenter.pending.map(\.identifier),
        (passed..<(passed + 20)).map { followers.notifications.identifier(for: "pomodoro", phaseOrdinal: $0) })
      let current = followers.alarms.alarmID(for: "pomodoro", ordinal: passed)
      XCTAssertEqual(alarmCenter.alarms.first { $0.id == current }?.state, .countdown)
      XCTAssertEqual(alarmCenter.alarms.first { $0.id == current }?.fireDate, phaseEnd)
      XCTAssertEqual(activityCenter.activity(activity)?.staleDate, phaseEnd, "the restored phase's dates")
      XCTAssertNil(activityCenter.activity(activity)?.dismissal)
      let firstFocus = followers.alarms.alarmID(for: "pomodoro", ordinal: 0)
      XCTAssertEqual(
        alarmCenter.alarms.first { $0.id == firstFocus }?.state, .alerting,
        "the first launch's ring is left for the person to stop (\"unless it rings\")")
    }
  }

  // MARK: - 20. Alarms, widgets and a Live Activity for the sequence

  func testScenario20TheAlarmsWidgetsAndLiveActivityFollowThePhases() throws {
    try MainActor.assumeIsolated {
      let device = try Device(start: Self.fixedStart)
      let alarmCenter = FakeAlarmCenter(now: device.wall)
      let widgetCenter = FakeWidgetCenter(now: device.wall)
      let activityCenter = FakeActivityCenter<CountdownTimerDates>(now: device.wall)
      let alarms = try CountdownAlarms(String.self, manager: device.manager, center: alarmCenter)
      let widgets = CountdownWidgets(String.self, manager: device.manager, center: widgetCenter, kind: "Focus")
      let activities = CountdownLiveActivities(String.self, manager: device.manager, center: activityCenter) {
        _, dates in dates
      }
      alarmCenter.answerListings()
      let activity = activityCenter.start(countdownID: "pomodoro", state: nil, staleDate: nil)
      try device.manager.start(id: "pomodoro", plan: Self.pomodoro()) { _, _, _ in }
      let alarm = { (ordinal: Int) in alarms.alarmID(for: "pomodoro", ordinal: ordinal) }
      let held = { (ordinal: Int) in alarmCenter.alarms.first { $0.id == alarm(ordinal) } }
      XCTAssertEqual(held(0)?.fireDate, device.start + 25 * 60)
      XCTAssertEqual(held(0)?.state, .countdown)
      XCTAssertEqual(widgetCenter.reloads.count, 1, "the start's")

      try device.clock.advance(by: .seconds(25 * 60))  // the first focus ends
      XCTAssertEqual(held(0)?.state, .alerting, "left ringing for the person to stop")
      XCTAssertEqual(held(1)?.fireDate, device.start + 30 * 60, "the break's end, an alarm of its own")
      XCTAssertEqual(activityCenter.activity(activity)?.staleDate, device.start + 30 * 60, "on to the break")
      XCTAssertEqual(activityCenter.activity(activity)?.state?.endDate, device.start + 30 * 60)
      XCTAssertEqual(widgetCenter.reloads.count, 1, "no reload at a phase end")
      XCTAssertTrue(alarmCenter.personStops(id: alarm(0)))
      alarmCenter.deliverUpdates()
      XCTAssertTrue(device.manager.contains(id: "pomodoro"), "a stop of an alarm that rang stops that ring only")

      // "Skip break": the break's alarm goes, the next focus's comes.
      try device.clock.advance(by: .seconds(60))
      XCTAssertTrue(device.manager.skipPhase(id: "pomodoro"))
      XCTAssertNil(held(1), "a skipped phase's end never rings")
      XCTAssertEqual(held(2)?.fireDate, device.start + (26 + 25) * 60)
      XCTAssertEqual(activityCenter.activity(activity)?.staleDate, device.start + (26 + 25) * 60)
      XCTAssertEqual(widgetCenter.reloads.count, 2)

      // A pause pauses the alarm and the activity; the resume resumes both.
      XCTAssertTrue(device.manager.pause(id: "pomodoro"))
      XCTAssertEqual(held(2)?.state, .paused)
      XCTAssertEqual(held(2)?.remaining, 25 * 60)
      XCTAssertNil(activityCenter.activity(activity)?.staleDate, "paused: never stale")
      try device.clock.advance(by: .seconds(5 * 60))
      XCTAssertTrue(device.manager.resume(id: "pomodoro"))
      XCTAssertEqual(held(2)?.state, .countdown)
      XCTAssertEqual(held(2)?.fireDate, device.start + (31 + 25) * 60)
      XCTAssertEqual(widgetCenter.reloads.count, 4, "a pause and a resume")

      // The person's pause of the focus's alarm pauses the plan.
      XCTAssertTrue(alarmCenter.personPauses(id: alarm(2)))
      alarmCenter.deliverUpdates()
      XCTAssertEqual(device.manager.isPaused(id: "pomodoro"), true)
      XCTAssertTrue(alarmCenter.personResumes(id: alarm(2)))
      alarmCenter.deliverUpdates()
      XCTAssertEqual(device.manager.isPaused(id: "pomodoro"), false)

      XCTAssertTrue(device.manager.cancel(id: "pomodoro"))
      XCTAssertNil(held(2))
      XCTAssertEqual(activityCenter.activity(activity)?.dismissal, .immediately)
      withExtendedLifetime((widgets, activities)) {}
    }
  }

  // MARK: - 21. The article's Pomodoro: the long break waits for the person

  func testScenario21ALongBreakThatPausesAfterItStopsTheRequestsThereAndTheResumeAddsTheNextRound() throws {
    try MainActor.assumeIsolated {
      let (device, center, alerts) = try Self.untilAlerts()
      let app = FocusApp()
      let pomodoro = try Self.pomodoroThatWaits()
      try device.manager.start(id: "pomodoro", plan: pomodoro, app.handle)
      center.drain()
      // "up to the plan's end or the first phase after which the plan pauses"
      Self.assertPendingAreTheEnds(0..<8, from: device.start, on: center, alerts, longBreakWaits: true)
      XCTAssertEqual(
        center.pending.last?.content,
        CountdownAlertContent(title: "Long break done", body: "Focus when you are ready."))

      try device.clock.advance(by: .seconds(130 * 60))
      center.drain()
      XCTAssertEqual(center.delivered.count, 8)
      XCTAssertEqual(app.askedToStart, 1)
      XCTAssertEqual(app.positions.last?.ordinal, 8)
      XCTAssertEqual(app.positions.last?.isPaused, true)
      XCTAssertEqual(app.positions.last?.timeLeftInPhase, .seconds(25 * 60))
      XCTAssertEqual(center.pending, [], "the next focus waits for the person")

      try device.clock.advance(by: .seconds(7 * 60))  // the person presses "Start" 7 minutes later
      XCTAssertTrue(device.manager.resume(id: "pomodoro"))
      center.drain()
      Self.assertPendingAreTheEnds(8..<16, from: device.start + 7 * 60, on: center, alerts, longBreakWaits: true)
    }
  }

  /// Copied from `CountdownAlertContext`'s doc comment, as a user would.
  static let contextSample: @Sendable (CountdownAlertContext<String>) -> CountdownAlertContent = { alert in
    guard let phaseEnd = alert.phaseEnd else { return CountdownAlertContent(title: "\(alert.id)", body: "Done.") }
    guard let next = phaseEnd.nextPhase else {
      return CountdownAlertContent(title: phaseEnd.phase.name, body: "That was the last one.")
    }
    guard let until = phaseEnd.nextPhaseEndDate else {  // the plan waits for the person after this phase
      return CountdownAlertContent(title: "\(phaseEnd.phase.name) done", body: "\(next.name) when you are ready.")
    }
    let time = until.formatted(date: .omitted, time: .shortened)
    return CountdownAlertContent(title: "\(phaseEnd.phase.name) done", body: "\(next.name) until \(time).")
  }

  /// A user's report: "my long break's notification says 'That was the last one.', and then the
  /// timer goes on". The doc comment's sample took a phase without a next end date for the plan's
  /// last, but a phase after which the plan pauses has one too.
  func testScenario21bTheContextDocSampleDoesNotCallALongBreakThatWaitsTheLastOne() throws {
    try MainActor.assumeIsolated {
      let device = try Device(start: Self.fixedStart)
      let center = FakeNotificationCenter(now: device.wall)
      let alerts = try CountdownNotifications(
        String.self, manager: device.manager, center: center, content: Self.contextSample)
      try device.manager.start(id: "pomodoro", plan: Self.pomodoroThatWaits()) { _, _, _ in }
      center.drain()
      XCTAssertEqual(center.pending.last?.identifier, alerts.identifier(for: "pomodoro", phaseOrdinal: 7))
      XCTAssertEqual(
        center.pending.last?.content.body, "Focus when you are ready.", "the plan goes on after the long break")
    }
  }

  // MARK: - 22. The widget's timeline from the saved snapshot

  func testScenario22TheWidgetsTimelineHasAnEntryPerPhaseStartUpToTheLongBreakThatWaits() throws {
    let device = try Device(start: Self.fixedStart)
    let pomodoro = try Self.pomodoroThatWaits()
    try device.manager.start(id: "pomodoro", plan: pomodoro) { _, _, _ in }
    try device.clock.advance(by: .seconds(10 * 60))
    let data = try JSONEncoder().encode(device.manager.snapshot(of: String.self))

    // The widget extension's provider, as "A widget for a countdown in phases" writes it.
    let snapshot = try CountdownSnapshot<String>(decoding: data)
    let entries = snapshot.timeline(id: "pomodoro", from: device.wall(), limit: 24)
    XCTAssertEqual(
      entries.map { $0.position?.phase.name ?? "Done" },
      ["Focus", "Break", "Focus", "Break", "Focus", "Break", "Focus", "Long break", "Focus"])
    XCTAssertEqual(entries.first?.date, device.wall(), "the first entry now")
    XCTAssertEqual(
      entries.dropFirst().map(\.date), (0..<8).map { device.start + Self.end(of: $0) }, "then one per phase start")
    XCTAssertEqual(
      entries.dropLast().map(\.position?.phaseEndDate), (0..<8).map { device.start + Self.end(of: $0) },
      "each counted down to its end")
    XCTAssertEqual(entries.last?.position?.isPaused, true, "the focus after the long break waits, paused")
    XCTAssertEqual(entries.last?.position?.timeLeftInPhase, .seconds(25 * 60))
  }

  // MARK: - 26. Milestones within a phase, time taken past the end, a paused plan relaunched

  func testScenario26MilestonesStayInTheirPhaseTimeTakenPastTheEndEndsItNowAndAPausedPlanComesBackPaused() throws {
    try MainActor.assumeIsolated {
      let device = try Device(start: Self.fixedStart)
      let center = FakeNotificationCenter(now: device.wall)
      let alerts = try CountdownNotifications(
        String.self, manager: device.manager, center: center, milestones: [.seconds(10 * 60)], content: Self.until)
      let app = FocusApp()
      try device.manager.start(id: "pomodoro", plan: Self.pomodoro(), app.handle)
      center.drain()
      let minutes = { (request: FakeNotificationCenter.PendingRequest) in
        request.fireDate.timeIntervalSince(device.start) / 60
      }
      let tenLeft = { (ordinal: Int) in
        alerts.identifier(for: "pomodoro", phaseOrdinal: ordinal, moment: .timeLeft(.seconds(10 * 60)))
      }
      // "a 5-minute break has no '10 minutes left'"; the 15-minute long break has one. Each end
      // takes one request and one per milestone: 10 ends in a budget of 20.
      XCTAssertEqual(
        center.pending.filter { alerts.moment(forRequest: $0.identifier) != .end }.map(\.identifier),
        [0, 2, 4, 6, 7, 8].map(tenLeft))
      XCTAssertEqual(center.pending.first.map(minutes), 15)
      XCTAssertEqual(center.pending.filter { alerts.moment(forRequest: $0.identifier) == .end }.count, 10)

      // A minute in, 30 minutes taken: the focus ends now, its end delivered, its requests gone.
      try device.clock.advance(by: .seconds(60))
      XCTAssertTrue(try device.manager.addTime(.seconds(-30 * 60), id: "pomodoro"))
      center.drain()
      XCTAssertEqual(app.heard.map(\.ordinal), [0])
      XCTAssertEqual(app.heard.first?.date, device.start + 60)
      XCTAssertEqual(app.positions.last?.ordinal, 1)
      XCTAssertEqual(center.delivered, [], "ended by the app, not rung")
      XCTAssertEqual(center.pending.first?.identifier, alerts.identifier(for: "pomodoro", phaseOrdinal: 1))
      XCTAssertEqual(center.pending.first.map(minutes), 6, "the break from now")

      // From a paused phase, the next then waits, paused.
      XCTAssertTrue(device.manager.pause(id: "pomodoro"))
      XCTAssertTrue(try device.manager.addTime(.seconds(-30 * 60), id: "pomodoro"))
      center.drain()
      XCTAssertEqual(app.heard.map(\.ordinal), [0, 1])
      XCTAssertEqual(device.manager.phasePosition(id: "pomodoro")?.ordinal, 2)
      XCTAssertEqual(device.manager.phasePosition(id: "pomodoro")?.isPaused, true)
      XCTAssertEqual(center.pending, [], "paused: nothing rings")

      // Saved paused, relaunched an hour later: paused, without a call, at the time it had left.
      let saved = try JSONEncoder().encode(device.manager.snapshot(of: String.self))
      try device.clock.advance(by: .seconds(3_600))
      let manager = try CountdownManager(clock: device.clock, wallClock: device.wall)
      let relaunched = FocusApp()
      let restoration = try manager.restore(CountdownSnapshot<String>(decoding: saved)) { _, _, _ in
      } phases: { id, update, stop in
        relaunched.handle(id, update, &stop)
      }
      XCTAssertEqual(restoration.ids, ["pomodoro"])
      XCTAssertEqual(relaunched.calls, 0)
      XCTAssertEqual(manager.phasePosition(id: "pomodoro")?.ordinal, 2)
      XCTAssertEqual(manager.phasePosition(id: "pomodoro")?.isPaused, true)
      XCTAssertEqual(manager.phasePosition(id: "pomodoro")?.timeLeftInPhase, .seconds(25 * 60))
    }
  }

  // MARK: - The app

  /// 25 minutes of focus, 5 of break, every fourth break a long one of 15, forever.
  static func pomodoro() throws -> CountdownPlan {
    try CountdownPlan(blocks: [
      CountdownPlan.Block(
        [CountdownPhase("Focus", .seconds(25 * 60)), CountdownPhase("Break", .seconds(5 * 60), purpose: .recovery)],
        repeated: .forever,
        longBreak: CountdownPhase("Long break", .seconds(15 * 60), purpose: .recovery),
        every: 4)
    ])
  }

  /// The "A Pomodoro" article's plan: the same, but the long break waits for the person.
  static func pomodoroThatWaits() throws -> CountdownPlan {
    try CountdownPlan(blocks: [
      CountdownPlan.Block(
        [CountdownPhase("Focus", .seconds(25 * 60)), CountdownPhase("Break", .seconds(5 * 60), purpose: .recovery)],
        repeated: .forever,
        longBreak: CountdownPhase("Long break", .seconds(15 * 60), purpose: .recovery, pausesAfter: true),
        every: 4)
    ])
  }

  /// The plan written out by hand: the name of the phase of `ordinal`.
  static func name(of ordinal: Int) -> String {
    if ordinal.isMultiple(of: 2) { return "Focus" }
    return (ordinal / 2 + 1).isMultiple(of: 4) ? "Long break" : "Break"
  }

  /// How long the phase of `ordinal` lasts, in seconds.
  static func length(of ordinal: Int) -> TimeInterval {
    switch name(of: ordinal) {
    case "Focus": 25 * 60
    case "Break": 5 * 60
    default: 15 * 60
    }
  }

  /// When the phase of `ordinal` ends, in seconds from the start, nothing moved.
  static func end(of ordinal: Int) -> TimeInterval {
    (0...ordinal).reduce(0) { $0 + length(of: $1) }
  }

  static let fixedStart = Date(timeIntervalSince1970: 1_800_000_000)

  static func time(_ date: Date) -> String {
    date.formatted(date: .omitted, time: .shortened)
  }

  /// The article's notifications: each phase end names the next phase "until HH:MM".
  static func untilAlerts() throws -> (Device, FakeNotificationCenter, CountdownNotifications<String>) {
    let device = try Device(start: Self.fixedStart)
    let center = FakeNotificationCenter(now: device.wall)
    let alerts = try CountdownNotifications(String.self, manager: device.manager, center: center, content: Self.until)
    return (device, center, alerts)
  }

  /// The alerts article's content closure, as written there.
  static let until: @Sendable (CountdownAlertContext<String>) -> CountdownAlertContent = { alert in
    guard let phaseEnd = alert.phaseEnd, let next = phaseEnd.nextPhase else {
      return CountdownAlertContent(title: "Pomodoro", body: "All done.")
    }
    guard let until = phaseEnd.nextPhaseEndDate else {
      return CountdownAlertContent(title: "\(phaseEnd.phase.name) done", body: "\(next.name) when you are ready.")
    }
    let time = until.formatted(date: .omitted, time: .shortened)
    return CountdownAlertContent(title: "\(phaseEnd.phase.name) done", body: "\(next.name) until \(time).")
  }

  /// The pending requests are those of the phase ends `ordinals`, soonest first, each at its end
  /// (the plan written out, from `origin`) and saying the next phase until its end.
  static func assertPendingAreTheEnds(
    _ ordinals: Range<Int>, from origin: Date, on center: FakeNotificationCenter,
    _ alerts: CountdownNotifications<String>, longBreakWaits: Bool = false, file: StaticString = #filePath,
    line: UInt = #line
  ) {
    XCTAssertEqual(
      center.pending.map(\.identifier), ordinals.map { alerts.identifier(for: "pomodoro", phaseOrdinal: $0) },
      file: file, line: line)
    XCTAssertEqual(
      center.pending.map { alerts.phaseOrdinal(forRequest: $0.identifier) }, ordinals.map { $0 }, file: file,
      line: line)
    // The requests of a plan moved as a whole (a restart, a skip, time added, a pause) keep the
    // plan's spacing: the first ordinal's end fixes the rest.
    guard let first = ordinals.first, let firstDate = center.pending.first?.fireDate else { return }
    let shift = firstDate.timeIntervalSince(origin) - Self.end(of: first)
    XCTAssertEqual(shift, 0, accuracy: 0.001, "the first end at its place", file: file, line: line)
    XCTAssertEqual(
      center.pending.map(\.fireDate), ordinals.map { origin + Self.end(of: $0) }, file: file, line: line)
    XCTAssertEqual(
      center.pending.map(\.content.body),
      ordinals.map {
        longBreakWaits && Self.name(of: $0) == "Long break"
          ? "Focus when you are ready."
          : "\(Self.name(of: $0 + 1)) until \(Self.time(origin + Self.end(of: $0 + 1)))."
      },
      file: file, line: line)
  }

  /// The followers an app keeps for as long as it runs.
  struct Followers {
    let notifications: CountdownNotifications<String>
    let alarms: CountdownAlarms<String>
    let activities: CountdownLiveActivities<String, CountdownTimerDates>

    init(
      manager: CountdownManager, notifications: FakeNotificationCenter, alarms: FakeAlarmCenter,
      activities: FakeActivityCenter<CountdownTimerDates>
    ) throws {
      self.notifications = try CountdownNotifications(
        String.self, manager: manager, center: notifications, content: OutsideConsumerPhasesTests.until)
      self.alarms = try CountdownAlarms(String.self, manager: manager, center: alarms)
      self.activities = CountdownLiveActivities(String.self, manager: manager, center: activities) { _, dates in
        dates
      }
    }
  }

  /// The app's handler, as the "A Pomodoro" sample writes it: a bell for each end heard on time,
  /// the position shown, the person asked to start the next round.
  @MainActor
  final class FocusApp {
    private(set) var heard: [CountdownPhaseEnd] = []
    private(set) var rang: [String] = []
    private(set) var positions: [CountdownPhasePosition] = []
    private(set) var lastEarlier: CountdownPhaseEndSummary?
    private(set) var askedToStart = 0
    private(set) var calls = 0
    private(set) var callsWithEnds = 0

    func handle(_ id: String, _ update: CountdownPhaseUpdate, _ stop: inout Bool) {
      calls += 1
      if !update.phaseEnds.isEmpty || update.earlierPhaseEnds != nil { callsWithEnds += 1 }
      heard += update.phaseEnds
      if let earlier = update.earlierPhaseEnds { lastEarlier = earlier }
      for end in update.phaseEnds where end.lateness < .seconds(60) {
        rang.append(end.phase.name)
      }
      if let position = update.position { positions.append(position) }
      if update.pausedAfterPhase { askedToStart += 1 }
    }
  }
}
