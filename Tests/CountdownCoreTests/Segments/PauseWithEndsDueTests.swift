import CountdownCore
import XCTest

/// A pause acts on the segment running at its reading, as time added and moves do: the ends due
/// before it pass first (several, after a suspension), and one call tells them at once, paused.
/// A walk its plan stopped before the pause (paused after a segment, or ended) is not paused again.
final class PauseWithEndsDueTests: XCTestCase {
  func testAPauseWithSeveralEndsDuePausesTheSegmentRunningThen() throws {
    let (engine, clock) = try makeEngine()
    let log = SegmentLog()
    let timer = Receiver("timer")
    try engine.register(timer, walking: layout([1, 1, 1]), handler: log.handler, onSegment: log.onSegment)
    engine.suspendTicking()
    try clock.advance(by: .milliseconds(2_500))
    XCTAssertTrue(engine.pause(timer), "the third segment was running")
    XCTAssertEqual(log.lines, ["#0 1", "#2 1 ends 0,1 paused"], "both ends, told at once")
    XCTAssertEqual(engine.walkStatus(of: timer)?.timeLeft, 500_000_000, "half of the third segment left")
    engine.resumeTicking()
    withExtendedLifetime(timer) {}
  }

  func testAPauseAfterTheWalkPausedItselfPausesNothing() throws {
    let (engine, clock) = try makeEngine()
    let log = SegmentLog()
    let timer = Receiver("timer")
    try engine.register(
      timer, walking: layout([1, 1, 1], pausesAfter: [false, true, false]), handler: log.handler,
      onSegment: log.onSegment)
    engine.suspendTicking()
    try clock.advance(by: .milliseconds(2_500))
    XCTAssertFalse(engine.pause(timer), "it waits after its second segment already")
    XCTAssertEqual(log.lines, ["#0 1", "#2 1 ends 0,1 paused"], "both ends, told at once")
    XCTAssertEqual(engine.walkStatus(of: timer)?.timeLeft, 1_000_000_000, "the third waits at its length")
    engine.resumeTicking()
    withExtendedLifetime(timer) {}
  }
}
