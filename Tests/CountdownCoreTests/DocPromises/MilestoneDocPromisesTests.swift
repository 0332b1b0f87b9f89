import CountdownCore
import CountdownTestSupport
import XCTest

/// What the docs of ``CountdownDeliveries/milestones(_:)`` promise beyond the engine's milestone
/// tests: a change of time that lands on a milestone, a late wakeup over several of them, a
/// milestone at the value shown at registration, and which error a count-up's bad milestone gets.
final class MilestoneDocPromisesTests: XCTestCase {
  let recorder = Recorder()

  /// "one the change lands on exactly is not delivered either, as one at the value shown at
  /// registration is not": 10 s with a milestone at 5; at 8 s left, 3 s taken leaves exactly 5 s.
  func testAMilestoneTheTimeChangeLandsOnIsNotDelivered() throws {
    let (engine, clock) = try makeEngine()
    let timer = Receiver("timer")
    try engine.register(
      timer, .duration(.seconds(10)), delivering: .milestones([5, 2]), handler: recorder.handler("t"))
    try clock.advance(by: .seconds(2))
    XCTAssertTrue(try engine.addTime(.seconds(-3), to: timer))
    XCTAssertEqual(engine.timeLeft(for: timer), .seconds(5))
    try clock.advance(by: .seconds(6))
    XCTAssertEqual(recorder.values("t"), [2, 0], "5 was landed on: not delivered; 2 and the end are")
  }

  /// "one at the value shown at registration is not" delivered: 10 s exactly, milestone 10.
  func testAMilestoneAtTheValueShownAtRegistrationIsNotDelivered() throws {
    let (engine, clock) = try makeEngine()
    let timer = Receiver("timer")
    try engine.register(
      timer, .duration(.seconds(10)), delivering: .milestones([10, 9]), handler: recorder.handler("t"))
    try clock.advance(by: .seconds(11))
    XCTAssertEqual(recorder.values("t"), [9, 0])
  }

  /// "Milestones passed while the engine could not deliver them (… its wakeup came late) collapse
  /// into one delivery of the latest of them, the lowest; the next one waits below the current
  /// value": a device that slept over 8 and 6 delivers 6 once, then 4 on time.
  func testMilestonesALateWakeupPassedCollapseIntoTheLowest() throws {
    let (engine, clock) = try makeEngine()
    let timer = Receiver("timer")
    try engine.register(
      timer, .duration(.seconds(10)), delivering: .milestones([8, 6, 4]), handler: recorder.handler("t"))
    try clock.jump(by: .milliseconds(5_500))
    XCTAssertEqual(recorder.values("t"), [6], "8 and 6 passed during the sleep: one delivery, of 6")
    try clock.advance(by: .milliseconds(400))
    XCTAssertEqual(recorder.values("t"), [6], "4 is not due yet")
    try clock.advance(by: .milliseconds(5_000))
    XCTAssertEqual(recorder.values("t"), [6, 4, 0])
    XCTAssertFalse(engine.contains(timer))
  }

  /// "A count-up has no milestones … (``CountdownError/invalidCombination``, checked first); a
  /// negative one is ``CountdownError/invalidMilestone``": a count-up at a negative milestone is
  /// the combination, and the receiver's countdown runs on.
  func testACountUpAtANegativeMilestoneIsAnInvalidCombination() throws {
    let (engine, clock) = try makeEngine()
    let timer = Receiver("timer")
    try engine.register(timer, .duration(.seconds(3)), handler: recorder.handler("t"))
    assertThrows(CountdownError.invalidCombination) { () throws(CountdownError) in
      try engine.register(timer, .countingUp, delivering: .milestones([-1]), handler: recorder.handler("bad"))
    }
    assertThrows(CountdownError.invalidCombination, "only the end of a count-up") { () throws(CountdownError) in
      try engine.register(timer, .countingUp, delivering: .onlyTheEnd, handler: recorder.handler("bad"))
    }
    assertThrows(CountdownError.invalidCombination, "overtime of a count-up") { () throws(CountdownError) in
      try engine.register(timer, .countingUp, pastTheEnd: .countsOvertime, handler: recorder.handler("bad"))
    }
    try clock.advance(by: .seconds(3))
    XCTAssertEqual(recorder.values("t"), [3, 2, 1, 0], "left untouched")
    XCTAssertEqual(recorder.values("bad"), [])
  }

  /// "Each comes on time like the end: at its instant, deadline − value × interval, or within the
  /// end tolerance after it, never before", for a countdown registered between grid instants.
  func testAMilestoneComesAtItsOwnInstantNotOnTheGrid() throws {
    let (engine, clock) = try makeEngine()
    let grid = Receiver("grid")
    try engine.register(grid, .duration(.seconds(30)), handler: { _, _ in })
    try clock.advance(by: .milliseconds(300))
    let timer = Receiver("timer")
    let at = LockedState<[Int64]>([])
    try engine.register(timer, .duration(.seconds(5)), delivering: .milestones([2])) { _, _ in
      at.withLock { $0.append(clock.now.nanosecondsSinceOrigin) }
    }
    try clock.advance(by: .seconds(6))
    let times = at.withLock { $0 }
    XCTAssertEqual(times.count, 2, "the milestone and the end")
    let due: [Int64] = [3_300_000_000, 5_300_000_000]
    for (time, due) in zip(times, due) {
      XCTAssertTrue(time >= due && time <= due + 50_000_000, "\(time), due at \(due)")
    }
    engine.cancelAll()
  }
  /// "a milestone whose callback a pause stopped before it began … comes once the countdown
  /// resumes …, unless time was added since": then the next milestone is planned afresh, the
  /// highest one below the new value. Two countdowns reach 20 in one pass; the first called pauses
  /// the other, whose 20 is skipped. Time taken (19.5 s left, still showing 20) leaves no
  /// milestone below; time added (23 s left) brings 20 back at its new instant, 3 s after the resume.
  func testAMilestoneAPauseSkippedIsPlannedAfreshOnceTimeIsAdded() throws {
    for (change, expected) in [(Duration.milliseconds(-500), [String]()), (.seconds(3), ["20 at 3000"])] {
      let (engine, clock) = try makeEngine()
      let first = Receiver("first")
      let second = Receiver("second")
      let seen = LockedState<[String: [String]]>([:])
      let resumedAt = LockedState<Int64>(0)
      func handler(_ name: String, pausing other: Receiver) -> CountdownHandler {
        { [weak engine] value, _ in
          let since = (clock.now.nanosecondsSinceOrigin - resumedAt.withLock { $0 }) / 1_000_000
          let isFirst = seen.withLock {
            $0[name, default: []].append("\(value) at \(since)")
            return $0.count == 1 && $0[name]?.count == 1
          }
          if isFirst { _ = engine?.pause(other) }
        }
      }
      try engine.register(
        first, .duration(.seconds(30)), delivering: .milestones([20]), handler: handler("first", pausing: second))
      try engine.register(
        second, .duration(.seconds(30)), delivering: .milestones([20]), handler: handler("second", pausing: first))
      try clock.advance(by: .seconds(10))
      let names = seen.withLock { Array($0.keys) }
      XCTAssertEqual(names.count, 1, "one was paused before its callback began")
      let paused = names == ["first"] ? second : first
      let pausedName = names == ["first"] ? "second" : "first"
      XCTAssertTrue(try engine.addTime(change, to: paused))
      try clock.advance(by: .seconds(5))
      resumedAt.withLock { $0 = clock.now.nanosecondsSinceOrigin }
      XCTAssertTrue(engine.resume(paused))
      try clock.advance(by: .seconds(4))
      XCTAssertEqual(seen.withLock { $0[pausedName] ?? [] }, expected, "\(change)")
      engine.cancelAll()
      withExtendedLifetime((first, second)) {}
    }
  }
}
