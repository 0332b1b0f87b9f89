@_spi(Walks) import CountdownCore
import XCTest

/// With ends on the interval's grid, a late wakeup stands for the grid instant before its reading:
/// a walk at milestones whose milestones 5 and 2 it finds passed, milestone 2 after that grid
/// instant, is told 5, then waits for 2, which comes at the next grid instant, as a countdown's
/// milestones collapse: never skipped because the reading, where a segment's ends are passed,
/// is already past it.
final class LateWakeupPastTwoWalkMilestonesTests: XCTestCase {
  func testAMilestoneBetweenTheWakeupsGridInstantAndItsReadingComesAtTheNextGridInstant() throws {
    let (engine, clock) = try makeEngine(interval: .milliseconds(100), endTolerance: .milliseconds(100))
    let log = SegmentLog()
    let timer = Receiver("timer")
    // Milestone 5 at 263 ms, milestone 2 at 563 ms; the wakeup at 596 ms stands for 500 ms.
    try engine.register(
      timer, walking: SegmentLayout([SegmentBlock(lengths: [100_000_000, 400_000_000])]), left: 763_000_000,
      delivering: .milestones([2, 5]), handler: log.handler, onSegment: log.onSegment)
    try clock.jump(by: .milliseconds(596))
    XCTAssertEqual(log.lines, ["#0 5"])
    try clock.advance(by: .milliseconds(4))
    XCTAssertEqual(log.lines, ["#0 5", "#0 2"], "milestone 2, at the next grid instant")
    withExtendedLifetime(timer) {}
  }
}
