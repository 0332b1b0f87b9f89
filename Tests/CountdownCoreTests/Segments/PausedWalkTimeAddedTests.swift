import CountdownCore
import XCTest

/// Time added to a walk that is paused, with no end untold, changes its frozen time and is told at
/// its resume, as for any paused countdown: a walk registered paused, or paused while its call was
/// owed, owes that call at its resume, not at the change. Found by the model-based simulation
/// (seed 24324, shrunk to a walk registered paused and time added to it).
final class PausedWalkTimeAddedTests: XCTestCase {
  func testTimeAddedToAWalkRegisteredPausedIsToldAtItsResume() throws {
    let (engine, _) = try makeEngine()
    let log = SegmentLog()
    let timer = Receiver("timer")
    try engine.register(timer, walking: layout([4, 3]), paused: true, handler: log.handler, onSegment: log.onSegment)
    XCTAssertEqual(log.lines, [], "paused, it is told at its resume")
    try engine.addTime(.seconds(2), to: timer)
    XCTAssertEqual(log.lines, [], "its frozen time changed, told at its resume")
    XCTAssertEqual(engine.walkStatus(of: timer)?.timeLeft, 6_000_000_000)
    engine.resume(timer)
    XCTAssertEqual(log.lines, ["#0 6"])
    withExtendedLifetime(timer) {}
  }
}
