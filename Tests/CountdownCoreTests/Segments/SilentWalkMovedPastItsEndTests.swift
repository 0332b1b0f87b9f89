@_spi(Walks) import CountdownCore
import XCTest

/// A walk that skips changes moved at a clock reading that a later instant overtakes before the
/// move's lock (its thread preempted while the clock runs on): the segment it lands on counts from
/// the reading, and may have ended by the instant the move acts on. That end is due at once, a
/// call as every delivery of such a walk is, and the walk goes on in the next segment. Found by
/// the model-based simulation (seed 9800000549, shrunk to a silent walk's skip preempted by a
/// pass).
final class SilentWalkMovedPastItsEndTests: XCTestCase {
  func testASilentWalkMovedToASegmentEndedByTheMovesLockTellsThatEndAtOnce() throws {
    for deliveries in [CountdownDeliveries.onlyTheEnd, .milestones([2, 5])] {
      let clock = try PreemptingClock()
      let engine = try CountdownEngine(interval: .milliseconds(100), clock: clock, deliveryQueue: .main)
      let log = SegmentLog()
      let timer = Receiver("timer")
      let other = Receiver("other")
      // Ticking at every interval, it makes the engine act on the instants the clock reaches.
      try engine.register(other, .duration(.seconds(10)), handler: { _, _ in })
      let lengths: [Int64] = [1_000_000_000, 100_000_000, 1_000_000_000]
      try engine.register(
        timer, walking: SegmentLayout([SegmentBlock(lengths: lengths)]), delivering: deliveries,
        handler: log.handler, onSegment: log.onSegment)
      try clock.base.advance(by: .milliseconds(200))
      log.clear()
      // The skip reads the clock; a pass at 150 ms later comes before its lock, past the end of
      // the 100 ms segment it skips to.
      clock.preemptAfterNextRead { try? clock.base.advance(by: .milliseconds(150)) }
      XCTAssertEqual(try engine.move(timer, .skip), .moved)
      XCTAssertEqual(engine.stateInvariantViolations(), [], "\(deliveries): the engine's rules after the skip")
      try clock.base.advance(by: .zero)
      XCTAssertEqual(log.lines, ["#2 10 ends 1"], "\(deliveries): the end of the segment skipped to, at once")
      try clock.base.advance(by: .milliseconds(1_000))
      XCTAssertEqual(log.lines.last, "#3 0 ends 2 ended", "\(deliveries): the plan's end")
      withExtendedLifetime((timer, other)) {}
    }
  }
}
