import CountdownCore
import XCTest

/// A move of a walk whose plan has ended, its final 0 still on its way, finds no walk to move, as
/// documented: it returns `planHadEnded`, and the plan's end is told as it would be. Found by the
/// model-based simulation (seed 700002, shrunk to a walk, a jump past its plan's end while
/// suspended, and a move).
final class MoveAfterThePlansEndTests: XCTestCase {
  func testAMoveOfAWalkWhosePlanHasEndedFindsNone() throws {
    let (engine, clock) = try makeEngine()
    let log = SegmentLog()
    let timer = Receiver("timer")
    try engine.register(timer, walking: layout([1, 1]), handler: log.handler, onSegment: log.onSegment)
    engine.suspendTicking()
    try clock.advance(by: .seconds(3))
    XCTAssertEqual(try engine.move(timer, .back), .planHadEnded, "its plan has ended")
    engine.resumeTicking()
    try clock.advance(by: .zero)
    XCTAssertEqual(log.lines, ["#0 1", "#2 0 ends 0,1 ended"], "the plan's end, told once")
    XCTAssertFalse(engine.contains(timer))
    withExtendedLifetime(timer) {}
  }

  /// The move that finds the plan's end passed (during a suspension) tells that end at once, as a
  /// pause or time added tells the ends it passes: the final call does not wait for the resume.
  func testAMoveThatFindsThePlanEndedTellsItsEndAtOnce() throws {
    let (engine, clock) = try makeEngine()
    let log = SegmentLog()
    let timer = Receiver("timer")
    try engine.register(timer, walking: layout([1, 1]), handler: log.handler, onSegment: log.onSegment)
    engine.suspendTicking()
    try clock.advance(by: .seconds(3))
    XCTAssertEqual(log.lines, ["#0 1"], "suspended: nothing told yet")
    XCTAssertEqual(try engine.move(timer, .skip), .planHadEnded)
    XCTAssertEqual(log.lines, ["#0 1", "#2 0 ends 0,1 ended"], "the plan's end, told at once")
    XCTAssertFalse(engine.contains(timer))
    engine.resumeTicking()
    try clock.advance(by: .zero)
    XCTAssertEqual(log.lines.count, 2, "told once")
    withExtendedLifetime(timer) {}
  }

  /// From a callback of the pass that prepared a walk's final 0 (a countdown ending with it, first
  /// in that pass), before that call begins, the walk's registration has ended already, as a
  /// countdown's has for a cancel: a move finds none (`notFound`), and that call comes as it would
  /// have.
  func testAMoveFromACallbackOfThePassThatPreparedThePlansEndFindsNoWalk() throws {
    let (engine, clock) = try makeEngine()
    let log = SegmentLog()
    let timer = Receiver("timer")
    let other = Receiver("other")
    let results = LockedState<[String]>([])
    try engine.register(other, .duration(.seconds(2))) { value, _ in
      guard value == 0 else { return }
      let result = try? engine.move(timer, .skip)
      let heard = log.lines
      results.withLock { $0.append("\(result.map { "\($0)" } ?? "threw") after \(heard)") }
    }
    try engine.register(timer, walking: layout([1, 1]), handler: log.handler, onSegment: log.onSegment)
    try clock.advance(by: .seconds(2))
    XCTAssertEqual(
      results.withLock { $0 }, ["notFound after [\"#0 1\", \"#1 1 ends 0\"]"], "its final 0 prepared, not yet made")
    XCTAssertEqual(log.lines, ["#0 1", "#1 1 ends 0", "#2 0 ends 1 ended"], "the plan's end, told once")
    XCTAssertFalse(engine.contains(timer))
    withExtendedLifetime((timer, other)) {}
  }
}
