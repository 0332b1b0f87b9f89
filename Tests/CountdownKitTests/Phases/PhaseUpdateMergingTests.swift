import CountdownCore
import Foundation
import XCTest

@testable import CountdownKit

/// Updates merged for a consumer that fell behind: every end in order, bounded.
final class PhaseUpdateMergingTests: XCTestCase {
  func testMergedUpdatesKeepEveryEndInOrderAndFoldTheOldestPastTheLimit() throws {
    let date = Date(timeIntervalSince1970: 1_800_000_000)
    let phase = CountdownPhase("Lap", .seconds(1))
    let plan = try CountdownPlan(blocks: [.init([phase], repeated: .forever)])
    func update(_ ordinals: Range<Int>) -> CountdownPhaseUpdate {
      let ends = ordinals.map {
        CountdownPhaseEnd(
          phase: phase, ordinal: $0, phaseIndex: 0, cycle: $0, date: date + Double($0),
          lateness: .seconds(200 - $0))
      }
      return CountdownPhaseUpdate(
        reading: .init(cursor: SegmentCursor(startingAt: 0, in: plan.layout), now: 0, wallNow: date), plan: nil,
        position: nil, remaining: ordinals.count, phaseEnds: ends, earlierPhaseEnds: nil, planEnded: false,
        pausedAfterPhase: false)
    }
    let two = update(0..<3).merged(with: update(3..<5))
    XCTAssertEqual(two.phaseEnds.map(\.ordinal), Array(0..<5))
    XCTAssertEqual(two.remaining, 2, "the newer's value")
    XCTAssertNil(two.earlierPhaseEnds)
    let many = update(0..<40).merged(with: update(40..<100))
    XCTAssertEqual(many.phaseEnds.map(\.ordinal), Array(36..<100))
    XCTAssertEqual(many.earlierPhaseEnds?.ordinals, 0..<36)
    XCTAssertEqual(many.earlierPhaseEnds?.firstDate, date)
    XCTAssertEqual(many.earlierPhaseEnds?.lastDate, date + 35)
    XCTAssertEqual(many.earlierPhaseEnds?.lateness, .seconds(200))
    let again = many.merged(with: update(100..<110))
    XCTAssertEqual(again.phaseEnds.map(\.ordinal), Array(46..<110))
    XCTAssertEqual(again.earlierPhaseEnds?.ordinals, 0..<46)
    XCTAssertEqual(again.earlierPhaseEnds?.lastDate, date + 45)
  }

  /// A merged update keeps the plan's end if either saw it, and the pause after a phase of the
  /// newer update's ends, or, when the newer has none, of the older's.
  func testAMergedUpdateKeepsThePlansEndAndThePauseAfterAPhase() throws {
    let date = Date(timeIntervalSince1970: 1_800_000_000)
    let phase = CountdownPhase("Lap", .seconds(1))
    let plan = try CountdownPlan(blocks: [.init([phase], repeated: .forever)])
    func update(ends ordinals: Range<Int>, planEnded: Bool = false, pausedAfterPhase: Bool = false)
      -> CountdownPhaseUpdate
    {
      let ends = ordinals.map {
        CountdownPhaseEnd(phase: phase, ordinal: $0, phaseIndex: 0, cycle: $0, date: date, lateness: .zero)
      }
      return CountdownPhaseUpdate(
        reading: .init(cursor: SegmentCursor(startingAt: 0, in: plan.layout), now: 0, wallNow: date), plan: nil,
        position: nil, remaining: 0, phaseEnds: ends, earlierPhaseEnds: nil, planEnded: planEnded,
        pausedAfterPhase: pausedAfterPhase)
    }
    XCTAssertTrue(update(ends: 0..<1, planEnded: true).merged(with: update(ends: 1..<1)).planEnded)
    XCTAssertTrue(update(ends: 0..<1).merged(with: update(ends: 1..<2, planEnded: true)).planEnded)
    XCTAssertFalse(update(ends: 0..<1).merged(with: update(ends: 1..<2)).planEnded)
    XCTAssertTrue(
      update(ends: 0..<1, pausedAfterPhase: true).merged(with: update(ends: 1..<1)).pausedAfterPhase,
      "a newer update with no end keeps the older's pause")
    XCTAssertFalse(
      update(ends: 0..<1, pausedAfterPhase: true).merged(with: update(ends: 1..<2)).pausedAfterPhase,
      "a newer end that does not pause: the walk went on")
    XCTAssertTrue(update(ends: 0..<1).merged(with: update(ends: 1..<2, pausedAfterPhase: true)).pausedAfterPhase)
  }

  /// The summary of a merged update keeps the longest lateness of the ends it folds, the oldest's,
  /// whatever the ends folded into it later say.
  func testAMergedSummaryKeepsTheLongestLatenessOfTheEndsItFolds() throws {
    let date = Date(timeIntervalSince1970: 1_800_000_000)
    let phase = CountdownPhase("Lap", .seconds(1))
    let plan = try CountdownPlan(blocks: [.init([phase], repeated: .forever)])
    func update(_ ordinals: Range<Int>) -> CountdownPhaseUpdate {
      let ends = ordinals.map {
        CountdownPhaseEnd(
          phase: phase, ordinal: $0, phaseIndex: 0, cycle: $0, date: date + Double($0),
          lateness: .seconds(200 - $0))
      }
      return CountdownPhaseUpdate(
        reading: .init(cursor: SegmentCursor(startingAt: 0, in: plan.layout), now: 0, wallNow: date), plan: nil,
        position: nil, remaining: ordinals.count, phaseEnds: ends, earlierPhaseEnds: nil, planEnded: false,
        pausedAfterPhase: false)
    }
    let many = update(0..<40).merged(with: update(40..<100))
    XCTAssertEqual(many.earlierPhaseEnds?.lateness, .seconds(200))
    // Ten more ends push ends 36 to 45, less late, into the summary.
    let again = many.merged(with: update(100..<110))
    XCTAssertEqual(again.earlierPhaseEnds?.ordinals, 0..<46)
    XCTAssertEqual(again.earlierPhaseEnds?.lateness, .seconds(200), "the first end's lateness, not end 36's")
  }
}
