import CountdownCore
import XCTest

/// A walk whose caller knows where it starts (`callsFirst: false`): its first delivery is a value,
/// inside the registration, and every later change a call as ever; where the caller could not know
/// (paused, past its end, while the engine is suspended), the first delivery is a call still.
final class WalkStartedWithoutACallTests: XCTestCase {
  func testAKnownStartIsToldByItsFirstValueAndItsEndsByCalls() throws {
    let (engine, clock) = try makeEngine()
    let log = SegmentLog()
    let timer = Receiver("timer")
    try engine.register(
      timer, walking: layout([3, 2]), readAt: clock.now, callsFirst: false, handler: log.handler,
      onSegment: log.onSegment)
    XCTAssertEqual(log.lines, ["3"], "the first delivery is the first segment's value, inside the registration")
    for _ in 0..<5 { try clock.advance(by: .seconds(1)) }
    XCTAssertEqual(log.lines, ["3", "2", "1", "#1 2 ends 0", "1", "#2 0 ends 1 ended"])
    XCTAssertEqual(engine.stateInvariantViolations(), [])
    withExtendedLifetime(timer) {}
  }

  func testAStartTheCallerCouldNotKnowIsACallStill() throws {
    let (engine, clock) = try makeEngine()
    let log = SegmentLog()
    let (paused, overdue, suspended) = (Receiver("paused"), Receiver("overdue"), Receiver("suspended"))
    try engine.register(
      paused, walking: layout([3, 2]), paused: true, readAt: clock.now, callsFirst: false, handler: log.handler,
      onSegment: log.onSegment)
    engine.resume(paused)
    XCTAssertEqual(log.lines, ["#0 3"], "a paused start is told by its resume's call")
    try engine.register(
      overdue, walking: layout([3, 2]), left: 0, readAt: clock.now, callsFirst: false, handler: log.handler,
      onSegment: log.onSegment)
    XCTAssertEqual(log.lines.last, "#1 2 ends 0", "a start past its segment's end tells that end")
    engine.suspendTicking()
    try engine.register(
      suspended, walking: layout([3, 2]), whileSuspended: .pauses, readAt: clock.now, callsFirst: false,
      handler: log.handler, onSegment: log.onSegment)
    XCTAssertEqual(log.lines.last, "#0 3", "a start while suspended is told by a call")
    engine.resumeTicking()
    withExtendedLifetime([paused, overdue, suspended]) {}
  }
}
