@_spi(Walks) import CountdownCore
import Dispatch
import Foundation
import XCTest

/// Time added to a walk goes to the segment running at its reading: the ends due by then pass
/// first, at the end's instant itself too, and every end passed so is told by the next call, however
/// many operations passed ends before that call came.
final class TimeAddedAcrossSegmentEndsTests: XCTestCase {
  /// Runs the main queue until what was queued on it before has run.
  func drainMain() {
    let drained = LockedState(false)
    DispatchQueue.main.async { drained.withLock { $0 = true } }
    while !drained.withLock({ $0 }) {
      _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.01))
    }
  }

  func testTimeAddedAtASegmentsEndInstantGoesToTheNextSegment() throws {
    let (engine, clock) = try makeEngine()
    let log = SegmentLog()
    let timer = Receiver("timer")
    try engine.register(timer, walking: layout([2, 3, 4]), handler: log.handler, onSegment: log.onSegment)
    engine.suspendTicking()
    try clock.advance(by: .seconds(2))
    XCTAssertTrue(try engine.addTime(.seconds(5), to: timer))
    let status = try XCTUnwrap(engine.walkStatus(of: timer))
    XCTAssertEqual(status.ordinal, 1, "the first segment ended at its end's instant")
    XCTAssertEqual(status.timeLeft, 8_000_000_000, "the second segment's 3 s and the 5 s added")
    engine.resumeTicking()
    try clock.advance(by: .zero)
    XCTAssertEqual(log.segmentCalls.flatMap { $0.ends.ends.map(\.ordinal) }, [0], "the first end, told: \(log.lines)")
    withExtendedLifetime(timer) {}
  }

  func testEndsPassedByTwoOperationsBeforeTheirCallAreAllTold() throws {
    let (engine, clock) = try makeEngine()
    let log = SegmentLog()
    let timer = Receiver("timer")
    try engine.register(timer, walking: layout([2, 3, 4]), handler: log.handler, onSegment: log.onSegment)
    engine.suspendTicking()
    // Off the main thread, the delivery queue: the call each operation owes waits for the main
    // queue, and the second operation passes another end before it comes.
    let failure = LockedState<String?>(nil)
    let done = DispatchGroup()
    done.enter()
    // `async`, not `sync`: a `sync` may run its block on the calling thread, the main one.
    DispatchQueue.global().async {
      defer { done.leave() }
      do {
        try clock.advance(by: .milliseconds(2_500))
        _ = try engine.addTime(.seconds(1), to: timer)  // the first end passes; the second is at 6 s
        try clock.advance(by: .seconds(4))
        _ = try engine.addTime(.seconds(1), to: timer)  // the second end passes
      } catch {
        failure.withLock { $0 = "\(error)" }
      }
    }
    done.wait()
    XCTAssertNil(failure.withLock { $0 })
    drainMain()
    engine.resumeTicking()
    try clock.advance(by: .zero)
    let told = log.segmentCalls.flatMap { $0.ends.ends.map(\.ordinal) }
    XCTAssertEqual(told, [0, 1], "each end once, oldest first: \(log.lines)")
    XCTAssertEqual(engine.walkStatus(of: timer)?.ordinal, 2)
    withExtendedLifetime(timer) {}
  }
}
