import CountdownCore
import CountdownTestSupport
import Foundation
import XCTest

@testable import CountdownKit

/// Windows and push schedules on seeded random plans, states and instants: each window's phases
/// follow one another, the schedule's send dates only grow, and its windows hold every date of the
/// widget's timeline as a phase boundary; a manager's window agrees with its position and with the
/// window of its snapshot. `COUNTDOWN_PHASES_RUNS` sets the number of seeds (200 in CI, 60 in a
/// plain `swift test`), `COUNTDOWN_PHASES_SEED` the first.
final class PhaseWindowPropertyTests: XCTestCase {
  var runs: Int { TestSize.of("COUNTDOWN_PHASES_RUNS", full: 200, editLoop: 60) }
  var firstSeed: UInt64 { UInt64(ProcessInfo.processInfo.environment["COUNTDOWN_PHASES_SEED"] ?? "") ?? 9_101 }

  /// A snapshot taken at `now` of one countdown in phases of `plan`, "plan": at a random phase,
  /// running to a random end around `now`, paused, or frozen while the app is away (with its end
  /// overdue, at times).
  static func randomSnapshot(of plan: CountdownPlan, at now: Date, _ random: inout SplitMix64)
    -> CountdownSnapshot<String>
  {
    let ordinal = Int.random(in: 0..<min(plan.phaseCount ?? 60, 60), using: &random)
    var entry = CountdownSnapshot<String>.PhaseEntry(id: "plan", plan: plan, ordinal: ordinal)
    switch Int.random(in: 0..<6, using: &random) {
    case 0:
      entry.isPaused = true
      entry.time = .milliseconds(Int64.random(in: 0...20_000, using: &random))
    case 1:
      entry.policy = .pauses
      entry.time = .milliseconds(Int64.random(in: -5_000...20_000, using: &random))
    default:
      entry.date = now + Double(Int64.random(in: -30_000...20_000, using: &random)) / 1_000
    }
    return CountdownSnapshot(takenAt: now, serverOffset: nil, entries: [], phaseEntries: [entry])
  }

  /// What holds of every window: at least one phase and at most `lookAhead + 1`, each starting
  /// where the one before it ends, in the plan's order; only the last pauses the plan after it, and
  /// the plan's end, when there, is the last one's end.
  static func checkWindow(_ window: CountdownPhaseWindow, lookAhead: Int, plan: CountdownPlan, _ label: String) {
    XCTAssertFalse(window.phases.isEmpty, label)
    XCTAssertLessThanOrEqual(window.phases.count, lookAhead + 1, label)
    for (before, after) in zip(window.phases, window.phases.dropFirst()) {
      XCTAssertEqual(after.start, before.end, "contiguous: \(label)")
      XCTAssertEqual(after.ordinal, before.ordinal + 1, label)
      XCTAssertFalse(before.pausesAfter, "only the last pauses: \(label)")
    }
    for phase in window.phases {
      XCTAssertLessThanOrEqual(phase.start, phase.end, label)
    }
    let last = window.phases[window.phases.count - 1]
    let endsPlan = plan.phaseCount.map { last.ordinal == $0 - 1 } ?? false
    XCTAssertEqual(window.planEnd, endsPlan ? last.end : nil, label)
    if window.phases.count < lookAhead + 1 {
      XCTAssertTrue(endsPlan || last.pausesAfter, "a short window stops at a pause or the plan's end: \(label)")
    }
    XCTAssertEqual(window.staleDate?.timeIntervalSince1970, window.pausedAt == nil ? window.current.end : nil, label)
  }

  func testSchedulesFollowTheTimelineOverRandomPlansAndInstants() throws {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    // How many seeds had a schedule of several pushes, and timeline dates checked: not a vacuous
    // run.
    var (scheduled, checkedDates) = (0, 0)
    for seed in firstSeed..<(firstSeed + UInt64(runs)) {
      var random = SplitMix64(seed: seed)
      let plan = try RandomPlan.make(&random, unit: 1_000_000_000)
      let snapshot = Self.randomSnapshot(of: plan, at: now, &random)
      let from = now + Double(Int64.random(in: -2_000...10_000, using: &random)) / 1_000
      let lookAhead = Int.random(in: 0...4, using: &random)
      let limit = Int.random(in: 1...12, using: &random)
      let label = "seed \(seed)"
      let timeline = snapshot.timeline(id: "plan", from: from, limit: limit * (lookAhead + 1) + 2)
      let window = snapshot.phaseWindow(id: "plan", lookAhead: lookAhead, at: from)
      let pushes = snapshot.pushSchedule(id: "plan", lookAhead: lookAhead, from: from, limit: limit)

      // The window at `from` is the timeline's first entry's phase, and the schedule's first.
      XCTAssertEqual(window?.current.ordinal, timeline.first?.position?.ordinal, label)
      XCTAssertEqual(window, pushes.first?.window, label)
      if let window {
        Self.checkWindow(window, lookAhead: lookAhead, plan: plan, label)
        if let end = timeline.first?.position?.phaseEndDate {
          XCTAssertEqual(window.current.end, end.timeIntervalSince1970, label)
        }
      } else {
        XCTAssertTrue(pushes.isEmpty, label)
        continue
      }

      XCTAssertLessThanOrEqual(pushes.count, limit, label)
      XCTAssertEqual(pushes.first?.sendDate, from.timeIntervalSince1970, label)
      var boundaries = Set<Double>()
      for (index, push) in pushes.enumerated() {
        Self.checkWindow(push.window, lookAhead: lookAhead, plan: plan, "\(label), push \(index)")
        boundaries.formUnion(push.window.phases.flatMap { [$0.start, $0.end] })
        XCTAssertEqual(push.staleDate, push.event.isEnd ? nil : push.window.staleDate?.timeIntervalSince1970, label)
        guard index > 0 else { continue }
        let previous = pushes[index - 1]
        XCTAssertLessThan(previous.sendDate, push.sendDate, "send dates strictly increase: \(label)")
        XCTAssertNil(previous.window.pausedAt, "a window standing still is the last: \(label)")
        XCTAssertFalse(previous.event.isEnd, label)
        let lastEnd = previous.window.phases[previous.window.phases.count - 1].end
        XCTAssertEqual(push.sendDate, lastEnd, "sent at the end of the last phase shown: \(label)")
        if push.event.isEnd {
          XCTAssertEqual(push.event.dismissalDate, previous.window.planEnd, label)
          XCTAssertEqual(push.window, previous.window, label)
        } else {
          XCTAssertEqual(push.window.current.start, lastEnd, label)
          XCTAssertEqual(push.window.current.ordinal, previous.window.phases.last!.ordinal + 1, label)
          XCTAssertEqual(push.window.isPaused, previous.window.phases.last!.pausesAfter, label)
        }
      }

      // Every timeline date the schedule reaches is a phase boundary of its windows (its first,
      // `from`, the first push's send date), up to the first pausing phase, where both stop.
      let reach =
        pushes.last.map { $0.event.isEnd || $0.window.pausedAt != nil ? Double.infinity : $0.window.phases.last!.end }
        ?? -.infinity
      if pushes.count > 1 { scheduled += 1 }
      for entry in timeline.dropFirst() where entry.date.timeIntervalSince1970 <= reach {
        checkedDates += 1
        let date = entry.date.timeIntervalSince1970
        XCTAssertTrue(boundaries.contains(date), "\(label): the timeline's \(date) is no boundary")
        // Before the reach, the push sent last by then shows the timeline's phase.
        guard date < reach, let position = entry.position else { continue }
        let shown = pushes.last { $0.sendDate <= date }?.window.phase(at: entry.date)
        XCTAssertEqual(shown?.ordinal, position.ordinal, "\(label): the phase shown at \(date)")
      }
      // And every push's send date is a timeline date, the timeline being long enough.
      let dates = Set(timeline.map(\.date.timeIntervalSince1970))
      for push in pushes {
        XCTAssertTrue(dates.contains(push.sendDate), "\(label): \(push.sendDate) is no timeline date")
      }
      guard (testRun?.failureCount ?? 0) == 0 else { return XCTFail("first failing seed: \(seed)") }
    }
    XCTAssertGreaterThan(scheduled, runs / 4)
    XCTAssertGreaterThan(checkedDates, runs)
  }

  func testAManagersWindowAgreesWithItsPositionAndItsSnapshotAfterRandomOperations() throws {
    for seed in firstSeed..<(firstSeed + UInt64(runs)) {
      var random = SplitMix64(seed: seed)
      let plan = try RandomPlan.make(&random, unit: 1_000_000_000)
      try withManualManager { manager, clock, wall in
        try manager.start(id: "plan", plan: plan) { _, _, _ in }
        var timeAdded = false
        for step in 0..<12 {
          switch Int.random(in: 0..<8, using: &random) {
          case 0: manager.pause(id: "plan")
          case 1: manager.resume(id: "plan")
          case 2: manager.skipPhase(id: "plan")
          case 3:
            try manager.addTime(.milliseconds(Int64.random(in: -3_000...3_000, using: &random)), id: "plan")
            timeAdded = true
          default: try clock.advance(by: .milliseconds(Int64.random(in: 0...15_000, using: &random)))
          }
          let label = "seed \(seed), step \(step)"
          let lookAhead = Int.random(in: 0...3, using: &random)
          let window = manager.phaseWindow(id: "plan", lookAhead: lookAhead)
          let position = manager.phasePosition(id: "plan")
          guard let window else {
            XCTAssertNil(position, label)
            break
          }
          Self.checkWindow(window, lookAhead: lookAhead, plan: plan, label)
          try PhaseWindowTests.assertAgrees(window, with: position)
          // The timer dates speak of the phase the last call told: one whose end passed, its call
          // still queued, has ended for the window and the position.
          let dates = try XCTUnwrap(manager.timerDates(id: "plan"), label)
          if dates.timerInterval.upperBound >= wall.now {
            XCTAssertEqual(
              window.current.start, dates.timerInterval.lowerBound.timeIntervalSince1970, accuracy: 1e-6, label)
            XCTAssertEqual(
              window.current.end, dates.timerInterval.upperBound.timeIntervalSince1970, accuracy: 1e-6, label)
            XCTAssertEqual(window.pauseTime, dates.pauseTime, label)
          }
          // The snapshot's window: the same phases and dates, but the current phase's start where
          // time was added to it (a snapshot does not keep it).
          let saved = manager.snapshot(of: String.self).phaseWindow(id: "plan", lookAhead: lookAhead, at: wall.now)
          XCTAssertEqual(saved?.phases.map(\.ordinal), window.phases.map(\.ordinal), label)
          XCTAssertEqual(saved?.isPaused, window.isPaused, label)
          XCTAssertEqual(saved?.pausedAt, window.pausedAt, label)
          for (mine, theirs) in zip(window.phases, saved?.phases ?? []) {
            XCTAssertEqual(mine.end, theirs.end, accuracy: 1e-6, label)
            if mine.ordinal != window.current.ordinal || !timeAdded {
              XCTAssertEqual(mine.start, theirs.start, accuracy: 1e-6, label)
            }
          }
        }
        manager.cancelAll()
      }
      guard (testRun?.failureCount ?? 0) == 0 else { return XCTFail("first failing seed: \(seed)") }
    }
  }
}
