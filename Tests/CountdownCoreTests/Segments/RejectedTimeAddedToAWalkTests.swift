import CountdownCore
import XCTest

/// Time added to a walk that the engine rejects (an end beyond the clock) leaves the walk untouched,
/// as documented, even with a segment's end due and not told: that end is told as it would be.
/// Found by the model-based simulation (seed 810162, shrunk to a walk, a jump past its first
/// segment's end and `Int64.max` nanoseconds added).
final class RejectedTimeAddedToAWalkTests: XCTestCase {
  func testRejectedTimeLeavesAWalkWithAnEndDueUntouched() throws {
    let (engine, clock) = try makeEngine()
    let log = SegmentLog()
    let timer = Receiver("timer")
    try engine.register(timer, walking: layout([1, 4]), handler: log.handler, onSegment: log.onSegment)
    engine.suspendTicking()
    try clock.advance(by: .seconds(2))
    XCTAssertThrowsError(try engine.addTime(.nanoseconds(Int64.max), to: timer)) {
      XCTAssertEqual($0 as? CountdownError, .outOfRange)
    }
    XCTAssertEqual(engine.stateInvariantViolations(), [])
    engine.resumeTicking()
    try clock.advance(by: .zero)
    XCTAssertEqual(log.lines, ["#0 1", "#1 3 ends 0"])
    withExtendedLifetime(timer) {}
  }
}
