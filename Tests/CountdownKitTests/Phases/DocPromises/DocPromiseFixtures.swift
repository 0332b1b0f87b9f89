import CountdownCore
import CountdownKit
import CountdownTestSupport
import Foundation

/// The plans and the call log the tests of the documented promises share.
enum DocPromiseFixtures {
  /// Warm-up 3 s, then Work 5 s / Rest 2 s twice, then Cool-down 1 s: ordinals 0 to 5, ending at
  /// 3, 8, 10, 15, 17 and 18 s.
  static func plan() throws(CountdownError) -> CountdownPlan {
    try CountdownPlan(
      warmUp: [CountdownPhase("Warm-up", .seconds(3))],
      blocks: [.init([CountdownPhase("Work", .seconds(5)), CountdownPhase("Rest", .seconds(2))], repeated: .times(2))],
      coolDown: [CountdownPhase("Cool-down", .seconds(1))])
  }

  /// Run 4 s / Walk 2 s, forever.
  static func forever() throws(CountdownError) -> CountdownPlan {
    try CountdownPlan(blocks: [
      .init([CountdownPhase("Run", .seconds(4)), CountdownPhase("Walk", .seconds(2))], repeated: .forever)
    ])
  }
}

/// What a handler of a countdown in phases saw, a line a call: the phase's ordinal (or "end"),
/// its value, the ends it told, and "paused" while paused.
@MainActor
final class DocPromiseCalls {
  var lines: [String] = []
  var updates: [CountdownPhaseUpdate] = []

  func record(_ update: CountdownPhaseUpdate) {
    updates.append(update)
    var line = update.position.map { "#\($0.ordinal)" } ?? "end"
    line += " \(update.remaining)"
    if !update.phaseEnds.isEmpty { line += " ends \(update.phaseEnds.map(\.ordinal))" }
    if update.position?.isPaused == true { line += " paused" }
    lines.append(line)
  }
}

extension ManualCountdownClock {
  /// Advances the manager's clock and its wall clock together by `seconds`, so that the dates the
  /// manager works out read as a device's would.
  func advance(by seconds: Int, with wall: TestWallClock) throws {
    wall.jump(by: TimeInterval(seconds))
    try advance(by: .seconds(seconds))
  }
}
