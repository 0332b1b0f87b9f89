import CountdownCore
import XCTest

/// Ends a walk passed, merged with later ones (ends given back by a call withdrawn before it
/// began, then those passed since): the merged summary runs from the oldest end of all to the last
/// one it folds in, whichever of the two carried a summary.
final class PassedEndsMergeTests: XCTestCase {
  private typealias End = PassedSegmentEnds.End
  private typealias Summary = PassedSegmentEnds.Summary

  func testEarlierSingleEndsFoldedIntoTheLaterSummaryKeepTheirFirstInstant() {
    let earlier = PassedSegmentEnds(ends: [End(ordinal: 0, instant: 10), End(ordinal: 1, instant: 15)])
    let later = PassedSegmentEnds(
      summary: Summary(ordinals: 2..<4, first: 20, last: 30), ends: [End(ordinal: 4, instant: 40)], planEnded: true)
    let merged = earlier.followed(by: later, window: 1)
    // The summary starts at the earlier ends' first instant, not at the later summary's, which
    // came after them.
    XCTAssertEqual(merged.summary, Summary(ordinals: 0..<4, first: 10, last: 30))
    XCTAssertEqual(merged.ends, [End(ordinal: 4, instant: 40)])
    XCTAssertTrue(merged.planEnded, "the flags are the later ends'")
  }

  func testAnEarlierSummaryKeepsItsFirstInstantBeforeALaterSummary() {
    let earlier = PassedSegmentEnds(
      summary: Summary(ordinals: 0..<2, first: 5, last: 8), ends: [End(ordinal: 2, instant: 10)])
    let later = PassedSegmentEnds(
      summary: Summary(ordinals: 3..<5, first: 20, last: 30), ends: [End(ordinal: 5, instant: 40)])
    let merged = earlier.followed(by: later, window: 1)
    XCTAssertEqual(merged.summary, Summary(ordinals: 0..<5, first: 5, last: 30))
    XCTAssertEqual(merged.ends, [End(ordinal: 5, instant: 40)])
  }

  func testSingleEndsPastTheWindowFoldIntoASummaryFromTheOldest() {
    let earlier = PassedSegmentEnds(ends: [End(ordinal: 0, instant: 10), End(ordinal: 1, instant: 15)])
    let later = PassedSegmentEnds(ends: [End(ordinal: 2, instant: 20), End(ordinal: 3, instant: 25)], paused: true)
    let merged = earlier.followed(by: later, window: 2)
    XCTAssertEqual(merged.summary, Summary(ordinals: 0..<2, first: 10, last: 15))
    XCTAssertEqual(merged.ends, [End(ordinal: 2, instant: 20), End(ordinal: 3, instant: 25)])
    XCTAssertTrue(merged.paused)
  }
}
