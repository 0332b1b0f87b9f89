import CountdownCore
import XCTest

/// A milestone of 0 is a segment's end, a valid milestone as it is for a single countdown: a walk
/// delivered at milestones that include 0 is registered, and told each end.
final class WalkMilestoneAtZeroTests: XCTestCase {
  func testAWalkAtMilestonesIncludingZeroIsAcceptedAndToldEachEnd() throws {
    let (engine, clock) = try makeEngine()
    let log = SegmentLog()
    let timer = Receiver("timer")
    try engine.register(
      timer, walking: layout([5, 4]), delivering: .milestones([0, 3]), handler: log.handler, onSegment: log.onSegment)
    XCTAssertTrue(engine.contains(timer))
    for _ in 0..<9 { try clock.advance(by: .seconds(1)) }
    XCTAssertEqual(log.lines, ["#0 3", "#1 4 ends 0", "#1 3", "#2 0 ends 1 ended"])
    withExtendedLifetime(timer) {}
  }

  func testAMilestoneBelowZeroIsStillRejected() throws {
    let (engine, _) = try makeEngine()
    let log = SegmentLog()
    let timer = Receiver("timer")
    XCTAssertThrowsError(
      try engine.register(
        timer, walking: layout([5]), delivering: .milestones([0, -1]), handler: log.handler, onSegment: log.onSegment)
    ) { XCTAssertEqual($0 as? CountdownError, .invalidMilestone) }
    XCTAssertFalse(engine.contains(timer))
    withExtendedLifetime(timer) {}
  }
}
