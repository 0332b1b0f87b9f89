@_spi(Walks) import CountdownCore
import XCTest

/// The call that tells a plan's end has no segment left to count down to: it names no end instant,
/// as a paused segment's call names none.
final class PlanEndCallTimingTests: XCTestCase {
  func testTheFinalCallNamesNoEndInstant() throws {
    let (engine, clock) = try makeEngine()
    let log = SegmentLog()
    let timer = Receiver("timer")
    try engine.register(timer, walking: layout([2, 1]), handler: log.handler, onSegment: log.onSegment)
    for _ in 0..<3 { try clock.advance(by: .seconds(1)) }
    let final = try XCTUnwrap(log.segmentCalls.last)
    XCTAssertTrue(final.ends.planEnded, "\(log.lines)")
    XCTAssertEqual(final.timeLeft, 0)
    XCTAssertNil(final.end)
    XCTAssertNotNil(log.segmentCalls.first?.end, "a running segment's call names its end")
    withExtendedLifetime(timer) {}
  }

  func testASilentWalksFinalCallNamesNoEndInstant() throws {
    let (engine, clock) = try makeEngine()
    let log = SegmentLog()
    let timer = Receiver("timer")
    try engine.register(
      timer, walking: layout([2, 1]), delivering: .onlyTheEnd, handler: log.handler, onSegment: log.onSegment)
    for _ in 0..<3 { try clock.advance(by: .seconds(1)) }
    XCTAssertEqual(log.lines, ["#1 1 ends 0", "#2 0 ends 1 ended"])
    XCTAssertNotNil(log.segmentCalls.first?.end)
    XCTAssertNil(log.segmentCalls.last?.end)
    withExtendedLifetime(timer) {}
  }
}
