@_spi(Walks) import CountdownCore
import CountdownTestSupport
import Foundation
import XCTest

@testable import CountdownKit

/// A countdown in phases run on a manager (random plans, random operations, either policy), written
/// into a snapshot, and restored on a new manager after a random gap (seconds, hours, or a week), against
/// the plan walked phase by phase (``PlanReferenceModel`` and ``NaiveCursor``): the position, and
/// the ends delivered (at the restore, late, and after it, on time), are the reference's.
/// `COUNTDOWN_PHASE_RESTORE_RUNS` sets the number of seeds (150 in CI, 50 in a plain `swift test`),
/// `COUNTDOWN_PHASE_RESTORE_SEED`
/// the first (a failure names its seed: set both to replay it alone).
final class PhaseRestorePropertyTests: XCTestCase {
  static let second: Int64 = 1_000_000_000

  var runs: Int { TestSize.of("COUNTDOWN_PHASE_RESTORE_RUNS", full: 150, editLoop: 50) }
  var firstSeed: UInt64 {
    UInt64(ProcessInfo.processInfo.environment["COUNTDOWN_PHASE_RESTORE_SEED"] ?? "") ?? 6_611
  }

  func testARestoredSequenceIsWhereThePlanSaysWithTheEndsPassed() throws {
    for seed in firstSeed..<(firstSeed + UInt64(runs)) {
      try MainActor.assumeIsolated {
        try Self.check(seed: seed)
      }
      if (testRun?.failureCount ?? 0) > 0 { return XCTFail("first failing seed: \(seed)") }
    }
  }

  /// One run: operations on a live manager and the reference, a snapshot, a gap, a restore.
  @MainActor
  static func check(seed: UInt64) throws {
    var random = SplitMix64(seed: seed)
    // The tests' random plans, in seconds: every deadline and operation on whole seconds.
    let plan = try RandomPlan.make(&random, unit: 1_000_000_000)
    let wall = TestWallClock()
    let (live, clock) = try makeManager(wall: wall)
    defer { live.cancelAll() }
    let deliveries: CountdownDeliveries = Bool.random(using: &random) ? .everyChange : .onlyTheEnd
    let policy: SuspensionPolicy = Int.random(in: 0..<4, using: &random) == 0 ? .pauses : .keepsRunning
    try live.start(id: "plan", plan: plan, whileSuspended: policy, delivering: deliveries) { _, _, _ in }
    var horizon: Int64 = 400 * second
    var model = PlanReferenceModel(plan, horizon: horizon)
    var naive = NaiveCursor(ordinal: 0, timing: .running(deadline: model.phases[0].length))
    var now: Int64 = 0
    var trace: [String] = []
    for _ in 0..<Int.random(in: 0...12, using: &random) {
      guard !naive.isEnded(model) else { break }
      switch Int.random(in: 0..<9, using: &random) {
      case 0..<3:
        let seconds = Int.random(in: 0...15, using: &random)
        for _ in 0..<seconds { try clock.advance(by: .seconds(1)) }
        now += Int64(seconds) * second
        trace.append("wait \(seconds) s")
      case 3:
        live.skipPhase(id: "plan")
        naive.skip(at: now, model)
        trace.append("skip")
      case 4:
        live.restartPhase(id: "plan")
        naive.restart(at: now, model)
        trace.append("restart")
      case 5:
        live.goToPreviousPhase(id: "plan")
        naive.goBack(at: now, model)
        trace.append("back")
      case 6:
        let seconds = Int64.random(in: -20...20, using: &random)
        _ = try live.addTime(.seconds(seconds), id: "plan")
        naive.addTime(seconds * second, at: now, model)
        trace.append("add \(seconds) s")
      case 7:
        live.pause(id: "plan")
        naive.pause(at: now)
        trace.append("pause")
      default:
        live.resume(id: "plan")
        naive.resume(at: now)
        trace.append("resume")
      }
      try clock.advance(by: .zero)
      naive.endAPausedPhaseWithNothingLeft(at: now, model)
      _ = naive.advance(to: now, model)
    }
    var context = "seed \(seed): \(trace)"
    guard !naive.isEnded(model) else {
      XCTAssertFalse(live.contains(id: "plan"), context)
      return
    }
    // Where the live manager is, the reference is, before anything is saved.
    let livePosition = try XCTUnwrap(live.phasePosition(id: "plan"), context)
    XCTAssertEqual(livePosition.ordinal, naive.ordinal, context)
    XCTAssertEqual(livePosition.timeLeftInPhase, .nanoseconds(naive.left(at: now)), context)

    let snapshot = try CountdownSnapshot<String>(decoding: JSONEncoder().encode(live.snapshot(of: String.self)))
    live.cancelAll()
    // Relaunched after a gap: seconds, an hour or so, or a week.
    let gap: Int64
    switch Int.random(in: 0..<8, using: &random) {
    case 0: gap = Int64.random(in: 3_600...7_200, using: &random)
    case 1 where !model.isComplete: gap = 7 * 86_400 + Int64.random(in: 0...60, using: &random)
    default: gap = Int64.random(in: 0...120, using: &random)
    }
    context += ", gap \(gap) s, \(policy)"
    now += gap * second
    // Frozen while the app was away: the gap does not count, and every end moves by it.
    if policy == .pauses, case .running(let deadline) = naive.timing {
      naive.timing = .running(deadline: deadline + gap * second)
    }
    if !model.isComplete, now + 200 * second > horizon {
      horizon = now + 200 * second
      model = PlanReferenceModel(plan, horizon: horizon)
    }
    let expected = naive.advance(to: now, model)
    wall.jump(by: TimeInterval(gap))
    let (manager, newClock) = try makeManager(wall: wall)
    defer { manager.cancelAll() }
    var updates: [CountdownPhaseUpdate] = []
    let restoration = try manager.restore(snapshot) { _, _, _ in
    } phases: { _, update, _ in
      updates.append(update)
    }
    XCTAssertEqual(restoration.ids, ["plan"], context)

    // The ends passed: in one call, the latest ones one by one, the older ones summed up.
    let late = updates.filter { !$0.phaseEnds.isEmpty }
    XCTAssertLessThanOrEqual(late.count, 1, context)
    let ends = late.first?.phaseEnds ?? []
    XCTAssertLessThanOrEqual(ends.count, plan.layout.segments.window, context)
    XCTAssertEqual(ends.map(\.ordinal), expected.suffix(ends.count).map(\.ordinal), context)
    XCTAssertEqual(ends.map(\.lateness), expected.suffix(ends.count).map { .nanoseconds(now - $0.instant) }, context)
    let summarized = expected.dropLast(ends.count)
    XCTAssertEqual(late.first?.earlierPhaseEnds.map { Array($0.ordinals) } ?? [], summarized.map(\.ordinal), context)
    XCTAssertEqual(
      late.first?.earlierPhaseEnds?.lateness, summarized.first.map { .nanoseconds(now - $0.instant) }, context)
    for end in ends {
      XCTAssertEqual(end.phase, model.phases[end.ordinal].phase, context)
    }

    // The position now, and the plan's end.
    if naive.isEnded(model) {
      XCTAssertTrue(late.first?.planEnded ?? false, context)
      XCTAssertNotNil(restoration.ended["plan"], context)
      XCTAssertFalse(manager.contains(id: "plan"), context)
      return
    }
    XCTAssertNil(restoration.ended["plan"], context)
    let position = try XCTUnwrap(manager.phasePosition(id: "plan"), context)
    XCTAssertEqual(position.ordinal, naive.ordinal, context)
    XCTAssertEqual(position.phase, model.phases[naive.ordinal].phase, context)
    XCTAssertEqual(position.timeLeftInPhase, .nanoseconds(naive.left(at: now)), context)
    if case .paused = naive.timing {
      XCTAssertTrue(position.isPaused, context)
      XCTAssertEqual(manager.isPaused(id: "plan"), true, context)
    } else {
      XCTAssertFalse(position.isPaused, context)
    }

    // And it goes on from there: the next ends on time, where the reference has them.
    updates.removeAll()
    let more = Int.random(in: 0...60, using: &random)
    for _ in 0..<more { try newClock.advance(by: .seconds(1)) }
    let next = naive.advance(to: now + Int64(more) * second, model)
    let delivered = updates.flatMap(\.phaseEnds)
    XCTAssertEqual(delivered.map(\.ordinal), next.map(\.ordinal), context)
    for end in delivered { XCTAssertLessThanOrEqual(end.lateness, .milliseconds(50), context) }
  }

}

extension NaiveCursor {
  /// The current phase's time left at `now`.
  func left(at now: Int64) -> Int64 {
    switch timing {
    case .running(let deadline): max(0, deadline - now)
    case .paused(let left): left
    }
  }

  /// A paused phase whose time was all taken ends now, and the next one waits, paused, at its full
  /// length (what the manager does at that phase's `0`).
  mutating func endAPausedPhaseWithNothingLeft(at now: Int64, _ model: PlanReferenceModel) {
    guard !isEnded(model), case .paused(let left) = timing, left <= 0 else { return }
    ordinal += 1
    timing = isEnded(model) ? .running(deadline: now) : .paused(left: model.phases[ordinal].length)
  }
}
