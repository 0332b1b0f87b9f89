import CountdownCore
import CountdownTestSupport
import Foundation
import XCTest

@testable import CountdownKit

/// What the alerts see of a countdown in phases: its phase ends ahead, read apart from a single
/// countdown's end, and each phase end heard as its own kind of change, neither a run-out nor a
/// cancel; the plan's end heard as the run-out it is.
final class PhaseFollowingSeamTests: XCTestCase {
  /// What an observer heard, in order: `"run"`, `"run ran out"`, `"run phase"`.
  private static func observe(_ manager: CountdownManager, into heard: LockedState<[String]>) -> Int {
    let name: @Sendable (IDKey) -> String = { key in key.id(as: String.self) ?? "?" }
    return manager.addIDObserver(
      { keys, ended in heard.withLock { $0 += keys.map { "\(name($0))\(ended ? " ran out" : "")" } } },
      phasesEnded: { keys in heard.withLock { $0 += keys.map { "\(name($0)) phase" } } })
  }

  func testEachPhaseEndIsHeardAsSuchAndThePlanEndAsARunOut() throws {
    try withManualManager { manager, clock, _ in
      let heard = LockedState<[String]>([])
      let key = Self.observe(manager, into: heard)
      defer { manager.removeIDObserver(key) }
      // Ends at 3, 8, 10, 15, 17, 18 s.
      try manager.start(id: "run", plan: CountdownPhasesByIDTests.plan()) { _, _, _ in }
      XCTAssertEqual(heard.withLock { $0 }, ["run"], "the start")
      try clock.advance(by: .seconds(3))
      XCTAssertEqual(heard.withLock { $0 }, ["run", "run phase"], "the warm-up's end")
      manager.skipPhase(id: "run")
      manager.pause(id: "run")
      manager.resume(id: "run")
      try manager.addTime(.seconds(1), id: "run")
      XCTAssertEqual(
        heard.withLock { $0 }, ["run", "run phase", "run", "run", "run", "run"], "skip, pause, resume, time added")
      try clock.advance(by: .seconds(60))
      XCTAssertEqual(
        heard.withLock { $0 }.suffix(2), ["run phase", "run ran out"],
        "the ends passed in one delivery, then the plan's end, a run-out")
      XCTAssertNil(manager.idPhaseEnds(of: IDKey("run"), upcoming: 3), "gone")
      try manager.start(id: "other", plan: CountdownPhasesByIDTests.plan()) { _, _, _ in }
      manager.cancel(id: "other")
      XCTAssertEqual(heard.withLock { $0 }.suffix(2), ["other", "other"], "a cancel is no run-out")
    }
  }

  /// A stop flag set in a phase's value call ends the countdown in phases there: its id is free
  /// at once, no position is read for it, and the followers hear a change, not a run-out.
  func testAStopInAValueCallFreesTheIDAndIsHeardAsNoRunOut() throws {
    try withManualManager { manager, clock, _ in
      let heard = LockedState<[String]>([])
      let key = Self.observe(manager, into: heard)
      defer { manager.removeIDObserver(key) }
      try manager.start(id: "run", plan: CountdownPhasesByIDTests.plan()) { _, update, stop in
        if update.phaseEnds.isEmpty, update.remaining == 2 { stop = true }
      }
      try clock.advance(by: .seconds(1))
      XCTAssertFalse(manager.contains(id: "run"), "stopped in the warm-up's value call")
      XCTAssertNil(manager.phasePosition(id: "run"))
      XCTAssertEqual(heard.withLock { $0 }, ["run", "run"], "the start, then the stop")
      try clock.advance(by: .seconds(30))
      XCTAssertEqual(heard.withLock { $0 }, ["run", "run"], "nothing after the stop")
    }
  }

  /// A stop flag set in the call that tells a phase's end ends the countdown in phases there: the
  /// followers hear the phase end, then a change that is no run-out, and the id is free.
  func testAStopInAPhaseEndCallFreesTheIDAndIsHeardAsNoRunOut() throws {
    try withManualManager { manager, clock, _ in
      let heard = LockedState<[String]>([])
      let key = Self.observe(manager, into: heard)
      defer { manager.removeIDObserver(key) }
      // Ends at 3, 8, 10, 15, 17, 18 s.
      try manager.start(id: "run", plan: CountdownPhasesByIDTests.plan()) { _, update, stop in
        if !update.phaseEnds.isEmpty { stop = true }
      }
      try clock.advance(by: .seconds(3))
      XCTAssertFalse(manager.contains(id: "run"), "stopped in the warm-up's end call")
      XCTAssertNil(manager.phasePosition(id: "run"))
      XCTAssertEqual(heard.withLock { $0 }, ["run", "run phase", "run"], "the start, the end, then the stop")
      try clock.advance(by: .seconds(30))
      XCTAssertEqual(heard.withLock { $0 }, ["run", "run phase", "run"], "nothing after the stop")
    }
  }

  /// The call that ends the plan is heard as the run-out alone, even when it tells the last
  /// phase's end: the followers' phase-end hook stays quiet for it.
  func testThePlansLastEndIsHeardAsTheRunOutAloneNotAPhaseEnd() throws {
    try withManualManager { manager, clock, _ in
      let heard = LockedState<[String]>([])
      let key = Self.observe(manager, into: heard)
      defer { manager.removeIDObserver(key) }
      // Ends at 3, 8, 10, 15, 17, 18 s.
      try manager.start(id: "run", plan: CountdownPhasesByIDTests.plan()) { _, _, _ in }
      try clock.advance(by: .seconds(17))
      heard.withLock { $0 = [] }
      try clock.advance(by: .seconds(1))
      XCTAssertEqual(heard.withLock { $0 }, ["run ran out"], "the cool-down's end is the plan's")
      XCTAssertFalse(manager.contains(id: "run"))
    }
  }

  func testThePhaseEndsAheadAreReadUpToTheLimitThePlansEndAndAPause() throws {
    try withManualManager { manager, clock, wall in
      let start = wall.now
      let origin = clock.now.nanosecondsSinceOrigin
      try manager.start(id: "run", plan: CountdownPhasesByIDTests.plan()) { _, _, _ in }
      try manager.start(id: "tea", for: .seconds(60)) { _, _, _ in }
      XCTAssertNil(manager.idPhaseEnds(of: IDKey("tea"), upcoming: 3), "a single countdown")
      let ahead = try XCTUnwrap(manager.idPhaseEnds(of: IDKey("run"), upcoming: 3))
      XCTAssertEqual(ahead.ends.map(\.date), [start + 3, start + 8, start + 10])
      XCTAssertEqual(ahead.ends.map(\.ending.phase.name), ["Warm-up", "Work", "Rest"])
      XCTAssertEqual(ahead.ends.map { $0.next?.phase.name }, ["Work", "Rest", "Work"])
      XCTAssertEqual(ahead.ends.map(\.instant), [3, 8, 10].map { origin + Int64($0) * 1_000_000_000 })
      XCTAssertEqual(ahead.origin, origin)
      XCTAssertEqual([ahead.ordinal], [0])
      XCTAssertFalse(ahead.isPaused)
      XCTAssertFalse(ahead.isForever)
      let all = try XCTUnwrap(manager.idPhaseEnds(of: IDKey("run"), upcoming: 100))
      XCTAssertEqual(all.ends.map(\.date), [3, 8, 10, 15, 17, 18].map { start + $0 }, "up to the plan's end")
      XCTAssertEqual(all.ends.last?.next, nil)
      try clock.advance(by: .seconds(4))
      let later = try XCTUnwrap(manager.idPhaseEnds(of: IDKey("run"), upcoming: 2))
      let seconds = { (instants: [Int64]?) in instants?.map { Double($0 - origin) / 1e9 } }
      XCTAssertEqual(seconds(later.ends.map(\.instant)), [8, 10], "the warm-up ended")
      XCTAssertEqual(later.origin, origin, "a phase end moves no origin")
      try manager.addTime(.seconds(2), id: "run")
      XCTAssertEqual(
        seconds(manager.idPhaseEnds(of: IDKey("run"), upcoming: 2)?.ends.map(\.instant)), [10, 12],
        "time added moves every later end")
      manager.pause(id: "run")
      let paused = try XCTUnwrap(manager.idPhaseEnds(of: IDKey("run"), upcoming: 2))
      XCTAssertEqual(paused.ends, [])
      XCTAssertTrue(paused.isPaused)
      XCTAssertNil(paused.origin)
    }
  }

  func testTheEndsAheadStopAtAPhaseAfterWhichThePlanPauses() throws {
    try withManualManager { manager, _, wall in
      let plan = try CountdownPlan(blocks: [
        CountdownPlan.Block(
          [CountdownPhase("Focus", .seconds(60)), CountdownPhase("Break", .seconds(30), pausesAfter: true)],
          repeated: .forever)
      ])
      try manager.start(id: "pomodoro", plan: plan) { _, _, _ in }
      let ahead = try XCTUnwrap(manager.idPhaseEnds(of: IDKey("pomodoro"), upcoming: 10))
      XCTAssertEqual(ahead.ends.map(\.date), [wall.now + 60, wall.now + 90], "nothing ends after the break")
      XCTAssertTrue(ahead.isForever)
    }
  }

  func testAPlanThatFreezesWhileSuspendedReadsAsPausedWhileItIs() throws {
    try withManualManager { manager, clock, _ in
      let origin = clock.now.nanosecondsSinceOrigin
      try manager.start(id: "frozen", plan: CountdownPhasesByIDTests.plan(), whileSuspended: .pauses) { _, _, _ in }
      try manager.start(id: "walks", plan: CountdownPhasesByIDTests.plan()) { _, _, _ in }
      manager.suspendTicking()
      XCTAssertEqual(manager.idPhaseEnds(of: IDKey("frozen"), upcoming: 2)?.isPaused, true, "frozen: nothing ends")
      XCTAssertEqual(manager.idPhaseEnds(of: IDKey("walks"), upcoming: 2)?.isPaused, false, "it walks on")
      try clock.advance(by: .seconds(2))
      manager.resumeTicking()
      let ahead = try XCTUnwrap(manager.idPhaseEnds(of: IDKey("frozen"), upcoming: 2))
      XCTAssertEqual(
        ahead.ends.map { Double($0.instant - origin) / 1e9 }, [5, 10], "its ends moved by the suspension")
    }
  }
}
