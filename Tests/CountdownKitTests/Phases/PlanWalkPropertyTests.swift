@_spi(Walks) import CountdownCore
import CountdownTestSupport
import XCTest

@testable import CountdownKit

/// The plan's arithmetic (``PlanLayout``) and the cursor that walks it (``SegmentCursor``, the
/// engine's: its moves and its advance) against
/// the plan written out phase by phase (``PlanReferenceModel``), on seeded random plans, times and
/// operations. `COUNTDOWN_PHASES_RUNS` sets the number of seeds (200 in CI, 60 in a plain `swift test`),
/// `COUNTDOWN_PHASES_SEED` the first.
final class PlanWalkPropertyTests: XCTestCase {
  var runs: Int { TestSize.of("COUNTDOWN_PHASES_RUNS", full: 200, editLoop: 60) }
  var firstSeed: UInt64 { UInt64(ProcessInfo.processInfo.environment["COUNTDOWN_PHASES_SEED"] ?? "") ?? 6_601 }

  func testTheLayoutAgreesWithThePlanWrittenOut() throws {
    for seed in firstSeed..<(firstSeed + UInt64(runs)) {
      var random = SplitMix64(seed: seed)
      let plan = try RandomPlan.make(&random)
      let layout = plan.layout
      let model = PlanReferenceModel(plan, horizon: 1_500)
      if model.isComplete {
        XCTAssertEqual(layout.segments.segmentCount, model.phases.count, "seed \(seed)")
        XCTAssertEqual(layout.segments.length, model.phases.last.map { $0.start + $0.length }, "seed \(seed)")
      } else {
        XCTAssertNil(layout.segments.segmentCount, "seed \(seed)")
      }
      for (ordinal, expected) in model.phases.enumerated() {
        let step = layout.phase(atOrdinal: ordinal)
        XCTAssertEqual(step.phase, expected.phase, "seed \(seed), ordinal \(ordinal)")
        XCTAssertEqual(step.indexInCycle, expected.indexInCycle, "seed \(seed), ordinal \(ordinal)")
        XCTAssertEqual(step.cycle, expected.cycle, "seed \(seed), ordinal \(ordinal)")
        XCTAssertEqual(step.isLongBreak, expected.isLongBreak, "seed \(seed), ordinal \(ordinal)")
        XCTAssertEqual(layout.segments.start(ofOrdinal: ordinal), expected.start, "seed \(seed), ordinal \(ordinal)")
        XCTAssertEqual(layout.segments.length(ofOrdinal: ordinal), expected.length, "seed \(seed), ordinal \(ordinal)")
        let pausing = model.phases[ordinal...].firstIndex { $0.phase.pausesAfter }
        if pausing != nil || model.isComplete {
          XCTAssertEqual(layout.segments.firstPausing(from: ordinal), pausing, "seed \(seed), ordinal \(ordinal)")
        }
      }
      let end = model.phases.last.map { $0.start + $0.length } ?? 0
      for _ in 0..<50 {
        let offset = Int64.random(in: 0...end + 5, using: &random)
        guard model.isComplete || offset < end else { continue }
        XCTAssertEqual(layout.segments.ordinal(at: offset), model.ordinal(at: offset), "seed \(seed), offset \(offset)")
      }
      guard (testRun?.failureCount ?? 0) == 0 else { return XCTFail("first failing seed: \(seed)") }
    }
  }

  func testTheCursorAgreesWithAWalkPhaseByPhase() throws {
    for seed in firstSeed..<(firstSeed + UInt64(runs)) {
      var random = SplitMix64(seed: seed)
      let plan = try RandomPlan.make(&random)
      let layout = plan.layout
      let model = PlanReferenceModel(plan, horizon: 40_000)
      var now = Int64.random(in: -100...100, using: &random)
      var cursor = SegmentCursor(startingAt: now, in: layout)
      var naive = NaiveCursor(ordinal: 0, timing: cursor.timing)
      var trace: [String] = []
      for step in 0..<60 {
        let choice = Int.random(in: 0..<10, using: &random)
        switch choice {
        case 0..<4:
          // Time passes: a little, or across many phases.
          now += choice == 0 ? Int64.random(in: 0...400, using: &random) : Int64.random(in: 0...25, using: &random)
          trace.append("advance to \(now)")
        case 4:
          cursor.move(.skip, at: now, in: layout)
          naive.skip(at: now, model)
          trace.append("skip")
        case 5:
          cursor.move(.restart, at: now, in: layout)
          naive.restart(at: now, model)
          trace.append("restart")
        case 6:
          cursor.move(.back, at: now, in: layout)
          naive.goBack(at: now, model)
          trace.append("back")
        case 7:
          let time = Int64.random(in: -30...30, using: &random)
          cursor.addTime(time, at: now, in: layout)
          naive.addTime(time, at: now, model)
          trace.append("add \(time)")
        case 8:
          cursor.pause(at: now)
          naive.pause(at: now)
          trace.append("pause")
        default:
          cursor.resume(at: now)
          naive.resume(at: now)
          trace.append("resume")
        }
        let passed = cursor.advance(to: now, in: layout.segments)
        let expected = naive.advance(to: now, model)
        let context = "seed \(seed), step \(step): \(trace.suffix(4))"
        XCTAssertEqual(cursor.ordinal, naive.ordinal, context)
        XCTAssertEqual(cursor.timing, naive.timing, context)
        Self.assert(passed, in: layout, matches: expected, window: layout.segments.window, model, context)
        XCTAssertEqual(
          passed.planEnded, naive.ordinal >= model.phases.count && model.isComplete && !expected.isEmpty, context)
        if let position = CountdownPhasePosition(cursor, at: now, in: layout, wallNow: Date()) {
          let left: Int64
          switch naive.timing {
          case .running(let deadline): left = max(0, deadline - now)
          case .paused(let frozen): left = frozen
          }
          XCTAssertEqual(position.ordinal, naive.ordinal, context)
          XCTAssertEqual(position.timeLeftInPhase, .nanoseconds(left), context)
          XCTAssertEqual(
            position.nextPhase,
            naive.ordinal + 1 < model.phases.count ? model.phases[naive.ordinal + 1].phase : nil, context)
          if model.isComplete {
            let after = model.phases[(naive.ordinal + 1)...].reduce(0) { $0 + $1.length }
            XCTAssertEqual(position.timeLeftInPlan, .nanoseconds(left + after), context)
          } else {
            XCTAssertNil(position.timeLeftInPlan, context)
          }
        } else {
          XCTAssertTrue(model.isComplete && naive.ordinal >= model.phases.count, context)
        }
        if (testRun?.failureCount ?? 0) > 0 { return XCTFail("first failing seed: \(seed)") }
      }
    }
  }

  /// A forever plan of one-second phases, away a week: two values of bounded size, not 604 800.
  func testAWeekAwayIsASummaryAndTheLastCycle() throws {
    let second: Int64 = 1_000_000_000
    let plan = try CountdownPlan(blocks: [
      .init(
        [CountdownPhase("On", .seconds(1)), CountdownPhase("Off", .seconds(1)), CountdownPhase("Rest", .seconds(1))],
        repeated: .forever)
    ])
    var cursor = SegmentCursor(startingAt: 0, in: plan.layout)
    let week = 7 * 86_400 * second
    let passed = cursor.advance(to: week + second / 2, in: plan.layout.segments)
    XCTAssertEqual(passed.ends.count, 3)
    XCTAssertEqual(passed.count, 7 * 86_400)
    XCTAssertEqual(passed.summary?.ordinals, 0..<(7 * 86_400 - 3))
    XCTAssertEqual(passed.summary?.first, second)
    XCTAssertEqual(passed.ends.map(\.instant), [week - 2 * second, week - second, week])
    XCTAssertEqual(passed.names(in: plan.layout), ["On", "Off", "Rest"])
    XCTAssertEqual(cursor.ordinal, 7 * 86_400)
    XCTAssertEqual(cursor.timing, .running(deadline: week + second))
    XCTAssertEqual(
      CountdownPhasePosition(cursor, at: week + second / 2, in: plan.layout, wallNow: Date())?.cycle, 7 * 86_400 / 3)
  }

  /// The Pomodoro that waits after its long break: the walk stops there, whatever time passed.
  func testAWalkStopsAfterAPhaseThatPauses() throws {
    let plan = try CountdownPlan(blocks: [
      .init(
        [CountdownPhase("Work", .seconds(25)), CountdownPhase("Break", .seconds(5))], repeated: .forever,
        longBreak: CountdownPhase("Long", .seconds(15), pausesAfter: true), every: 2)
    ])
    var cursor = SegmentCursor(startingAt: 0, in: plan.layout)
    let passed = cursor.advance(to: 1_000_000_000_000, in: plan.layout.segments)
    XCTAssertTrue(passed.paused)
    // Four ends: the window (two phases a cycle) one by one, the two before in the summary.
    XCTAssertEqual(passed.count, 4)
    XCTAssertEqual(passed.summary?.ordinals, 0..<2)
    XCTAssertEqual(passed.names(in: plan.layout), ["Work", "Long"])
    XCTAssertEqual(passed.ends.last?.instant, 70_000_000_000)
    XCTAssertEqual(cursor.ordinal, 4)
    XCTAssertEqual(cursor.timing, .paused(left: 25_000_000_000))
  }

  /// A position read from the phase last told, after that phase's deadline and before the call
  /// telling its end has come (a call's reading a little late): the phase has 0 left and the plan
  /// what follows it, never a negative time.
  func testAPositionReadPastTheToldDeadlineHasNoNegativeTimeLeft() throws {
    let second: Int64 = 1_000_000_000
    let plan = try PhaseSequenceTests.plan()
    let told = SegmentCursor(startingAt: 0, in: plan.layout)
    XCTAssertEqual(told.timing, .running(deadline: 3 * second), "the warm-up, told")
    let origin = Date(timeIntervalSince1970: 0)
    let late = try XCTUnwrap(
      CountdownPhasePosition(told, at: 3 * second + second / 2, in: plan.layout, wallNow: origin, of: 0))
    XCTAssertEqual(late.phase.name, "Warm-up", "its end not told yet")
    XCTAssertEqual(late.timeLeftInPhase, .zero)
    XCTAssertEqual(late.timeLeftInPlan, .seconds(15), "the phases after the warm-up")
    XCTAssertEqual(late.phaseEndDate, origin + 3)
    XCTAssertEqual(late.planEndDate, origin + 18)
  }

  // MARK: Helpers

  static func assert(
    _ passed: PassedSegmentEnds, in layout: PlanLayout, matches expected: [(ordinal: Int, instant: Int64)], window: Int,
    _ model: PlanReferenceModel, _ context: String
  ) {
    XCTAssertEqual(passed.count, expected.count, context)
    XCTAssertLessThanOrEqual(passed.ends.count, window, context)
    let oneByOne = expected.suffix(passed.ends.count)
    XCTAssertEqual(passed.ends.map(\.ordinal), oneByOne.map(\.ordinal), context)
    XCTAssertEqual(passed.ends.map(\.instant), oneByOne.map(\.instant), context)
    for end in passed.ends where end.ordinal < model.phases.count {
      XCTAssertEqual(layout.phase(atOrdinal: end.ordinal).phase, model.phases[end.ordinal].phase, context)
    }
    let summarized = expected.prefix(expected.count - passed.ends.count)
    if let summary = passed.summary {
      XCTAssertEqual(Array(summary.ordinals), summarized.map(\.ordinal), context)
      XCTAssertEqual(summary.first, summarized.first?.instant, context)
      XCTAssertEqual(summary.last, summarized.last?.instant, context)
    } else {
      XCTAssertTrue(summarized.isEmpty, context)
    }
  }

}

/// The cursor's state, walked phase by phase over the plan written out.
struct NaiveCursor {
  var ordinal: Int
  var timing: SegmentCursor.Timing

  func isEnded(_ model: PlanReferenceModel) -> Bool { model.isComplete && ordinal >= model.phases.count }

  /// Every end at or before `now`, one by one.
  mutating func advance(to now: Int64, _ model: PlanReferenceModel) -> [(ordinal: Int, instant: Int64)] {
    var ends: [(Int, Int64)] = []
    while !isEnded(model), case .running(let deadline) = timing, deadline <= now {
      ends.append((ordinal, deadline))
      let pauses = model.phases[ordinal].phase.pausesAfter
      ordinal += 1
      if isEnded(model) { break }
      let length = model.phases[ordinal].length
      timing = pauses ? .paused(left: length) : .running(deadline: deadline + length)
    }
    return ends
  }

  mutating func begin(_ ordinal: Int, at now: Int64, _ model: PlanReferenceModel) {
    self.ordinal = ordinal
    if isEnded(model) {
      timing = .running(deadline: now)
      return
    }
    let length = model.phases[ordinal].length
    switch timing {
    case .running: timing = .running(deadline: now + length)
    case .paused: timing = .paused(left: length)
    }
  }

  mutating func skip(at now: Int64, _ model: PlanReferenceModel) {
    if !isEnded(model) { begin(ordinal + 1, at: now, model) }
  }

  mutating func restart(at now: Int64, _ model: PlanReferenceModel) {
    if !isEnded(model) { begin(ordinal, at: now, model) }
  }

  mutating func goBack(at now: Int64, _ model: PlanReferenceModel) {
    if !isEnded(model) { begin(max(0, ordinal - 1), at: now, model) }
  }

  mutating func addTime(_ time: Int64, at now: Int64, _ model: PlanReferenceModel) {
    guard !isEnded(model) else { return }
    switch timing {
    case .running(let deadline): timing = .running(deadline: max(deadline + time, now))
    case .paused(let left): timing = .paused(left: max(left + time, 0))
    }
  }

  mutating func pause(at now: Int64) {
    if case .running(let deadline) = timing { timing = .paused(left: max(0, deadline - now)) }
  }

  mutating func resume(at now: Int64) {
    if case .paused(let left) = timing { timing = .running(deadline: now + left) }
  }
}

extension SegmentCursor {
  /// A move as the engine makes it: none once the plan has ended.
  fileprivate mutating func move(_ move: SegmentMove, at now: Int64, in plan: PlanLayout) {
    guard !isEnded(in: plan) else { return }
    make(move, at: now, in: plan.segments)
  }

  /// Time added to the current phase (taken, below 0), as the engine adds it to a walk's timing:
  /// its end moves, never before `now`.
  fileprivate mutating func addTime(_ time: Int64, at now: Int64, in plan: PlanLayout) {
    guard !isEnded(in: plan) else { return }
    switch timing {
    case .running(let deadline): timing = .running(deadline: max(deadline.addingSaturated(time), now))
    case .paused(let left): timing = .paused(left: max(left.addingSaturated(time), 0))
    }
  }

  /// The frozen phase continued from `now`.
  fileprivate mutating func resume(at now: Int64) {
    guard case .paused(let left) = timing else { return }
    timing = .running(deadline: now.addingSaturated(left))
  }
}

extension PassedSegmentEnds {
  /// How many ends passed, the summary's included.
  var count: Int { (summary?.ordinals.count ?? 0) + ends.count }

  /// The names of the phases whose ends are reported one by one, in `layout`.
  func names(in layout: PlanLayout) -> [String] { ends.map { layout.phase(atOrdinal: $0.ordinal).phase.name } }
}
