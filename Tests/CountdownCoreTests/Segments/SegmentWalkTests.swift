@_spi(Walks) import CountdownCore
import XCTest

/// A registration that walks segments: one registration, one call per change, every operation an
/// engine transition under its one lock.
final class SegmentWalkTests: XCTestCase {
  func testAWalkTellsEachSegmentChangeOnceAndItsValuesBetween() throws {
    let (engine, clock) = try makeEngine()
    let log = SegmentLog()
    let timer = Receiver("timer")
    try engine.register(timer, walking: layout([3, 2]), handler: log.handler, onSegment: log.onSegment)
    XCTAssertEqual(log.lines, ["#0 3"], "the first delivery is a call, inside the registration")
    for _ in 0..<5 { try clock.advance(by: .seconds(1)) }
    XCTAssertEqual(log.lines, ["#0 3", "2", "1", "#1 2 ends 0", "1", "#2 0 ends 1 ended"])
    XCTAssertFalse(engine.contains(timer))
    XCTAssertEqual(engine.count, 0)
    withExtendedLifetime(timer) {}
  }

  /// A walk is its registration's own: one walk registered for two receivers breaks the rule the
  /// engine checks, which is how a caller's reuse of a walk shows.
  func testAWalkHeldByTwoRegistrationsIsABrokenRule() throws {
    let (engine, _) = try makeEngine()
    let log = SegmentLog()
    let (first, second) = (Receiver("first"), Receiver("second"))
    let walk = ClosureSegmentWalk(
      layout: try layout([3, 2]), ordinal: 0, deliveries: .everyChange, onSegment: log.onSegment)
    try engine.register(first, walk: walk, handler: log.handler)
    XCTAssertEqual(engine.stateInvariantViolations(), [])
    // Builds with internal checks find it at the registration itself: recorded, not trapped.
    try BrokenRuleRecorder.recording {
      try engine.register(second, walk: walk, handler: log.handler)
      XCTAssertEqual(engine.stateInvariantViolations(), ["a walk is held by two registrations"])
      engine.cancel(second)
      _ = BrokenRuleRecorder.takeRecorded()
    }
    XCTAssertEqual(engine.stateInvariantViolations(), [])
    withExtendedLifetime((first, second)) {}
  }

  func testALateWakeupPassesSeveralSegmentsInOneCall() throws {
    let (engine, clock) = try makeEngine()
    let log = SegmentLog()
    let timer = Receiver("timer")
    try engine.register(
      timer, walking: layout([2, 3], repetition: .forever), handler: log.handler, onSegment: log.onSegment)
    engine.suspendTicking()
    try clock.advance(by: .seconds(11))
    engine.resumeTicking()
    try clock.advance(by: .zero)
    // 2 + 3 + 2 + 3 = 10: ordinal 4 runs 1 s into its 2 s.
    XCTAssertEqual(log.lines.last, "#4 1 ends 0..<2,2,3")
    XCTAssertEqual(engine.walkStatus(of: timer)?.ordinal, 4)
    withExtendedLifetime(timer) {}
  }

  func testAWalkWaitsPausedAfterASegmentThatPauses() throws {
    let (engine, clock) = try makeEngine()
    let log = SegmentLog()
    let timer = Receiver("timer")
    try engine.register(
      timer, walking: layout([2, 3, 1], pausesAfter: [true, false, false]), handler: log.handler,
      onSegment: log.onSegment)
    for _ in 0..<10 { try clock.advance(by: .seconds(1)) }
    XCTAssertEqual(log.lines, ["#0 2", "1", "#1 3 ends 0 paused"])
    XCTAssertEqual(engine.walkStatus(of: timer)?.isPaused, true)
    engine.resume(timer)
    XCTAssertEqual(log.lines.last, "#1 3", "the resume is told by one call")
    for _ in 0..<4 { try clock.advance(by: .seconds(1)) }
    XCTAssertEqual(log.lines.suffix(4), ["2", "1", "#2 1 ends 1", "#3 0 ends 2 ended"])
    withExtendedLifetime(timer) {}
  }

  func testMovesWhileRunningAndPausedAreToldAtOnceOnce() throws {
    let (engine, clock) = try makeEngine()
    let log = SegmentLog()
    let timer = Receiver("timer")
    try engine.register(timer, walking: layout([5, 4, 3]), handler: log.handler, onSegment: log.onSegment)
    try clock.advance(by: .seconds(2))
    XCTAssertEqual(try engine.move(timer, .skip), .moved)
    XCTAssertEqual(log.lines.suffix(1), ["#1 4"])
    engine.pause(timer)
    try engine.move(timer, .skip)
    XCTAssertEqual(log.lines.suffix(1), ["#2 3 paused"], "a move while paused is told, paused")
    try engine.move(timer, .back)
    XCTAssertEqual(log.lines.suffix(1), ["#1 4 paused"])
    try engine.move(timer, .restart)
    XCTAssertEqual(log.lines.suffix(1), ["#1 4 paused"])
    let count = log.lines.count
    try clock.advance(by: .seconds(30))
    XCTAssertEqual(log.lines.count, count, "paused: nothing more")
    engine.resume(timer)
    XCTAssertEqual(log.lines.suffix(1), ["#1 4"])
    try engine.move(timer, .seek(ordinal: 2, offset: 2_000_000_000))
    XCTAssertEqual(log.lines.suffix(1), ["#2 1"])
    XCTAssertEqual(try engine.move(timer, .skip), .endedPlan)
    XCTAssertEqual(log.lines.suffix(1), ["#2 1"], "skipping the last segment ends the plan without a call")
    XCTAssertFalse(engine.contains(timer))
    withExtendedLifetime(timer) {}
  }

  func testABadSeekIsATypedErrorAndChangesNothing() throws {
    let (engine, _) = try makeEngine()
    let log = SegmentLog()
    let timer = Receiver("timer")
    try engine.register(timer, walking: layout([5, 4]), handler: log.handler, onSegment: log.onSegment)
    XCTAssertThrowsError(try engine.move(timer, .seek(ordinal: 1, offset: 4_000_000_000))) {
      XCTAssertEqual($0 as? CountdownError, .outOfRange)
    }
    XCTAssertThrowsError(try engine.move(timer, .seek(ordinal: 0, offset: -1))) {
      XCTAssertEqual($0 as? CountdownError, .negativeDuration)
    }
    XCTAssertThrowsError(try engine.move(timer, .seek(ordinal: -1, offset: 0)))
    XCTAssertEqual(log.lines, ["#0 5"])
    XCTAssertEqual(engine.walkStatus(of: timer)?.ordinal, 0)
    XCTAssertThrowsError(
      try engine.register(
        timer, walking: layout([5]), from: -1, handler: log.handler, onSegment: log.onSegment))
    XCTAssertEqual(
      engine.walkStatus(of: timer)?.walk.layout, try layout([5, 4]), "the rejected start left the walk as it was")
    XCTAssertEqual(try engine.move(Receiver("other"), .skip), .notFound)
    withExtendedLifetime(timer) {}
  }

  func testNothingAfterCancelAndAWithdrawnCallsEndsAreToldLater() throws {
    let (engine, clock) = try makeEngine()
    let log = SegmentLog()
    let first = Receiver("first")
    let timer = Receiver("timer")
    // The first registration's handler, called in the same pass before the walk's end, pauses the
    // walk: the call prepared for the walk's segment end is withdrawn, and its end is told at the
    // resume.
    try engine.register(first, .duration(.seconds(2))) { value, _ in
      if value == 0 { engine.pause(timer) }
    }
    try engine.register(timer, walking: layout([2, 3]), handler: log.handler, onSegment: log.onSegment)
    try clock.advance(by: .seconds(1))
    try clock.advance(by: .seconds(1))
    XCTAssertEqual(log.lines, ["#0 2", "1"], "the withdrawn call was not made")
    engine.resume(timer)
    XCTAssertEqual(log.lines.last, "#1 3 ends 0", "its end is told by the resume's call")
    engine.cancel(timer)
    try clock.advance(by: .seconds(10))
    XCTAssertEqual(log.lines.last, "#1 3 ends 0")
    withExtendedLifetime((first, timer)) {}
  }

  func testATimeTakenPastTheSegmentsEndMovesToTheNextOnce() throws {
    let (engine, _) = try makeEngine()
    let log = SegmentLog()
    let timer = Receiver("timer")
    try engine.register(timer, walking: layout([5, 4]), handler: log.handler, onSegment: log.onSegment)
    try engine.addTime(.seconds(3), to: timer)
    XCTAssertEqual(log.lines, ["#0 5", "#0 8"], "the segment's new end is told by a call")
    try engine.addTime(.seconds(-20), to: timer)
    XCTAssertEqual(log.lines.suffix(1), ["#1 4 ends 0"], "one call, the end, never a 0 then the next value")
    withExtendedLifetime(timer) {}
  }

  func testAPlanThatPausesWhileSuspendedFreezesItsSegments() throws {
    let (engine, clock) = try makeEngine()
    let log = SegmentLog()
    let timer = Receiver("timer")
    try engine.register(
      timer, walking: layout([3, 3]), whileSuspended: .pauses, handler: log.handler, onSegment: log.onSegment)
    try clock.advance(by: .seconds(2))
    engine.suspendTicking()
    try clock.advance(by: .seconds(100))
    XCTAssertEqual(engine.walkStatus(of: timer)?.ordinal, 0)
    engine.resumeTicking()
    try clock.advance(by: .zero)
    XCTAssertEqual(log.lines.suffix(1), ["#0 1"], "the segment's end moved on the clock: a call tells it")
    try clock.advance(by: .seconds(1))
    XCTAssertEqual(log.lines.suffix(1), ["#1 3 ends 0"])
    XCTAssertEqual(log.segmentCalls.last?.ends.ends.first?.instant, 103_000_000_000, "the end on the clock")
    withExtendedLifetime(timer) {}
  }

  func testTheStatusDuringASuspensionSaysWhereThePlanIsNow() throws {
    let (engine, clock) = try makeEngine()
    let log = SegmentLog()
    let timer = Receiver("timer")
    try engine.register(timer, walking: layout([3, 3, 3]), handler: log.handler, onSegment: log.onSegment)
    engine.suspendTicking()
    try clock.advance(by: .seconds(4))
    let status = try XCTUnwrap(engine.walkStatus(of: timer))
    XCTAssertEqual(status.ordinal, 1)
    XCTAssertEqual(status.timeLeft, 2_000_000_000)
    XCTAssertEqual(status.end, 6_000_000_000)
    withExtendedLifetime(timer) {}
  }

  /// A status read after a segment's end came due, before a call told it, on a segment that had
  /// time added: the time added stays with the segment it was added to, and the segment the walk
  /// is in now spans its own length.
  func testTheStatusPastAnEndWithTimeAddedSpansTheNextSegmentsOwnLength() throws {
    let (engine, clock) = try makeEngine()
    let log = SegmentLog()
    let timer = Receiver("timer")
    try engine.register(timer, walking: layout([3, 3, 3]), handler: log.handler, onSegment: log.onSegment)
    try engine.addTime(.seconds(2), to: timer)
    XCTAssertEqual(engine.walkStatus(of: timer)?.span, 5_000_000_000, "3 s and the 2 s added")
    engine.suspendTicking()
    // The first segment's end, moved to 5 s, passes untold.
    try clock.advance(by: .seconds(6))
    let status = try XCTUnwrap(engine.walkStatus(of: timer))
    XCTAssertEqual(status.ordinal, 1)
    XCTAssertEqual(status.timeLeft, 2_000_000_000)
    XCTAssertEqual(status.span, 3_000_000_000, "its own 3 s, none of the time added to the first")
    XCTAssertEqual(status.end, 8_000_000_000)
    withExtendedLifetime(timer) {}
  }

  /// A walk registered from a later segment with no time left given starts with that segment's
  /// whole length.
  func testAWalkRegisteredFromALaterSegmentStartsWithThatSegmentsLength() throws {
    let (engine, clock) = try makeEngine()
    let log = SegmentLog()
    let timer = Receiver("timer")
    try engine.register(timer, walking: layout([5, 4, 3]), from: 1, handler: log.handler, onSegment: log.onSegment)
    XCTAssertEqual(log.lines, ["#1 4"], "the second segment's 4 s, not the first's 5 s")
    XCTAssertEqual(engine.walkStatus(of: timer)?.timeLeft, 4_000_000_000)
    try clock.advance(by: .seconds(4))
    XCTAssertEqual(log.lines.last, "#2 3 ends 1", "it ends 4 s on")
    withExtendedLifetime(timer) {}
  }

  func testOnAJitteredClockEverySegmentEndIsToldOnceInOrder() throws {
    for seed in UInt64(1)...5 {
      let (engine, clock) = try makeJitteredEngine(interval: .seconds(1), seed: seed)
      let log = SegmentLog()
      let timer = Receiver("timer")
      try engine.register(
        timer, walking: layout([2, 1, 3], repetition: .times(3)), handler: log.handler, onSegment: log.onSegment)
      for _ in 0..<2_000 { try clock.advance(by: .milliseconds(10)) }
      let ends = log.segmentCalls.flatMap { $0.ends.ends.map(\.ordinal) }
      XCTAssertEqual(ends, Array(0..<9), "seed \(seed)")
      XCTAssertEqual(log.segmentCalls.count, 10, "seed \(seed): the first, then one per end")
      for call in log.segmentCalls.dropFirst() {
        XCTAssertGreaterThanOrEqual(call.instant, call.ends.ends.last!.instant, "seed \(seed): never early")
      }
      XCTAssertFalse(engine.contains(timer))
      withExtendedLifetime(timer) {}
    }
  }
}

/// Walks that skip changes: only their segments' ends, or milestones within each segment, each
/// delivery a call, and nothing on the ticks between.
final class SilentSegmentWalkTests: XCTestCase {
  func testAWalkOfOnlyTheEndsIsToldEachEndAndWakesForNothingElse() throws {
    let (engine, clock) = try makeEngine()
    let log = SegmentLog()
    let timer = Receiver("timer")
    let other = Receiver("other")
    try engine.register(
      timer, walking: layout([30, 20], repetition: .times(2)), delivering: .onlyTheEnd, handler: log.handler,
      onSegment: log.onSegment)
    XCTAssertEqual(log.lines, [], "no first call, as a countdown of only its end has none")
    for _ in 0..<100 { try clock.advance(by: .seconds(1)) }
    XCTAssertEqual(log.lines, ["#1 20 ends 0", "#2 30 ends 1", "#3 20 ends 2", "#4 0 ends 3 ended"])
    XCTAssertEqual(engine.statistics.wakeups, 4, "one wakeup per end")
    // A move is silent too, and its walk silent after it until its end.
    try engine.register(
      timer, walking: layout([30, 20]), delivering: .onlyTheEnd, handler: log.handler, onSegment: log.onSegment)
    try engine.register(other, .duration(.seconds(100))) { _, _ in }
    log.clear()
    XCTAssertEqual(try engine.move(timer, .skip), .moved)
    XCTAssertEqual(engine.walkStatus(of: timer)?.ordinal, 1)
    for _ in 0..<19 { try clock.advance(by: .seconds(1)) }
    XCTAssertEqual(log.lines, [], "nothing between")
    try clock.advance(by: .seconds(1))
    XCTAssertEqual(log.lines, ["#2 0 ends 1 ended"])
    withExtendedLifetime((timer, other)) {}
  }

  func testAWalkAtMilestonesIsToldEachMilestoneOfEachSegment() throws {
    let (engine, clock) = try makeEngine()
    let log = SegmentLog()
    let timer = Receiver("timer")
    try engine.register(
      timer, walking: layout([10, 6]), delivering: .milestones([5, 3]), handler: log.handler, onSegment: log.onSegment)
    for _ in 0..<16 { try clock.advance(by: .seconds(1)) }
    XCTAssertEqual(log.lines, ["#0 5", "#0 3", "#1 6 ends 0", "#1 5", "#1 3", "#2 0 ends 1 ended"])
    withExtendedLifetime(timer) {}
  }

  func testTimeTakenDownToNothingFromAPausedSegmentEndsIt() throws {
    let (engine, _) = try makeEngine()
    let log = SegmentLog()
    let timer = Receiver("timer")
    try engine.register(timer, walking: layout([10, 6]), handler: log.handler, onSegment: log.onSegment)
    engine.pause(timer)
    try engine.addTime(.seconds(-30), to: timer)
    XCTAssertEqual(log.lines, ["#0 10", "#1 6 ends 0 paused"], "the next segment waits paused, told at once")
    try engine.addTime(.seconds(3), to: timer)
    XCTAssertEqual(engine.walkStatus(of: timer)?.span, 9_000_000_000, "its span: its length and the time added")
    engine.resume(timer)
    XCTAssertEqual(log.lines.last, "#1 9")
    withExtendedLifetime(timer) {}
  }

  func testASilentWalkRegisteredPausedStaysSilentAtItsResume() throws {
    let (engine, clock) = try makeEngine()
    let log = SegmentLog()
    let timer = Receiver("timer")
    try engine.register(
      timer, walking: layout([4, 3]), left: 2_000_000_000, delivering: .onlyTheEnd, paused: true, handler: log.handler,
      onSegment: log.onSegment)
    engine.resume(timer)
    XCTAssertEqual(log.lines, [], "no call for the resume of a walk of only its ends")
    for _ in 0..<2 { try clock.advance(by: .seconds(1)) }
    XCTAssertEqual(log.lines, ["#1 3 ends 0"])
    withExtendedLifetime(timer) {}
  }
}
