import CountdownCore
import XCTest

/// A walk that skips changes registered when its segment's end has come already: that end is told
/// at once, inside the registration, a call as every delivery of such a walk is, and the walk goes
/// on silent in the next segment.
final class SilentWalkRegisteredAtItsEndTests: XCTestCase {
  func testASilentWalkRegisteredWithNoTimeLeftTellsItsSegmentsEndAtOnce() throws {
    for deliveries in [CountdownDeliveries.onlyTheEnd, .milestones([1])] {
      let (engine, clock) = try makeEngine()
      let log = SegmentLog()
      let timer = Receiver("timer")
      try engine.register(
        timer, walking: layout([3, 2]), left: 0, delivering: deliveries, readAt: clock.now, handler: log.handler,
        onSegment: log.onSegment)
      XCTAssertEqual(log.lines, ["#1 2 ends 0"], "\(deliveries): the first segment's end, inside the registration")
      try clock.advance(by: .seconds(2))
      XCTAssertEqual(log.lines.last, "#2 0 ends 1 ended", "\(deliveries): the plan's end")
      withExtendedLifetime(timer) {}
    }
  }

  /// Its reading a second before an instant the engine acted on since, with a second left: its
  /// segment's end is that instant, come by the registration, and told at once as well.
  func testASilentWalkWhoseEndCameByAnInstantActedOnSinceItsReadingTellsThatEndAtOnce() throws {
    for deliveries in [CountdownDeliveries.onlyTheEnd, .milestones([1])] {
      let (engine, clock) = try makeEngine()
      let log = SegmentLog()
      let timer = Receiver("timer")
      let other = Receiver("other")
      // Ticking at every interval, it makes the engine act on the instants the clock reaches.
      try engine.register(other, .duration(.seconds(10)), handler: { _, _ in })
      let reading = clock.now
      try clock.advance(by: .seconds(1))
      try engine.register(
        timer, walking: layout([3, 2]), left: 1_000_000_000, delivering: deliveries,
        readAt: reading, handler: log.handler, onSegment: log.onSegment)
      XCTAssertEqual(log.lines, ["#1 2 ends 0"], "\(deliveries): the first segment's end, inside the registration")
      XCTAssertEqual(engine.stateInvariantViolations(), [], "\(deliveries)")
      withExtendedLifetime((timer, other)) {}
    }
  }
}
