import CountdownAlerts
import CountdownAlertsTesting
import CountdownKit
import Foundation
import XCTest

/// Three open-source timer apps' phase logic ported onto countdowns in phases, written the way the
/// articles show (``OutsideConsumerTestCase``): each app's timer, state machine and notification
/// bookkeeping shrink to a plan and the app's own choices, and each test walks what the app does.
/// - A Pomodoro for iPhone and Watch (4 work and rest pairs, then a long break; a notification
///   per phase end, requested ahead; "reset" leaves the timer at its start, paused).
/// - A menu-bar Pomodoro for the Mac (a long rest every 4 works, "stop after break", "skip rest";
///   an interval whose end came more than 60 s late, the Mac asleep, stops the timer).
/// - A run/walk interval timer (N cycles or forever, skip forward and back while running).
final class OutsideConsumerPhaseAppsTests: OutsideConsumerTestCase {
  // MARK: - 23. A Pomodoro for iPhone and Watch

  func testScenario23AFixedRoundRequestsEveryEndAheadWithItsTitlesAndEndsWithTheLongBreak() throws {
    try MainActor.assumeIsolated {
      let device = try Device(start: Date(timeIntervalSince1970: 1_800_000_000))
      let center = FakeNotificationCenter(now: device.wall)
      let widgetCenter = FakeWidgetCenter(now: device.wall)
      let alerts = try CountdownNotifications(
        String.self, manager: device.manager, center: center, content: PhonePomodoro.content)
      let widgets = CountdownWidgets(String.self, manager: device.manager, center: widgetCenter, kind: "Pomodoro")
      let app = PhonePomodoro(manager: device.manager)

      try app.start(pomos: 4)
      center.drain()
      XCTAssertEqual(center.pending.count, 9, "four work and rest pairs and the long break: every end ahead")
      XCTAssertEqual(
        center.pending.map(\.content.subtitle),
        Array(repeating: ["🍅🍅🍅 Time to rest 🍅🍅🍅", "🌶️🌶️🌶️ Time to work 🌶️🌶️🌶️"], count: 3).flatMap { $0 }
          + ["🍅🍅🍅 Time to rest 🍅🍅🍅", "🍉🍇🍌 Take a long break 🍐🍊🍒", "🎉🎉🎉 Finished 🎉🎉🎉"])
      XCTAssertEqual(center.pending.first?.content.title, "Work is over.")
      XCTAssertEqual(center.pending.last?.content.title, "Long Break is over.")
      XCTAssertEqual(center.pending.last?.fireDate, device.start + (4 * 30 + 30) * 60)

      // The app's pause removes what would ring; its resume requests it again, moved.
      try device.clock.advance(by: .seconds(10 * 60))
      app.toggle()
      center.drain()
      XCTAssertEqual(center.pending, [])
      try device.clock.advance(by: .seconds(3 * 60))
      app.toggle()
      center.drain()
      XCTAssertEqual(center.pending.last?.fireDate, device.start + (4 * 30 + 30 + 3) * 60)

      try device.clock.advance(by: .seconds((4 * 30 + 30 - 10) * 60))
      center.drain()
      XCTAssertEqual(app.statuses, ["Rest", "Work", "Rest", "Work", "Rest", "Work", "Rest", "Long Break", "end"])
      XCTAssertEqual(center.delivered.count, 9)
      XCTAssertFalse(device.manager.contains(id: "pomodoro"), "the plan's end frees the id")
      XCTAssertEqual(widgetCenter.reloads.count, 4, "the start, the pause, the resume and the plan's end")

      // "-" pomo: a new round of three, left at its start, paused, until the person starts it.
      try app.reset(pomos: 3)
      center.drain()
      XCTAssertEqual(center.pending, [], "paused: nothing rings")
      XCTAssertEqual(device.manager.phasePosition(id: "pomodoro")?.timeLeftInPlan, .seconds((3 * 30 + 30) * 60))
      app.toggle()
      center.drain()
      XCTAssertEqual(center.pending.count, 7)
      withExtendedLifetime((alerts, widgets)) {}
    }
  }

  // MARK: - 24. A menu-bar Pomodoro for the Mac

  func testScenario24TheFourthRestIsLongASkippedRestSaysNothingAndStopAfterBreakStops() throws {
    try MainActor.assumeIsolated {
      let device = try Device()
      let app = MenuBarPomodoro(manager: device.manager)
      try app.startStop()
      XCTAssertEqual(app.timeLeftString, "25:00")
      for _ in 0..<3 {
        try device.clock.advance(by: .seconds(30 * 60))
      }
      try device.clock.advance(by: .seconds(25 * 60))  // the fourth work ends
      XCTAssertEqual(
        app.notifications.map(\.body),
        [
          "It's time for a short break!", "Keep up the good work!", "It's time for a short break!",
          "Keep up the good work!", "It's time for a short break!", "Keep up the good work!",
          "It's time for a long break!",
        ])
      XCTAssertEqual(app.timeLeftString, "15:00")
      XCTAssertEqual(app.dings, 4)

      // "Skip rest" from the notification: back to work, no "Break is over".
      try device.clock.advance(by: .seconds(60))
      app.skipRest()
      XCTAssertEqual(app.notifications.count, 7)
      XCTAssertEqual(app.timeLeftString, "25:00")
      XCTAssertTrue(device.manager.phasePosition(id: "pomodoro")?.phase.purpose == .work)

      // The set starts over after the long rest: the next long one is four works away.
      app.stopAfterBreak = true
      try device.clock.advance(by: .seconds(25 * 60))
      XCTAssertEqual(app.notifications.last?.body, "It's time for a short break!")
      try device.clock.advance(by: .seconds(5 * 60))
      XCTAssertFalse(device.manager.contains(id: "pomodoro"), "stop after break: idle")
      XCTAssertEqual(app.notifications.last?.body, "It's time for a short break!", "idle says nothing")
      XCTAssertEqual(app.timeLeftString, "")
    }
  }

  func testScenario24bAnIntervalThatEndedMoreThanAMinuteLateWhileTheMacSleptStopsTheTimer() throws {
    try MainActor.assumeIsolated {
      let device = try Device()
      let app = MenuBarPomodoro(manager: device.manager)
      try app.startStop()
      try device.clock.advance(by: .seconds(24 * 60 + 30))
      try device.clock.jump(by: .seconds(40))  // the lid closed 30 s before the end: 10 s late
      XCTAssertEqual(app.notifications.map(\.body), ["It's time for a short break!"], "within the minute")
      XCTAssertTrue(device.manager.contains(id: "pomodoro"))

      try device.clock.advance(by: .seconds(4 * 60))
      try device.clock.jump(by: .seconds(2 * 3_600))  // asleep through two hours
      XCTAssertFalse(device.manager.contains(id: "pomodoro"), "more than 60 s late: stopped")
      XCTAssertEqual(app.notifications.count, 1, "nothing said for the ends slept through")
      XCTAssertEqual(app.dings, 1)
      XCTAssertEqual(app.timeLeftString, "")

      try app.startStop()  // a fresh set
      XCTAssertEqual(device.manager.phasePosition(id: "pomodoro")?.ordinal, 0)
    }
  }

  // MARK: - 25. A run/walk interval timer

  func testScenario25NCyclesAnnounceEachIntervalSkipBothWaysWhileRunningAndFinish() throws {
    try MainActor.assumeIsolated {
      let device = try Device()
      let app = IntervalTimer(manager: device.manager)
      try app.start(cycles: 3)
      XCTAssertEqual(app.announced, ["Run 1"])
      try device.clock.advance(by: .seconds(90))
      XCTAssertEqual(app.announced, ["Run 1", "Walk 1"])

      try device.clock.advance(by: .seconds(20))
      app.skipForward()
      XCTAssertEqual(app.announced.last, "Run 2", "skipped to the next interval, at its full length")
      XCTAssertEqual(device.manager.timeLeft(id: "intervals"), .seconds(90))
      app.skipBackward()
      XCTAssertEqual(app.announced.last, "Walk 1", "back to the previous interval's start")
      XCTAssertEqual(device.manager.timeLeft(id: "intervals"), .seconds(60))

      // Paused: the skips do nothing, as in the app.
      app.pause()
      app.skipForward()
      XCTAssertEqual(app.announced.last, "Walk 1")
      app.resume()

      try device.clock.advance(by: .seconds(60 + 90 + 60 + 90))  // walk 1, run 2, walk 2, run 3
      XCTAssertEqual(app.announced.last, "Walk 3")
      app.skipForward()  // at the last interval: the session finishes
      XCTAssertEqual(app.finishes, 1)
      XCTAssertFalse(device.manager.contains(id: "intervals"))

      // Why the app finishes the session itself: a skip of the last phase ends the plan with no call.
      try app.start(cycles: 1)
      XCTAssertTrue(device.manager.skipPhase(id: "intervals"))
      XCTAssertTrue(device.manager.skipPhase(id: "intervals"))
      XCTAssertFalse(device.manager.contains(id: "intervals"))
      XCTAssertEqual(app.finishes, 1, "no call for a plan ended by a skip")

      try app.start(cycles: 1)
      app.skipBackward()  // at the first interval: it starts again
      XCTAssertEqual(app.announced.suffix(2), ["Run 1", "Run 1"])
      try device.clock.advance(by: .seconds(150))
      XCTAssertEqual(app.finishes, 2, "the plan's end is the session's")
    }
  }

  func testScenario25bForeverRunsOnWithNoEndAndNoCap() throws {
    try MainActor.assumeIsolated {
      let device = try Device()
      let app = IntervalTimer(manager: device.manager)
      try app.start(cycles: nil)
      XCTAssertNil(device.manager.phasePosition(id: "intervals")?.timeLeftInPlan)
      try device.clock.jump(by: .seconds(1_500 * 150 + 30))  // past the app's own cap of 1 000 cycles
      XCTAssertEqual(device.manager.phasePosition(id: "intervals")?.cycle, 1_500)
      XCTAssertEqual(device.manager.phasePosition(id: "intervals")?.phase.name, "Run")
      XCTAssertEqual(app.announced.last, "Run 1501")
      XCTAssertEqual(app.finishes, 0)
    }
  }

  // MARK: - The apps

  /// The iPhone and Watch Pomodoro: `pomos` work and rest pairs, then a long break of 30 minutes;
  /// every end requested ahead; at the end, the timer stops. Its `SequenceTimer`, its index
  /// arithmetic and its notification loop become a plan and a content closure.
  @MainActor
  final class PhonePomodoro {
    let manager: CountdownManager
    private(set) var statuses: [String] = []

    init(manager: CountdownManager) {
      self.manager = manager
    }

    static func plan(pomos: Int) throws -> CountdownPlan {
      try CountdownPlan(
        blocks: [
          CountdownPlan.Block(
            [CountdownPhase("Work", .seconds(25 * 60)), CountdownPhase("Rest", .seconds(5 * 60), purpose: .recovery)],
            repeated: .times(pomos))
        ],
        coolDown: [CountdownPhase("Long Break", .seconds(30 * 60), purpose: .recovery)])
    }

    /// The app's notification for each phase end.
    static let content: @Sendable (CountdownAlertContext<String>) -> CountdownAlertContent = { alert in
      guard let phaseEnd = alert.phaseEnd else { return CountdownAlertContent(title: "Pomodoro", body: "") }
      let subtitle =
        switch phaseEnd.nextPhase?.name {
        case nil: "🎉🎉🎉 Finished 🎉🎉🎉"
        case "Long Break": "🍉🍇🍌 Take a long break 🍐🍊🍒"
        case "Rest": "🍅🍅🍅 Time to rest 🍅🍅🍅"
        default: "🌶️🌶️🌶️ Time to work 🌶️🌶️🌶️"
        }
      return CountdownAlertContent(title: "\(phaseEnd.phase.name) is over.", subtitle: subtitle, body: "")
    }

    func start(pomos: Int) throws {
      try manager.start(id: "pomodoro", plan: Self.plan(pomos: pomos)) { [weak self] _, update, _ in
        guard let self else { return }
        if !update.phaseEnds.isEmpty { statuses.append(update.position?.phase.name ?? "end") }
      }
    }

    /// "+" and "-": a new round, at its start, paused.
    func reset(pomos: Int) throws {
      try start(pomos: pomos)
      manager.pause(id: "pomodoro")
    }

    func toggle() {
      if manager.isPaused(id: "pomodoro") { manager.resume(id: "pomodoro") } else { manager.pause(id: "pomodoro") }
    }
  }

  /// The Mac menu-bar Pomodoro: work, a short rest, and every `workIntervalsInSet`-th rest a long
  /// one, forever; notifications posted as the intervals end (the app runs all the time); "stop
  /// after break"; an end that came more than 60 s late stops the timer. Its state machine and
  /// its interval counter become a plan and a handler.
  @MainActor
  final class MenuBarPomodoro {
    struct Posted: Equatable {
      var title: String
      var body: String
    }

    let manager: CountdownManager
    var stopAfterBreak = false
    let overrunTimeLimit = Duration.seconds(60)
    private(set) var notifications: [Posted] = []
    private(set) var dings = 0
    private(set) var timeLeftString = ""

    init(manager: CountdownManager) {
      self.manager = manager
    }

    static let longRest = CountdownPhase("Long rest", .seconds(15 * 60), purpose: .recovery)

    static func plan(workIntervalsInSet: Int = 4) throws -> CountdownPlan {
      try CountdownPlan(blocks: [
        CountdownPlan.Block(
          [CountdownPhase("Work", .seconds(25 * 60)), CountdownPhase("Rest", .seconds(5 * 60), purpose: .recovery)],
          repeated: .forever, longBreak: longRest, every: workIntervalsInSet)
      ])
    }

    /// The menu's "Start"/"Stop".
    func startStop() throws {
      if manager.cancel(id: "pomodoro") {
        timeLeftString = ""
        return
      }
      try manager.start(id: "pomodoro", plan: Self.plan()) { [weak self] _, update, stop in
        self?.tick(update, &stop)
      }
    }

    /// The notification's "Skip" action.
    func skipRest() {
      guard manager.phasePosition(id: "pomodoro")?.phase.purpose == .recovery else { return }
      manager.skipPhase(id: "pomodoro")
    }

    private func tick(_ update: CountdownPhaseUpdate, _ stop: inout Bool) {
      // Ticks are missed while the Mac sleeps: past the limit, the timer stops.
      let firstLateness = update.earlierPhaseEnds?.lateness ?? update.phaseEnds.first?.lateness
      if let firstLateness, firstLateness > overrunTimeLimit {
        stop = true
        timeLeftString = ""
        return
      }
      for end in update.phaseEnds {
        if end.phase.purpose == .work {
          dings += 1
          let kind = update.position?.phase == Self.longRest ? "long" : "short"
          notifications.append(Posted(title: "Time's up", body: "It's time for a \(kind) break!"))
        } else if stopAfterBreak {
          stop = true
          timeLeftString = ""
          return
        } else {
          notifications.append(Posted(title: "Break is over", body: "Keep up the good work!"))
        }
      }
      timeLeftString = String(format: "%.2i:%.2i", update.remaining / 60, update.remaining % 60)
    }
  }

  /// The run/walk interval timer: a preset's intervals for `cycles` cycles or forever, each
  /// announced as it starts; skips only while running, a skip past the last interval finishing
  /// the session. Its timeline of boundary dates becomes a plan.
  @MainActor
  final class IntervalTimer {
    let manager: CountdownManager
    private(set) var announced: [String] = []
    private(set) var finishes = 0

    init(manager: CountdownManager) {
      self.manager = manager
    }

    func start(cycles: Int?) throws {
      let plan = try CountdownPlan(blocks: [
        CountdownPlan.Block(
          [CountdownPhase("Run", .seconds(90)), CountdownPhase("Walk", .seconds(60), purpose: .recovery)],
          repeated: cycles.map { .times($0) } ?? .forever)
      ])
      try manager.start(id: "intervals", plan: plan) { [weak self] _, update, _ in
        self?.show(update)
      }
      announceCurrentInterval()
    }

    func pause() { manager.pause(id: "intervals") }
    func resume() { manager.resume(id: "intervals") }

    func skipForward() {
      guard let position = manager.phasePosition(id: "intervals"), !position.isPaused else { return }
      if position.nextPhase == nil {
        // Skipping the last phase ends the plan with no call: the session's end is the app's.
        manager.cancel(id: "intervals")
        finishes += 1
      } else {
        manager.skipPhase(id: "intervals")
        announceCurrentInterval()
      }
    }

    func skipBackward() {
      guard manager.phasePosition(id: "intervals")?.isPaused == false else { return }
      manager.goToPreviousPhase(id: "intervals")
      announceCurrentInterval()
    }

    private func show(_ update: CountdownPhaseUpdate) {
      guard let position = update.position else {
        finishes += 1
        return
      }
      // An interval's end: the next is announced as it starts.
      if !update.phaseEnds.isEmpty { announce(position) }
    }

    private func announceCurrentInterval() {
      if let position = manager.phasePosition(id: "intervals") { announce(position) }
    }

    private func announce(_ position: CountdownPhasePosition) {
      announced.append("\(position.phase.name) \(position.cycle + 1)")
    }
  }
}
