import CountdownCore
import XCTest

/// A walk that skips changes registered past its plan's last segment: its plan ends at once, and
/// that end, as every delivery of such a walk, is a call. Found by the model-based simulation
/// (seed 24760, shrunk to that one registration, from a callback).
final class SilentWalkPastItsEndTests: XCTestCase {
  func testASilentWalkRegisteredPastItsLastSegmentEndsWithACall() throws {
    for deliveries in [CountdownDeliveries.onlyTheEnd, .milestones([2, 5])] {
      let (engine, clock) = try makeEngine()
      let log = SegmentLog()
      let timer = Receiver("timer")
      try engine.register(
        timer, walking: layout([7, 3]), from: 2, delivering: deliveries, handler: log.handler,
        onSegment: log.onSegment)
      try clock.advance(by: .seconds(1))
      XCTAssertEqual(log.lines, ["#2 0"], "\(deliveries): its plan's end, a call, never a value")
      XCTAssertFalse(engine.contains(timer))
      withExtendedLifetime(timer) {}
    }
  }
}
