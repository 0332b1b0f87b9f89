@_spi(Walks) import CountdownCore
import XCTest

/// An operation on a walk acts on its caller's clock reading, "now" to the app, not on a later
/// instant a wakeup that ran early stood for; but another call can act on the walk, or end the
/// suspension its time counts on, at a later reading before the operation takes the lock (its
/// thread preempted there). The operation then acts on that later reading: its segment never gets
/// back the time between the two, more than the segment's length. Found by the model-based
/// simulation (seed 864290, shrunk to a frozen walk's pause preempted by the suspension's end).
final class WalkOperationOvertakenBeforeItsLockTests: XCTestCase {
  func testAPauseOvertakenByTheSuspensionsEndKeepsTheSegmentsLength() throws {
    let (engine, clock, log, timer) = try makeWalk(suspended: true)
    try clock.base.advance(by: .milliseconds(500))
    // The pause reads the clock; the suspension ends 10 ms later, before the pause's lock.
    clock.preemptAfterNextRead {
      try? clock.base.advance(by: .milliseconds(10))
      engine.resumeTicking()
    }
    XCTAssertTrue(engine.pause(timer))
    XCTAssertEqual(engine.walkStatus(of: timer)?.timeLeft, 3_000_000_000, "frozen until the suspension's end")
    XCTAssertTrue(engine.resume(timer))
    XCTAssertEqual(log.segmentCalls.last?.timeLeft, 3_000_000_000, "\(log.lines)")
    XCTAssertEqual(log.lines.last, "#0 30")
    XCTAssertEqual(engine.stateInvariantViolations(), [])
    withExtendedLifetime(timer) {}
  }

  func testAPauseOvertakenByAMoveKeepsTheSegmentsLength() throws {
    // The pause reads the clock; a skip 10 ms later starts the next segment before the pause's lock.
    try assertAPauseKeepsTheNextSegmentsLength(after: .zero) { engine, clock, timer in
      try? clock.base.advance(by: .milliseconds(10))
      _ = try? engine.move(timer, .skip)
    }
  }

  func testAPauseOvertakenByAWakeupEndingItsSegmentKeepsTheNextSegmentsLength() throws {
    // The pause reads the clock at 2.95 s; the wakeup of the first segment's end runs at 3 s,
    // before the pause's lock, and starts the next segment, due at 7 s (at 2.95 s: 4.05 s of 4).
    try assertAPauseKeepsTheNextSegmentsLength(after: .milliseconds(2_950)) { _, clock, _ in
      try? clock.base.advance(by: .milliseconds(50))
    }
  }

  func testAPauseOvertakenByAnEarlyWakeupEndingItsSegmentKeepsTheNextSegmentsLength() throws {
    // As above, but the wakeup of 3 s runs early (up to 20 ms): it stands for 3 s, where the next
    // segment starts, at a reading before it; the pause must not give that segment the difference.
    try assertAPauseKeepsTheNextSegmentsLength(
      after: .milliseconds(2_950), jitter: ManualClockJitter(early: .milliseconds(20), seed: 7)
    ) { _, clock, _ in
      try? clock.base.advance(by: .milliseconds(50))
    }
  }

  func testAMoveOvertakenByTheSuspensionsEndStartsItsSegmentThen() throws {
    let (engine, clock, log, timer) = try makeWalk(suspended: true)
    try clock.base.advance(by: .milliseconds(500))
    // Frozen, the walk's time stood still until the suspension's end, which the skip's lock follows.
    clock.preemptAfterNextRead {
      try? clock.base.advance(by: .milliseconds(10))
      engine.resumeTicking()
    }
    XCTAssertEqual(try engine.move(timer, .skip), .moved)
    XCTAssertEqual(engine.walkStatus(of: timer)?.timeLeft, 4_000_000_000, "the whole segment, not 10 ms less")
    try clock.base.advance(by: .milliseconds(3_995))
    XCTAssertTrue(engine.contains(timer), "its segment of 4 s ends 4 s after the suspension's end: \(log.lines)")
    XCTAssertEqual(engine.stateInvariantViolations(), [])
    withExtendedLifetime(timer) {}
  }

  /// A walk of 3 s then 4 s, run `start`, paused while `overtake` acts between the pause's
  /// reading of the clock and its lock, starting the second segment: the pause freezes that
  /// segment at its whole length (the overtaking call's reading), told at the resume.
  private func assertAPauseKeepsTheNextSegmentsLength(
    after start: Duration, jitter: ManualClockJitter = .none,
    by overtake: @escaping @Sendable (CountdownEngine, PreemptingClock, Receiver) -> Void,
    file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let (engine, clock, log, timer) = try makeWalk(suspended: false, jitter: jitter)
    try clock.base.advance(by: start)
    clock.preemptAfterNextRead { overtake(engine, clock, timer) }
    XCTAssertTrue(engine.pause(timer), file: file, line: line)
    XCTAssertEqual(engine.walkStatus(of: timer)?.ordinal, 1, "\(log.lines)", file: file, line: line)
    XCTAssertEqual(engine.walkStatus(of: timer)?.timeLeft, 4_000_000_000, file: file, line: line)
    XCTAssertTrue(engine.resume(timer), file: file, line: line)
    XCTAssertEqual(log.lines.last, "#1 40", file: file, line: line)
    XCTAssertEqual(engine.stateInvariantViolations(), [], file: file, line: line)
    withExtendedLifetime(timer) {}
  }

  /// A walk of 3 s then 4 s, on running time, delivering every change, registered suspended or not.
  private func makeWalk(
    suspended: Bool, jitter: ManualClockJitter = .none
  ) throws -> (CountdownEngine, PreemptingClock, SegmentLog, Receiver) {
    let clock = try PreemptingClock(jitter: jitter)
    let engine = try CountdownEngine(interval: .milliseconds(100), clock: clock, deliveryQueue: .main)
    let log = SegmentLog()
    let timer = Receiver("timer")
    if suspended { engine.suspendTicking() }
    try engine.register(
      timer, walking: layout([3, 4]), whileSuspended: .pauses, delivering: .everyChange,
      handler: log.handler, onSegment: log.onSegment)
    return (engine, clock, log, timer)
  }
}
