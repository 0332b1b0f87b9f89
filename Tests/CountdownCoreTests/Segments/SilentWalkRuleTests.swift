import CountdownCore
import XCTest

/// The engine's rules hold for a walk that skips changes while it waits paused after a segment
/// that pauses. Found by the model-based simulation (seed 24301, shrunk to a walk at milestones
/// and a jump past its first segment, which pauses after it).
final class SilentWalkRuleTests: XCTestCase {
  func testAWalkAtMilestonesWaitingPausedAfterASegmentKeepsTheRules() throws {
    let (engine, clock) = try makeEngine()
    let log = SegmentLog()
    let timer = Receiver("timer")
    try engine.register(
      timer, walking: layout([5, 7, 5], pausesAfter: [true, false, false]), delivering: .milestones([2, 5]),
      handler: log.handler, onSegment: log.onSegment)
    try clock.advance(by: .seconds(6))
    XCTAssertEqual(log.lines.last, "#1 7 ends 0 paused", "it waits paused at its second segment's 7 s")
    XCTAssertEqual(engine.stateInvariantViolations(), [], "paused, it stands at its frozen value")
    engine.resume(timer)
    XCTAssertEqual(engine.stateInvariantViolations(), [])
    for _ in 0..<7 { try clock.advance(by: .seconds(1)) }
    XCTAssertEqual(
      log.lines.suffix(4), ["#1 7 ends 0 paused", "#1 5", "#1 2", "#2 5 ends 1"], "its milestones after the resume")
    withExtendedLifetime(timer) {}
  }
}
