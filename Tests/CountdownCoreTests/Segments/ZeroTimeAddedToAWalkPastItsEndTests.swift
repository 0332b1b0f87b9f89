import CountdownCore
import XCTest

/// Time added to a walk acts on the segment running at its reading, even when it adds nothing (a
/// change of zero): the ends due before it pass, as for any operation on a walk, and one call tells
/// them at once, owed as that call's prompt delivery. Found by the public-API fuzzer (seed 90417,
/// with other threads), which saw a walk owe that delivery, noted nowhere, while the engine was
/// suspended.
final class ZeroTimeAddedToAWalkPastItsEndTests: XCTestCase {
  func testZeroAddedToAWalkPastItsSegmentsEndTellsThatEndAtOnce() throws {
    for deliveries in [CountdownDeliveries.everyChange, .onlyTheEnd, .milestones([1])] {
      let (engine, clock) = try makeEngine()
      let log = SegmentLog()
      let timer = Receiver("timer")
      try engine.register(
        timer, walking: layout([2, 3, 4]), delivering: deliveries, handler: log.handler, onSegment: log.onSegment)
      // Suspended, no wakeup passes the first segment's end at 2 s.
      engine.suspendTicking()
      try clock.advance(by: .milliseconds(2_500))
      log.clear()
      XCTAssertTrue(try engine.addTime(.zero, to: timer))
      XCTAssertEqual(engine.stateInvariantViolations(), [], "\(deliveries): the call it owes is noted")
      XCTAssertEqual(log.lines, ["#1 3 ends 0"], "\(deliveries): the end passed, told at once")
      XCTAssertEqual(engine.walkStatus(of: timer)?.ordinal, 1)
      engine.resumeTicking()
      try clock.advance(by: .seconds(10))
      XCTAssertEqual(log.lines.last, "#3 0 ends 2 ended", "\(deliveries): the plan goes on to its end: \(log.lines)")
      XCTAssertFalse(engine.contains(timer), "\(deliveries)")
      XCTAssertEqual(engine.stateInvariantViolations(), [], "\(deliveries)")
      withExtendedLifetime(timer) {}
    }
  }
}
