import CountdownKit
import CountdownTestSupport
import Foundation
import XCTest

/// A wakeup that comes late by whole intervals, landing exactly on an interval boundary, delivers
/// the value of the instant it came at: whole intervals left, rounded up, so exactly the time left
/// in seconds on a 1 s interval, never one too high.
final class LateWakeupValuesTests: XCTestCase {
  /// A plan of Work 10 s then Rest 10 s, woken 2, 3, 1, 2 and 2 s after the last call (1, 2, 0, 1
  /// and 1 s late), across the end of Work, then 3, 4 and 3 s into Rest: every value is the time
  /// left in the phase at the wakeup, the ones landing on a boundary a whole interval late too.
  func testAPhaseWokenLateOnAWholeIntervalGetsTheExactTimeLeft() throws {
    try withManualManager { manager, clock, _ in
      let plan = try CountdownPlan(blocks: [
        .init([CountdownPhase("Work", .seconds(10)), CountdownPhase("Rest", .seconds(10))])
      ])
      var seen: [String] = []
      try manager.start(id: "run", plan: plan) { _, update, _ in
        seen.append("\(update.position?.phase.name ?? "end") \(update.remaining)")
      }
      for seconds in [2, 3, 1, 2, 2, 3, 4, 3] { try clock.jump(by: .seconds(seconds)) }
      XCTAssertEqual(
        seen,
        ["Work 10", "Work 8", "Work 5", "Work 4", "Work 2", "Rest 10", "Rest 7", "Rest 3", "end 0"],
        "each value is the whole seconds left at the wakeup")
    }
  }

  /// A plain countdown of 10 s woken 2, 3, 1, 2 and 2 s after the last call: 8, 5, 4, 2 and its
  /// end, each wakeup landing on a whole second.
  func testACountdownWokenLateOnAWholeIntervalGetsTheExactTimeLeft() throws {
    try withManualManager { manager, clock, _ in
      var seen: [Int] = []
      try manager.start(id: "tea", for: .seconds(10)) { _, value, _ in seen.append(value) }
      for seconds in [2, 3, 1, 2, 2] { try clock.jump(by: .seconds(seconds)) }
      XCTAssertEqual(seen, [10, 8, 5, 4, 2, 0], "each value is the whole seconds left at the wakeup")
    }
  }
}
