import CountdownAlerts
import CountdownAlertsTesting
import CountdownKit
import CountdownTestSupport
import Foundation
import XCTest

/// One "process" of an app with Live Activities (``AppHarness``), on an activity center that
/// outlives it (the system's), the app starting an activity for a countdown as it chooses; for
/// ``MirrorPropertyTests``.
final class LiveActivitiesHarness: AppHarness {
  let center: FakeActivityCenter<CountdownTimerDates>
  private(set) var activities: CountdownLiveActivities<String, CountdownTimerDates>?
  /// The activities going at the last look (``mismatch()``): one of them ended since must have
  /// had its countdown go.
  private var going: Set<String> = []

  init() throws {
    let wall = DeviceClock()
    center = FakeActivityCenter(now: { wall.now })
    try super.init(wall: wall)
    activities = makeActivities()
  }

  /// The activities show the countdown's dates.
  func makeActivities() -> CountdownLiveActivities<String, CountdownTimerDates> {
    CountdownLiveActivities(
      String.self, manager: manager, center: center, clockChanges: clockChanges, content: { _, dates in dates })
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
    try Self()
  }

  /// Relaunched with the follower made after the restore; the activities stay on the center.
  func relaunch(using random: inout SplitMix64) throws -> String {
    let data = try snapshot()
    activities = nil  // the process ends: nothing is ended
    try startNewProcess()
    try manager.restore(CountdownSnapshot<String>(decoding: data)) { _, _, _ in }
    activities = makeActivities()
    return "relaunch"
  }

  /// The app starts an activity for `id`'s countdown, with what the package would show, unless it
  /// has one going or no countdown.
  func mirrorStep(_ number: Int, of id: String) throws -> (action: String, broken: String?) {
    let going = center.activities.contains { $0.countdownID == id && $0.dismissal == nil }
    guard !going, let content = activities?.content(for: id) else { return ("the app starts no activity", nil) }
    _ = center.start(countdownID: id, state: content.state, staleDate: content.staleDate)
    return ("the app starts an activity for \(id)", nil)
  }

  /// Every activity going shows its countdown's dates now, as the manager has them (a countdown in
  /// phases waiting, paused, after a phase that pauses the plan shows its next phase paused at its
  /// whole length); none is going for a countdown gone, and none ended while its countdown is
  /// there (a plan that pauses itself is not over, nor one whose phase time taken ended).
  func mismatch() -> String? {
    defer { going = Set(center.activities.filter { $0.dismissal == nil }.map(\.id)) }
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

  func assertFinally(_ context: String) {
    XCTAssertEqual(failures.withLock { $0 }, [], context)
  }
}
