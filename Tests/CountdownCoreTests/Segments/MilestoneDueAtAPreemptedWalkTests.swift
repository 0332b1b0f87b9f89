@_spi(Walks) import CountdownCore
import XCTest

/// A walk's segment counts from the caller's clock reading, so its first milestone is the one
/// below the value it stood at then: a milestone between that reading and a later instant the
/// engine acted on before the registration's lock is overdue, and comes at once, as a plain
/// countdown's overdue milestone does, rather than being skipped as one passed before the
/// registration.
final class MilestoneDueAtAPreemptedWalkTests: XCTestCase {
  func testAMilestoneAfterTheReadingAndBeforeTheLatestInstantActedOnComes() throws {
    let (engine, clock) = try makeEngine(interval: .milliseconds(100))
    let log = SegmentLog()
    let timer = Receiver("timer")
    let other = Receiver("other")
    try clock.advance(by: .milliseconds(71))
    let reading = clock.now
    // Another call acts on an instant past the walk's milestone 2 (at the reading + 24 ms).
    try clock.advance(by: .milliseconds(39))
    try engine.register(other, .duration(.seconds(10)), delivering: .onlyTheEnd) { _, _ in }
    try clock.advance(by: .milliseconds(52))
    try engine.register(
      timer, walking: SegmentLayout([SegmentBlock(lengths: [200_000_000, 100_000_000])]), left: 224_000_000,
      delivering: .milestones([2, 5]), readAt: reading, handler: log.handler, onSegment: log.onSegment)
    try clock.advance(by: .milliseconds(10))
    XCTAssertEqual(log.lines, ["#0 2"], "its milestone 2, overdue at the lock")
    withExtendedLifetime((timer, other)) {}
  }
}
