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
  private var reloadsSeen = 0

  init() throws {
    try super.init()
    widgets = makeWidgets()
  }

  func makeWidgets() -> CountdownWidgets<String> {
    CountdownWidgets(String.self, manager: manager, center: center, kind: "Timers", clockChanges: clockChanges)
  }

  /// Now on the manager's clock, in seconds.
  private var clockSeconds: Double { Double(clock.now.nanosecondsSinceOrigin) / 1e9 }

  /// The widgets reloaded since the last look: their timelines are laid out from the dates now.
  private func noteReloads() {
    guard center.reloads.count > reloadsSeen else { return }
    reloadsSeen = center.reloads.count
    laidOut = Dictionary(
      uniqueKeysWithValues: Self.ids.compactMap { id in manager.timerDates(id: id).map { (id, $0) } })
    let (wallNow, clockNow) = (wall.now, clockSeconds)
    laidOutEnds = laidOut.filter { $0.value.pauseTime == nil }.mapValues {
      clockNow + $0.timerInterval.upperBound.timeIntervalSince(wallNow)
    }
  }
}

extension WidgetsHarness: MirrorHarness {
  static let ids = (0..<6).map { "t\($0)" }

  static let steps: [(below: Int, step: MirrorStep)] = [
    (26, .change(.start)), (34, .change(.pause)), (42, .change(.resume)), (52, .change(.addTime)),
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
    try manager.restore(CountdownSnapshot<String>(decoding: data)) { _, _, _ in }
    noteReloads()
    // A countdown the restore does not bring back (it ended while the app was away) is nothing
    // the new process hears of: its widget is laid out as it was until the next reload.
    laidOut = laidOut.filter { manager.timerDates(id: $0.key) != nil }
    return "relaunch"
  }

  /// In the foreground, the dates laid out are those of the countdowns now, but a running one
  /// whose end came on the manager's clock (it shows its `0` by itself); in the background, a
  /// reload is owed if not.
  func mismatch() -> String? {
    noteReloads()
    let now = clockSeconds
    var differs: String?
    for id in Self.ids {
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

  func assertFinally(_ context: String) {
    XCTAssertEqual(failures.withLock { $0 }, [], context)
  }
}
