import CountdownCore
import Foundation
import XCTest

@testable import CountdownKit

/// A snapshot's timeline and window read entries that no manager saved and return what they can,
/// never trapping: a phase of a plan that runs forever so far in that its place in the plan lies
/// beyond what the plan's arithmetic counts (past 292 years).
final class PhaseTimelineOfHostileEntriesTests: XCTestCase {
  func testAPhaseBeyondThePlansArithmeticGivesNoTimelineAndNoWindow() throws {
    // 73 years a phase: from the fourth on, each ends past 292 years of plan.
    let long = Duration.nanoseconds(Int64(1) << 61)
    let plan = try CountdownPlan(blocks: [
      .init([CountdownPhase("a", long), CountdownPhase("b", long)], repeated: .forever)
    ])
    let now = Date()
    let snapshot = CountdownSnapshot<String>(
      takenAt: now, serverOffset: nil, entries: [],
      phaseEntries: [.init(id: "run", plan: plan, ordinal: 6, date: now + 180)])
    XCTAssertEqual(snapshot.timeline(id: "run", from: now, limit: 5).count, 0)
    XCTAssertNil(snapshot.phaseWindow(id: "run", at: now))
    XCTAssertEqual(snapshot.pushSchedule(id: "run", from: now, limit: 5).count, 0)
  }

  /// Restored, such a phase is refused with a typed error, as any phase the plan cannot walk on
  /// from: its end would be read where the plan's arithmetic no longer counts.
  func testAPhaseBeyondThePlansArithmeticIsNotRestored() throws {
    let long = Duration.nanoseconds(Int64(1) << 61)
    let plan = try CountdownPlan(blocks: [
      .init([CountdownPhase("a", long), CountdownPhase("b", long)], repeated: .forever)
    ])
    try withManualManager { manager, clock, wall in
      let snapshot = CountdownSnapshot<String>(
        takenAt: wall.now, serverOffset: nil, entries: [],
        phaseEntries: [.init(id: "run", plan: plan, ordinal: 6, date: wall.now + 180)])
      XCTAssertThrowsError(try manager.restore(snapshot, { _, _, _ in }, phases: { _, _, _ in }))
      XCTAssertFalse(manager.contains(id: "run"))
      try clock.advance(by: .seconds(181))
    }
  }
}
