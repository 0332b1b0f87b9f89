import CountdownAlerts
import CountdownAlertsTesting
import CountdownKit
import CountdownTestSupport
import Foundation
import XCTest

/// One "process" of an app with Live Activities (``AppHarness``), on an activity center that
/// outlives it (the system's), the app starting an activity for a countdown as it chooses; for
/// ``MirrorPropertyTests``. Beside the activities that show the dates, a second follower's, on a
/// center of their own, show the dates and the window of a countdown in phases (`lookAhead`
/// phases ahead).
final class LiveActivitiesHarness: AppHarness {
  /// What the activities of the second follower show: the dates and the window their content got.
  struct Windowed: Hashable, Sendable {
    var dates: CountdownTimerDates
    var window: CountdownPhaseWindow?
  }

  let center: FakeActivityCenter<CountdownTimerDates>
  private(set) var activities: CountdownLiveActivities<String, CountdownTimerDates>?
  /// The second follower's activities, whose content takes the window.
  let windowCenter: FakeActivityCenter<Windowed>
  private(set) var windowActivities: CountdownLiveActivities<String, Windowed>?
  /// How many phases after the current one the windows hold.
  let lookAhead: Int
  /// The activities going at the last look (``mismatch()``): one of them ended since must have
  /// had its countdown go.
  private var going: Set<String> = []

  init(lookAhead: Int = 1) throws {
    let wall = DeviceClock()
    center = FakeActivityCenter(now: { wall.now })
    windowCenter = FakeActivityCenter(now: { wall.now })
    self.lookAhead = lookAhead
    try super.init(wall: wall)
    activities = makeActivities()
    windowActivities = makeWindowActivities()
  }

  /// The activities show the countdown's dates.
  func makeActivities() -> CountdownLiveActivities<String, CountdownTimerDates> {
    CountdownLiveActivities(
      String.self, manager: manager, center: center, clockChanges: clockChanges, content: { _, dates in dates })
  }

  /// The second follower's activities show the dates and the window.
  func makeWindowActivities() -> CountdownLiveActivities<String, Windowed> {
    CountdownLiveActivities(
      String.self, manager: manager, center: windowCenter, clockChanges: clockChanges, lookAhead: lookAhead,
      content: { _, dates, window in Windowed(dates: dates, window: window) })
  }

  /// Whether two dates show the same moment to within `tolerance` seconds, as an activity or a
  /// widget shows them: running to the same end, or frozen with the same time left (a frozen
  /// countdown's dates are laid out from now, and move as time passes while it shows the same).
  static func same(_ a: CountdownTimerDates?, _ b: CountdownTimerDates?, tolerance: TimeInterval = 0.1) -> Bool {
    guard let a, let b else { return a == nil && b == nil }
    let (endA, endB) = (a.timerInterval.upperBound, b.timerInterval.upperBound)
    switch (a.pauseTime, b.pauseTime) {
    case (nil, nil): return abs(endA.timeIntervalSince(endB)) < tolerance
    case (let x?, let y?): return abs(endA.timeIntervalSince(x) - endB.timeIntervalSince(y)) < tolerance
    default: return false
    }
  }
}

extension LiveActivitiesHarness: MirrorHarness {

  static let ids = (0..<6).map { "t\($0)" }

  static let steps: [(below: Int, step: MirrorStep)] = [
    (16, .change(.start)), (24, .change(.startPlan)), (28, .change(.skipPhase)), (34, .change(.pause)),
    (40, .change(.resume)), (50, .change(.addTime)),
    (56, .change(.cancel)), (58, .change(.cancelAll)), (64, .change(.suspendOrResume)), (68, .clockJump),
    (72, .relaunch), (86, .mirror(0)),
  ]

  static func make(using random: inout SplitMix64) throws -> Self {
    try Self(lookAhead: Int.random(in: 0...2, using: &random))
  }

  /// Relaunched with the follower made after the restore; the activities stay on the center.
  func relaunch(using random: inout SplitMix64) throws -> String {
    let data = try snapshot()
    activities = nil  // the process ends: nothing is ended
    windowActivities = nil
    try startNewProcess()
    try manager.restore(CountdownSnapshot<String>(decoding: data)) { _, _, _ in }
    activities = makeActivities()
    windowActivities = makeWindowActivities()
    return "relaunch"
  }

  /// The app starts an activity for `id`'s countdown, with what the package would show, unless it
  /// has one going or no countdown.
  func mirrorStep(_ number: Int, of id: String) throws -> (action: String, broken: String?) {
    let going = center.activities.contains { $0.countdownID == id && $0.dismissal == nil }
    guard !going, let content = activities?.content(for: id) else { return ("the app starts no activity", nil) }
    _ = center.start(countdownID: id, state: content.state, staleDate: content.staleDate)
    // The second follower's activity, started with it.
    if let windowed = windowActivities?.content(for: id),
      !windowCenter.activities.contains(where: { $0.countdownID == id && $0.dismissal == nil })
    {
      _ = windowCenter.start(countdownID: id, state: windowed.state, staleDate: windowed.staleDate)
    }
    return ("the app starts an activity for \(id)", nil)
  }

  /// Every activity going shows its countdown's dates now, as the manager has them (a countdown in
  /// phases waiting, paused, after a phase that pauses the plan shows its next phase paused at its
  /// whole length); none is going for a countdown gone, and none ended while its countdown is
  /// there (a plan that pauses itself is not over, nor one whose phase time taken ended).
  func mismatch() -> String? {
    defer { going = Set(center.activities.filter { $0.dismissal == nil }.map(\.id)) }
    if let mismatch = windowMismatch() { return mismatch }
    for activity in center.activities where activity.dismissal == nil {
      let now = manager.timerDates(id: activity.countdownID)
      guard let now else { return "\(activity.id) of \(activity.countdownID) goes on, its countdown gone" }
      guard Self.same(activity.state, now) else {
        return "\(activity.id) of \(activity.countdownID) shows \(String(describing: activity.state)), not \(now)"
      }
    }
    let ended = center.activities.first {
      $0.dismissal != nil && going.contains($0.id) && manager.contains(id: $0.countdownID)
    }
    if let ended {
      let position = manager.phasePosition(id: ended.countdownID).map { "phase #\($0.ordinal), paused: \($0.isPaused)" }
      return "\(ended.id) of \(ended.countdownID) ended, its countdown there (\(position ?? "no phases"))"
    }
    return nil
  }

  /// Every activity of the second follower going shows its countdown's dates now, and, for a
  /// countdown in phases, a window laid out from them: its current phase spans the dates, its
  /// phases are those the follower would read now at the same moments (a window standing still,
  /// the same time left), stale at its current phase's end while it runs and never while it stands
  /// still; with no phase end due, its phases are `phaseWindow(id:lookAhead:)`'s. A single
  /// countdown's has no window.
  func windowMismatch() -> String? {
    for activity in windowCenter.activities where activity.dismissal == nil {
      let label = "windowed \(activity.id) of \(activity.countdownID) (look-ahead \(lookAhead))"
      guard let dates = manager.timerDates(id: activity.countdownID) else {
        return "\(label) goes on, its countdown gone"
      }
      guard let shown = activity.state, Self.same(shown.dates, dates) else {
        return "\(label) shows \(String(describing: activity.state?.dates)), not \(dates)"
      }
      let expected = windowActivities?.content(for: activity.countdownID)?.state.window
      guard let window = shown.window else {
        return expected == nil ? nil : "\(label) shows no window, where it would now show \(expected!)"
      }
      guard let expected else { return "\(label) shows a window, where it would now show none" }
      guard window.current.timerInterval == shown.dates.timerInterval, window.pauseTime == shown.dates.pauseTime else {
        return "\(label): the window's current phase \(window.current.timerInterval) is not the dates'"
      }
      guard Self.sameMoment(window, expected) else { return "\(label) shows \(window), not \(expected)" }
      let staleDate = activity.staleDate
      if window.pausedAt != nil {
        if staleDate != nil { return "\(label) stands still, stale at \(staleDate!)" }
      } else if abs((staleDate?.timeIntervalSince1970 ?? 0) - window.current.end) > 1e-3 {
        return
          "\(label) is stale at \(String(describing: staleDate)), not at its current phase's end \(window.current.end)"
      }
      // With no end due, the window is the manager's.
      if window.pausedAt == nil, window.current.end > wall.now.timeIntervalSince1970 + 0.1,
        let read = manager.phaseWindow(id: activity.countdownID, lookAhead: lookAhead), !Self.sameMoment(window, read)
      {
        return "\(label) shows \(window), where phaseWindow reads \(read)"
      }
    }
    return nil
  }

  /// Whether two windows show the same phases at the same moments: running, each end within
  /// 0.1 s; standing still, each end as far from the instant it stands at.
  static func sameMoment(_ a: CountdownPhaseWindow, _ b: CountdownPhaseWindow) -> Bool {
    guard a.phases.map(\.ordinal) == b.phases.map(\.ordinal), a.isPaused == b.isPaused,
      (a.pausedAt == nil) == (b.pausedAt == nil), (a.planEnd == nil) == (b.planEnd == nil)
    else { return false }
    let (fromA, fromB) = (a.pausedAt ?? 0, b.pausedAt ?? 0)
    return zip(a.phases, b.phases).allSatisfy { abs(($0.end - fromA) - ($1.end - fromB)) < 0.1 }
  }

  func assertFinally(_ context: String) {
    XCTAssertEqual(failures.withLock { $0 }, [], context)
  }
}
