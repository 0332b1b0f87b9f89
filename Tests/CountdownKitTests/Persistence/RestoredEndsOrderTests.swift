import CountdownKit
import Foundation
import XCTest

/// Countdowns that ran out while the app was not running get their `0`s at the restore in the
/// order of their ends, ties in the snapshot's order, as ends delivered together always do.
final class RestoredEndsOrderTests: XCTestCase {
  func testEndsPassedWhileTheAppWasNotRunningComeInTheOrderOfTheirEnds() throws {
    try withManualManager { first, _, wall in
      let durations = [("c", 40), ("a", 10), ("e", 70), ("running", 500), ("b", 25), ("d", 55), ("tie", 25)]
      for (id, seconds) in durations {
        try first.start(id: id, for: .seconds(seconds)) { _, _, _ in }
      }
      let snapshot = first.snapshot(of: String.self)
      let data = try JSONEncoder().encode(snapshot)
      first.cancelAll()
      // Ties in the snapshot's order, whatever it is.
      let listed = snapshot.entries.map(\.id)
      let tied = listed.filter { $0 == "b" || $0 == "tie" }

      wall.jump(by: 100)
      let (manager, _) = try makeManager(wall: wall)
      var zeros: [String] = []
      let restoration = try manager.restore(CountdownSnapshot<String>(decoding: data)) { id, value, _ in
        if value == 0 { zeros.append(id) }
      }
      XCTAssertEqual(zeros, ["a"] + tied + ["c", "d", "e"])
      XCTAssertEqual(restoration.ids, listed, "in the snapshot's order")
      XCTAssertEqual(Set(restoration.ended.keys), ["a", "b", "c", "d", "e", "tie"])
      manager.cancelAll()
    }
  }

  /// A plan left long enough that its first passed ends come in the summary of earlier ends
  /// (`earlierPhaseEnds`) takes its place among the restored countdowns by that first end: before
  /// a countdown that ran out after it, though the ends listed one by one came later than that
  /// countdown's.
  func testAPlanWhoseFirstPassedEndIsInTheSummaryComesInTheOrderOfThatEnd() throws {
    try withManualManager { first, _, wall in
      // On 1 s / Off 1 s forever: ends at 1, 2, 3 … s; the tea's at 5 s.
      let plan = try CountdownPlan(blocks: [
        .init([CountdownPhase("On", .seconds(1)), CountdownPhase("Off", .seconds(1))], repeated: .forever)
      ])
      try first.start(id: "tea", for: .seconds(5)) { _, _, _ in }
      try first.start(id: "plan", plan: plan) { _, _, _ in }
      let snapshot = first.snapshot(of: String.self)
      first.cancelAll()

      // 10.5 s later: the plan passed ten ends, the tea's end came in between.
      wall.jump(by: 10.5)
      let (manager, _) = try makeManager(wall: wall)
      defer { manager.cancelAll() }
      var order: [String] = []
      var summary: CountdownPhaseEndSummary?
      var listed: [Int] = []
      try manager.restore(
        snapshot,
        { id, value, _ in
          if value == 0 { order.append(id) }
        },
        phases: { id, update, _ in
          if !order.contains(id) { order.append(id) }
          summary = summary ?? update.earlierPhaseEnds
          listed += update.phaseEnds.map(\.ordinal)
        })
      let earlier = try XCTUnwrap(summary, "the plan's first ends come in a summary")
      XCTAssertEqual(earlier.ordinals.lowerBound, 0, "from the plan's first end")
      XCTAssertGreaterThan(listed.first ?? 0, 3, "the ends listed one by one came after the tea's")
      XCTAssertEqual(
        earlier.firstDate.timeIntervalSince(wall.now), -9.5, accuracy: 0.001, "the first end, 1 s after the start")
      XCTAssertEqual(earlier.lateness, .milliseconds(9_500), "heard 9.5 s after the first end")
      XCTAssertEqual(order, ["plan", "tea"], "the plan's first end, at 1 s, came before the tea's at 5 s")
    }
  }
}
