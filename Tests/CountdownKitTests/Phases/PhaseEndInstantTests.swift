import CountdownCore
import CountdownKit
import CountdownTestSupport
import Foundation
import XCTest

/// The instant of a call in phases is the engine's reading for the calls it makes together, not a
/// reading of each handler's own: on a clock that moves at every read, as a real one moves while
/// the calls of a tick run, sequences whose phases end at one tick hear of them with one lateness.
final class PhaseEndInstantTests: XCTestCase {
  func testPhasesEndingTogetherHearOfTheirEndsWithOneLateness() throws {
    try MainActor.assumeIsolated { try Self.phasesEndingTogetherHearOfTheirEndsWithOneLateness() }
  }

  @MainActor
  private static func phasesEndingTogetherHearOfTheirEndsWithOneLateness() throws {
    // Each read of this clock while it advances moves it on by up to 5 ms.
    let clock = try PassDriftClock(seed: 7, late: .zero, early: .zero, drift: 5_000_000)
    let manager = try CountdownManager(interval: .seconds(1), clock: clock)
    let plan = try CountdownPlan(blocks: [
      .init([CountdownPhase("Work", .seconds(2)), CountdownPhase("Rest", .seconds(2))], repeated: .times(1))
    ])
    var lateness: [Int: Duration] = [:]
    for index in 0..<8 {
      try manager.start(id: index, plan: plan, delivering: .onlyTheEnd) { id, update, _ in
        if let end = update.phaseEnds.first, end.ordinal == 0 { lateness[id] = end.lateness }
      }
    }
    // Past the first phase's end: its wakeup fires, and the clock moves at each read meanwhile.
    try clock.advance(by: 2_500_000_000)
    XCTAssertEqual(lateness.count, 8, "every sequence heard its first phase end")
    XCTAssertEqual(Set(lateness.values).count, 1, "one lateness for ends heard together: \(lateness)")
  }

  func testTheValuesOfOneTickReadTheTicksInstant() throws {
    try MainActor.assumeIsolated { try Self.theValuesOfOneTickReadTheTicksInstant() }
  }

  @MainActor
  private static func theValuesOfOneTickReadTheTicksInstant() throws {
    // Each read of this clock while it advances moves it on by up to 5 ms.
    let clock = try PassDriftClock(seed: 11, late: .zero, early: .zero, drift: 5_000_000)
    let manager = try CountdownManager(interval: .seconds(1), clock: clock)
    let plan = try CountdownPlan(blocks: [.init([CountdownPhase("Work", .seconds(5))], repeated: .times(1))])
    var left: [Int: Duration] = [:]
    for index in 0..<8 {
      try manager.start(id: index, plan: plan) { id, update, _ in
        if update.remaining == 3, let position = update.position { left[id] = position.timeLeftInPhase }
      }
    }
    // Into the third second: the value 3 of every sequence comes in one tick.
    try clock.advance(by: 2_000_000_000)
    XCTAssertEqual(left.count, 8, "every sequence had its value 3")
    XCTAssertEqual(Set(left.values).count, 1, "one time left for the values of one tick: \(left)")
  }

  func testAResumeInTheCallOfAnEndAnEarlyWakeupStoodForContinuesAtTheClocksReading() throws {
    try MainActor.assumeIsolated { try Self.aResumeInTheCallOfAnEndAnEarlyWakeupStoodForContinuesAtTheClocksReading() }
  }

  /// An end an early wakeup stood for is on time, though the clock reads a little before it: a
  /// resume in its call continues the next phase from the clock's reading, as a pause, a move or
  /// time added does, so that phase ends its full length after the resume.
  @MainActor
  private static func aResumeInTheCallOfAnEndAnEarlyWakeupStoodForContinuesAtTheClocksReading() throws {
    // Never late; each wakeup fires early once, by up to 5 ms.
    let clock = try ManualCountdownClock(jitter: .init(early: .milliseconds(5), seed: 3))
    let manager = try CountdownManager(interval: .seconds(1), clock: clock)
    defer { manager.cancelAll() }
    let plan = try CountdownPlan(warmUp: [
      CountdownPhase("Work", .seconds(2), pausesAfter: true), CountdownPhase("Rest", .seconds(3)),
    ])
    var resumedAt: Int64?
    try manager.start(id: "run", plan: plan, delivering: .onlyTheEnd) { id, update, _ in
      guard update.phaseEnds.first?.ordinal == 0 else { return }
      resumedAt = clock.now.nanosecondsSinceOrigin
      XCTAssertTrue(manager.resume(id: id), "the plan waited, paused, after Work")
    }
    try clock.advance(by: .milliseconds(2_500))
    let resumed = try XCTUnwrap(resumedAt, "Work's end came")
    XCTAssertLessThan(resumed, 2_000_000_000, "Work's end came at an early wakeup")
    XCTAssertEqual(
      manager.timeLeft(id: "run"), .nanoseconds(resumed + 3_000_000_000 - 2_500_000_000),
      "Rest resumed at \(resumed) ns, its full 3 s from then")
  }

  func testThePhaseEndsOfOneTickReadTheTicksWallClockDate() throws {
    try withManualManager { manager, clock, wall in
      var ends: [String: Date] = [:]
      for id in ["a", "b"] {
        try manager.start(id: id, plan: PhaseSequenceTests.plan()) { id, update, _ in
          guard !update.phaseEnds.isEmpty, let date = update.position?.phaseEndDate else { return }
          // The wall clock set forward inside the first call: the tick's date stays the one read.
          if ends.isEmpty { wall.jump(by: 60) }
          ends[id] = date
        }
      }
      try clock.advance(by: .seconds(3))
      XCTAssertEqual(ends.count, 2, "both sequences heard the first phase end")
      XCTAssertEqual(ends["a"], ends["b"], "one wall-clock date for the calls of one tick")
    }
  }
}
