@_spi(Walks) import CountdownCore
import XCTest

/// The ends that finish a plan whose last segment is marked to pause after: the plan ends there,
/// and no segment waits, so the ends do not say the walk pauses. Found by the model-based
/// simulation (seed 5006083, shrunk to a walk of such a plan and the advances past its end).
final class PlanEndFlagTests: XCTestCase {
  func testThePlansEndAfterASegmentMarkedToPauseSaysNoSegmentWaits() throws {
    let (engine, clock) = try makeEngine()
    let log = SegmentLog()
    let timer = Receiver("timer")
    try engine.register(
      timer, walking: layout([2, 1], pausesAfter: [false, true]), handler: log.handler, onSegment: log.onSegment)
    for _ in 0..<3 { try clock.advance(by: .seconds(1)) }
    XCTAssertEqual(log.lines.last, "#2 0 ends 1 ended")
    let ends = try XCTUnwrap(log.segmentCalls.last?.ends)
    XCTAssertTrue(ends.planEnded)
    XCTAssertFalse(ends.paused, "nothing waits after the plan's last segment")
    XCTAssertFalse(engine.contains(timer))
    withExtendedLifetime(timer) {}
  }
}
