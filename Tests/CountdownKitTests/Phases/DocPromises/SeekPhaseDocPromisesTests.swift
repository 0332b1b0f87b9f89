import CountdownKit
import CountdownTestSupport
import Foundation
import XCTest

/// What the docs of `seekPhase(id:to:offset:)` and `seekPhase(_:to:offset:)` promise: a seek
/// lands on the phase and offset asked, paused if the plan was, with one call; a refused seek
/// throws the error named and changes nothing; an id or a receiver without a plan answers `false`.
final class SeekPhaseDocPromisesTests: XCTestCase {
  /// "`outOfRange` for a negative ordinal … Nothing changes then": the phase, its time left and
  /// the calls are as before the refused seek.
  func testANegativeOrdinalThrowsOutOfRangeAndChangesNothing() throws {
    try withManualManager { manager, clock, _ in
      let calls = DocPromiseCalls()
      try manager.start(id: "run", plan: DocPromiseFixtures.plan()) { _, update, _ in calls.record(update) }
      try clock.advance(by: .seconds(1))
      let before = manager.phasePosition(id: "run")
      let linesBefore = calls.lines
      assertThrows(CountdownError.outOfRange) { () throws(CountdownError) in
        _ = try manager.seekPhase(id: "run", to: -1)
      }
      XCTAssertEqual(manager.phasePosition(id: "run"), before, "nothing changes")
      XCTAssertEqual(calls.lines, linesBefore, "no call for a refused seek")
    }
  }

  /// "a phase that ends past 292 years of plan": a forever plan's phase that far ahead is refused,
  /// and nothing changes.
  func testAnOrdinalPast292YearsOfPlanThrowsOutOfRange() throws {
    try withManualManager { manager, _, _ in
      try manager.start(id: "loop", plan: DocPromiseFixtures.forever()) { _, _, _ in }
      // 6 s a cycle of 2 phases: 292 years are about 3.07e9 phases.
      assertThrows(CountdownError.outOfRange) { () throws(CountdownError) in
        _ = try manager.seekPhase(id: "loop", to: 4_000_000_000)
      }
      XCTAssertEqual(manager.phasePosition(id: "loop")?.ordinal, 0, "nothing changes")
    }
  }

  /// "a phase that ends … sought now, past the manager's clock": on a clock 200 years on, a seek
  /// to a phase of 100 years is refused, and nothing changes (its end was held at the clock's last
  /// instant: 92 years left).
  func testASeekToAPhaseEndingPastTheClockThrowsOutOfRange() throws {
    try withManualManager { manager, clock, _ in
      try clock.advance(by: .seconds(200 * 365 * 86_400))
      let plan = try CountdownPlan(blocks: [
        .init([CountdownPhase("Now", .seconds(60)), CountdownPhase("Century", .seconds(100 * 365 * 86_400))])
      ])
      let calls = DocPromiseCalls()
      try manager.start(id: "long", plan: plan) { _, update, _ in calls.record(update) }
      let linesBefore = calls.lines
      assertThrows(CountdownError.outOfRange) { () throws(CountdownError) in
        _ = try manager.seekPhase(id: "long", to: 1)
      }
      XCTAssertEqual(manager.phasePosition(id: "long")?.ordinal, 0, "nothing changes")
      XCTAssertEqual(calls.lines, linesBefore, "no call for a refused seek")
    }
  }

  /// "The phase … stays paused as the plan was; … the handler is called once with the phase's
  /// value": a seek of a paused plan lands paused, with the offset's time left, in one call.
  func testASeekOfAPausedPlanStaysPausedWithOneCall() throws {
    try withManualManager { manager, clock, _ in
      let calls = DocPromiseCalls()
      try manager.start(id: "run", plan: DocPromiseFixtures.plan()) { _, update, _ in calls.record(update) }
      XCTAssertTrue(manager.pause(id: "run"))
      calls.lines = []
      XCTAssertTrue(try manager.seekPhase(id: "run", to: 1, offset: .seconds(2)))
      XCTAssertEqual(calls.lines, ["#1 3 paused"], "one call, paused, 3 s of Work's 5 left")
      try clock.advance(by: .seconds(10))
      XCTAssertEqual(manager.phasePosition(id: "run")?.timeLeftInPhase, .seconds(3), "still paused")
      XCTAssertEqual(calls.lines.count, 1)
    }
  }

  /// "Whether `id` has a countdown in phases whose plan runs": the id of a single countdown has
  /// none, so the seek answers `false` and the countdown runs on as it was.
  func testASeekOfASingleCountdownsIDAnswersFalseAndLeavesIt() throws {
    try withManualManager { manager, clock, _ in
      var values: [Int] = []
      try manager.start(id: "tea", for: .seconds(10)) { _, value, _ in values.append(value) }
      try clock.advance(by: .seconds(1))
      XCTAssertFalse(try manager.seekPhase(id: "tea", to: 0))
      XCTAssertEqual(manager.timeLeft(id: "tea"), .seconds(9))
      XCTAssertEqual(values, [10, 9])
    }
  }

  /// The receiver's form: it moves the receiver's plan as the id's form does, throws what the
  /// id's form throws for a bad ordinal or offset, and then changes nothing.
  func testAReceiversSeekMovesItsPlanAndARefusedOneChangesNothing() throws {
    try withManualManager { manager, _, _ in
      let receiver = NSObject()
      let calls = DocPromiseCalls()
      try manager.start(receiver, plan: DocPromiseFixtures.plan()) { _, update, _ in calls.record(update) }
      XCTAssertTrue(try manager.seekPhase(receiver, to: 3, offset: .seconds(1)))
      XCTAssertEqual(calls.lines, ["#0 3", "#3 4"], "Work of the second cycle, 1 s in, told once")
      assertThrows(CountdownError.outOfRange) { () throws(CountdownError) in
        _ = try manager.seekPhase(receiver, to: -1)
      }
      assertThrows(CountdownError.outOfRange) { () throws(CountdownError) in
        _ = try manager.seekPhase(receiver, to: 2, offset: .seconds(2))
      }
      assertThrows(CountdownError.negativeDuration) { () throws(CountdownError) in
        _ = try manager.seekPhase(receiver, to: 2, offset: .seconds(-1))
      }
      XCTAssertEqual(manager.phasePosition(for: receiver)?.ordinal, 3, "nothing changes")
      XCTAssertEqual(manager.phasePosition(for: receiver)?.timeLeftInPhase, .seconds(4))
      XCTAssertEqual(calls.lines.count, 2)
      XCTAssertFalse(try manager.seekPhase(NSObject(), to: 0), "no countdown of that receiver")
    }
  }

  /// "An ordinal past the plan's last phase ends the plan as `cancel(id:)` does": with no call
  /// for a receiver either, and its countdown gone.
  func testAReceiversSeekPastTheLastPhaseEndsThePlanWithNoCall() throws {
    try withManualManager { manager, _, _ in
      let receiver = NSObject()
      let calls = DocPromiseCalls()
      try manager.start(receiver, plan: DocPromiseFixtures.plan()) { _, update, _ in calls.record(update) }
      XCTAssertTrue(try manager.seekPhase(receiver, to: 6))
      XCTAssertEqual(calls.lines, ["#0 3"], "no call, as a cancel")
      XCTAssertFalse(manager.contains(receiver))
      XCTAssertNil(manager.phasePosition(for: receiver))
    }
  }
}
