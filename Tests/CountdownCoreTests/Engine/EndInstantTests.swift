import CountdownCore
import CountdownTestSupport
import XCTest

/// `endInstant(of:)`: the clock instant a running countdown ends at as things stand, moved by each
/// suspension for one that pauses while suspended (one in course as if it ended now), read in its
/// final 0's call too; what a countdown in phases follows.
final class EndInstantTests: XCTestCase {
  private static let second: Int64 = 1_000_000_000

  func testAFrozenCountdownsEndMovesByEachSuspensionAndOneThatKeepsRunningStays() throws {
    let (engine, clock) = try makeEngine()
    let frozen = Receiver("frozen"), running = Receiver("running")
    let start = clock.now.nanosecondsSinceOrigin
    try engine.register(frozen, .duration(.seconds(10)), whileSuspended: .pauses) { _, _ in }
    try engine.register(running, .duration(.seconds(10))) { _, _ in }
    XCTAssertEqual(engine.endInstant(of: frozen), start + 10 * Self.second)
    try clock.advance(by: .seconds(2))
    engine.suspendTicking()
    try clock.advance(by: .seconds(5))
    XCTAssertEqual(engine.endInstant(of: frozen), start + 15 * Self.second, "as if the suspension ended now")
    XCTAssertEqual(engine.endInstant(of: running), start + 10 * Self.second)
    try clock.advance(by: .seconds(30))
    engine.resumeTicking()
    try clock.advance(by: .zero)
    XCTAssertEqual(engine.endInstant(of: frozen), start + 45 * Self.second)
    XCTAssertNil(engine.endInstant(of: running), "ended at the resume")
  }

  func testInTheFinalZerosCallItSaysWhenTheEndWasDue() throws {
    let (engine, clock) = try makeEngine()
    let receiver = Receiver("frozen")
    let start = clock.now.nanosecondsSinceOrigin
    let read = LockedState<[Int64?]>([])
    try engine.register(receiver, .duration(.seconds(3)), whileSuspended: .pauses) { [weak receiver] value, _ in
      guard value == 0, let receiver else { return }
      let end = engine.endInstant(of: receiver)
      read.withLock { $0.append(end) }
    }
    engine.suspendTicking()
    try clock.advance(by: .seconds(4))
    engine.resumeTicking()
    try clock.advance(by: .seconds(3))
    XCTAssertEqual(read.withLock { $0 }, [start + 7 * Self.second])
    XCTAssertNil(engine.endInstant(of: receiver), "once its call returned, it has ended")
  }

  func testAPausedCountdownACountUpAndNoRegistrationHaveNoEnd() throws {
    let (engine, _) = try makeEngine()
    let paused = Receiver("paused"), up = Receiver("up"), none = Receiver("none")
    try engine.register(paused, .duration(.seconds(10)), whileSuspended: .pauses) { _, _ in }
    XCTAssertTrue(engine.pause(paused))
    try engine.register(up, .countingUp) { _, _ in }
    XCTAssertNil(engine.endInstant(of: paused))
    XCTAssertNil(engine.endInstant(of: up))
    XCTAssertNil(engine.endInstant(of: none))
  }
}
