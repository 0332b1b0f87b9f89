import CountdownCore
import Foundation
import XCTest

@testable import CountdownKit

/// Updates merged for a consumer that fell behind: every end in order, bounded.
final class PhaseUpdateMergingTests: XCTestCase {
  func testMergedUpdatesKeepEveryEndInOrderAndFoldTheOldestPastTheLimit() throws {
    let two = try Self.update(ends: 0..<3).merged(with: Self.update(ends: 3..<5))
    XCTAssertEqual(two.phaseEnds.map(\.ordinal), Array(0..<5))
    XCTAssertEqual(two.remaining, 2, "the newer's value")
    XCTAssertNil(two.earlierPhaseEnds)
    let many = try Self.update(ends: 0..<40).merged(with: Self.update(ends: 40..<100))
    XCTAssertEqual(many.phaseEnds.map(\.ordinal), Array(36..<100))
    XCTAssertEqual(many.earlierPhaseEnds?.ordinals, 0..<36)
    XCTAssertEqual(many.earlierPhaseEnds?.firstDate, Self.date)
    XCTAssertEqual(many.earlierPhaseEnds?.lastDate, Self.date + 35)
    XCTAssertEqual(many.earlierPhaseEnds?.lateness, .seconds(200))
    // Ten more ends push ends 36 to 45, less late, into the summary.
    let again = try many.merged(with: Self.update(ends: 100..<110))
    XCTAssertEqual(again.phaseEnds.map(\.ordinal), Array(46..<110))
    XCTAssertEqual(again.earlierPhaseEnds?.ordinals, 0..<46)
    XCTAssertEqual(again.earlierPhaseEnds?.lastDate, Self.date + 45)
    XCTAssertEqual(again.earlierPhaseEnds?.lateness, .seconds(200), "the first end's lateness, not end 36's")
  }

  /// A merged update keeps the plan's end if either saw it, and the pause after a phase of the
  /// newer update's ends, or, when the newer has none, of the older's.
  func testAMergedUpdateKeepsThePlansEndAndThePauseAfterAPhase() throws {
    XCTAssertTrue(try Self.update(ends: 0..<1, planEnded: true).merged(with: Self.update(ends: 1..<1)).planEnded)
    XCTAssertTrue(try Self.update(ends: 0..<1).merged(with: Self.update(ends: 1..<2, planEnded: true)).planEnded)
    XCTAssertFalse(try Self.update(ends: 0..<1).merged(with: Self.update(ends: 1..<2)).planEnded)
    XCTAssertTrue(
      try Self.update(ends: 0..<1, pausedAfterPhase: true).merged(with: Self.update(ends: 1..<1)).pausedAfterPhase,
      "a newer update with no end keeps the older's pause")
    XCTAssertFalse(
      try Self.update(ends: 0..<1, pausedAfterPhase: true).merged(with: Self.update(ends: 1..<2)).pausedAfterPhase,
      "a newer end that does not pause: the walk went on")
    XCTAssertTrue(
      try Self.update(ends: 0..<1).merged(with: Self.update(ends: 1..<2, pausedAfterPhase: true)).pausedAfterPhase)
  }

  // MARK: Helpers

  static let date = Date(timeIntervalSince1970: 1_800_000_000)

  /// An update of worked-out values carrying the ends of `ordinals` of a forever plan of 1 s laps,
  /// each end `ordinal` seconds after ``date`` and 200 − `ordinal` seconds late; its value, the
  /// number of ends.
  static func update(ends ordinals: Range<Int>, planEnded: Bool = false, pausedAfterPhase: Bool = false) throws
    -> CountdownPhaseUpdate
  {
    let phase = CountdownPhase("Lap", .seconds(1))
    let plan = try CountdownPlan(blocks: [.init([phase], repeated: .forever)])
    let ends = ordinals.map {
      CountdownPhaseEnd(
        phase: phase, ordinal: $0, phaseIndex: 0, cycle: $0, date: date + Double($0), lateness: .seconds(200 - $0))
    }
    return CountdownPhaseUpdate(
      reading: .init(cursor: SegmentCursor(startingAt: 0, in: plan.layout), now: 0, wallNow: date), plan: nil,
      position: nil, remaining: ordinals.count, phaseEnds: ends, earlierPhaseEnds: nil, planEnded: planEnded,
      pausedAfterPhase: pausedAfterPhase)
  }
}
