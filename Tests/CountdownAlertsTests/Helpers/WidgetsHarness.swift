import CountdownAlerts
import CountdownAlertsTesting
import CountdownKit
import CountdownTestSupport
import Foundation
import XCTest

/// One "process" of an app with widgets (``AppHarness``), on a widget center that outlives it
/// (WidgetKit), which remembers the dates the widgets were laid out with at their last reload;
/// for ``MirrorPropertyTests``. The widgets hear the background from the manager's suspensions.
final class WidgetsHarness: AppHarness {
  let center = FakeWidgetCenter(dailyBudget: 1_000)
  private(set) var widgets: CountdownWidgets<String>?
  /// The dates of each countdown at the widgets' last reload: what their timelines show.
  private(set) var laidOut: [String: CountdownTimerDates] = [:]
  /// The end of each countdown running at the last reload, in seconds on the manager's clock,
  /// which a change of the device's clock does not move.
  private var laidOutEnds: [String: Double] = [:]
  /// The timeline of each countdown in phases at the widgets' last reload, as the widget extension
  /// lays it out from the snapshot the app keeps (an entry per phase start).
  private(set) var laidOutPlans: [String: [CountdownPhaseTimelineEntry]] = [:]
  /// The most entries a timeline is laid out with; past its last, the widget's timeline policy
  /// asks for the next (not the mirror's).
  private static let timelineLimit = 200
  private var reloadsSeen = 0
  /// Whether the step checked next let time pass (``advance(by:)``).
  private var timePassed = false

  init() throws {
    try super.init()
    widgets = makeWidgets()
  }

  func makeWidgets() -> CountdownWidgets<String> {
    CountdownWidgets(String.self, manager: manager, center: center, kind: "Timers", clockChanges: clockChanges)
  }

  /// Time passes: nothing the app did, so the widgets reload only for a plan that ended.
  override func advance(by seconds: Int) throws {
    timePassed = true
    try super.advance(by: seconds)
  }

  /// Now on the manager's clock, in seconds.
  private var clockSeconds: Double { Double(clock.now.nanosecondsSinceOrigin) / 1e9 }

  /// The widgets reloaded since the last look: their timelines are laid out from the dates now.
  private func noteReloads() {
    guard center.reloads.count > reloadsSeen else { return }
    reloadsSeen = center.reloads.count
    let inPhases = Self.ids.filter { manager.phasePosition(id: $0) != nil }
    var snapshot = manager.snapshot(of: String.self)
    // A plan that pauses while the app is suspended is written down by its time left (the
    // snapshot is for a process where the app's suspension freezes it); its widget is laid out
    // as it runs now, from its phase's end.
    for index in snapshot.phaseEntries.indices where !snapshot.phaseEntries[index].isPaused {
      guard let dates = manager.timerDates(id: snapshot.phaseEntries[index].id), dates.pauseTime == nil else {
        continue
      }
      let end = dates.timerInterval.upperBound
      snapshot.phaseEntries[index].policy = .keepsRunning
      snapshot.phaseEntries[index].date = end
      snapshot.phaseEntries[index].time = nil
    }
    laidOutPlans = Dictionary(
      uniqueKeysWithValues: inPhases.map { ($0, snapshot.timeline(id: $0, from: wall.now, limit: Self.timelineLimit)) })
    laidOut = Dictionary(
      uniqueKeysWithValues: Self.ids.compactMap { id in
        inPhases.contains(id) ? nil : manager.timerDates(id: id).map { (id, $0) }
      })
    let (wallNow, clockNow) = (wall.now, clockSeconds)
    laidOutEnds = laidOut.filter { $0.value.pauseTime == nil }.mapValues {
      clockNow + $0.timerInterval.upperBound.timeIntervalSince(wallNow)
    }
  }
}

extension WidgetsHarness: MirrorHarness {
  static let ids = (0..<6).map { "t\($0)" }

  static let steps: [(below: Int, step: MirrorStep)] = [
    (16, .change(.start)), (24, .change(.startPlan)), (28, .change(.skipPhase)), (34, .change(.pause)),
    (42, .change(.resume)), (52, .change(.addTime)),
    (58, .change(.cancel)), (60, .change(.cancelAll)), (68, .change(.suspendOrResume)), (74, .clockJump),
    (78, .relaunch),
  ]

  static func make(using random: inout SplitMix64) throws -> Self {
    try Self()
  }

  /// Relaunched with the widgets made before the restore; their timelines stay.
  func relaunch(using random: inout SplitMix64) throws -> String {
    let data = try snapshot()
    widgets = nil  // the process ends
    let left = laidOutEnds.mapValues { $0 - clockSeconds }
    try startNewProcess()
    laidOutEnds = left.mapValues { clockSeconds + $0 }  // on the new process's clock
    widgets = makeWidgets()
    try manager.restore(CountdownSnapshot<String>(decoding: data)) { _, _, _ in
    } phases: { _, _, _ in
    }
    noteReloads()
    // A countdown the restore does not bring back (it ended while the app was away) is nothing
    // the new process hears of: its widget is laid out as it was until the next reload.
    laidOut = laidOut.filter { manager.timerDates(id: $0.key) != nil }
    laidOutPlans = laidOutPlans.filter { manager.phasePosition(id: $0.key) != nil }
    return "relaunch"
  }

  /// In the foreground, the dates laid out are those of the countdowns now, but a running one
  /// whose end came on the manager's clock (it shows its `0` by itself); in the background, a
  /// reload is owed if not.
  func mismatch() -> String? {
    defer { timePassed = false }
    // As time passes, in the foreground, a reload only for a plan that ended (none at a phase end,
    // none for a countdown that ran out: each shows it by itself).
    let reloads = center.reloads.count - reloadsSeen
    if timePassed, reloads > 0, !manager.isSuspended {
      let ended = laidOutPlans.keys.filter { Self.ended(manager.phasePosition(id: $0)) }.count
      if reloads > ended { return "\(reloads) reloads as time passed, with \(ended) plans ended" }
    }
    noteReloads()
    let now = clockSeconds
    var differs: String?
    for id in Self.ids {
      if let timeline = laidOutPlans[id] {
        // A phase that stands still (paused: by the app, or waiting after a phase that pauses the
        // plan; or frozen) is the timeline's last: only the app moves it on, with a reload.
        if let still = timeline.firstIndex(where: { $0.position.map { $0.phaseEndDate == nil } ?? false }),
          still < timeline.count - 1
        {
          differs = "\(id)'s timeline goes on past its entry #\(still), which stands still (\(timeline.count) entries)"
          break
        }
        let position = manager.phasePosition(id: id)
        if !Self.timeline(timeline, shows: position, dates: manager.timerDates(id: id), at: wall.now) {
          differs =
            "\(id)'s timeline shows \(String(describing: Self.entry(of: timeline, at: wall.now)?.position)), "
            + "its position is \(String(describing: position))"
          break
        }
        continue
      }
      let shown = laidOut[id]
      let dates = manager.timerDates(id: id)
      // Ran out: it shows its `0` by itself.
      if dates == nil, let end = laidOutEnds[id], end <= now + 1e-6 { continue }
      if !LiveActivitiesHarness.same(shown, dates) {
        differs = "\(id) is laid out as \(String(describing: shown)), its dates are \(String(describing: dates))"
        break
      }
    }
    guard let differs else { return nil }
    if manager.isSuspended { return widgets?.owesReload == true ? nil : "\(differs), and no reload is owed" }
    return differs
  }

  /// Whether a countdown in phases at `position` ended: none, or nothing left of its plan (its
  /// end is delivered when the app ticks again).
  private static func ended(_ position: CountdownPhasePosition?) -> Bool {
    position.map { $0.timeLeftInPlan == .zero } ?? true
  }

  /// The entry of `timeline` the widget shows at `now`: the last one dated by then.
  private static func entry(of timeline: [CountdownPhaseTimelineEntry], at now: Date) -> CountdownPhaseTimelineEntry? {
    timeline.last { $0.date <= now + 1e-6 }
  }

  /// Whether `timeline`, laid out at a reload, shows at `now` what a countdown in phases at
  /// `position`, with the current phase's `dates`, shows (`nil`: none, its plan ended): its phase,
  /// counting down to the same end or paused with the same time left (the dates say whether it is
  /// frozen, by a pause or by the app's suspension); or whether it ran out of entries (its policy
  /// reloads it).
  private static func timeline(
    _ timeline: [CountdownPhaseTimelineEntry], shows position: CountdownPhasePosition?, dates: CountdownTimerDates?,
    at now: Date
  ) -> Bool {
    // A phase end not delivered yet (the app does not tick while suspended): the entry shown just
    // before it.
    var now = now
    if let position, position.timeLeftInPhase == .zero, let end = position.phaseEndDate { now = min(now, end - 0.001) }
    // Before its first entry (the device's clock set back): the first, which a reload shows at once.
    guard let entry = entry(of: timeline, at: now) ?? timeline.first else { return false }
    if timeline.count == timelineLimit, entry == timeline.last, entry.position != nil { return true }
    if entry.position == nil, ended(position) { return true }
    switch (entry.position, position, dates) {
    case (let shown?, let position?, let dates?):
      guard shown.ordinal == position.ordinal else { return false }
      let end = dates.timerInterval.upperBound
      if position.phaseEndDate == nil || dates.pauseTime != nil {
        // Paused or frozen (the position past an end not delivered yet may be paused by its plan):
        // it stands still, with no end date.
        let left = (shown.timeLeftInPhase - position.timeLeftInPhase) / .seconds(1)
        return shown.phaseEndDate == nil && abs(left) < 0.1
      }
      // The position says where the plan is now, past an end not delivered yet (the app does not
      // tick while suspended), as the timeline does; the dates are the registration's.
      return shown.phaseEndDate.map { abs($0.timeIntervalSince(position.phaseEndDate ?? end)) < 0.1 } ?? false
    default: return false
    }
  }

  func assertFinally(_ context: String) {
    XCTAssertEqual(failures.withLock { $0 }, [], context)
  }
}
