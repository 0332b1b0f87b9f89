import CountdownCore
import CountdownTestSupport
import Foundation
import XCTest

@testable import CountdownKit

/// An `ObservablePhaseCountdown` (random plans, random operations on the model, either policy and
/// deliveries) saved with `snapshot(id:)`, and restored with `phaseCountdown(restoring:id:)` after
/// a random gap (seconds, hours, or a week), against the same snapshot restored by the manager's
/// own `restore(_:_:phases:)` (``RestoredPhaseTwins``): the model shows the ends that restore
/// reports and is where its sequence is, at the restore and as both go on. Beside the model, a
/// sequence of an id gets the same operations, and the model's snapshot holds what the manager's
/// snapshot holds of it. `COUNTDOWN_OBSERVABLE_RESTORE_RUNS` sets the number of seeds (100 in CI,
/// 30 in a plain `swift test`), `COUNTDOWN_OBSERVABLE_RESTORE_SEED` the first (a failure names its seed: set both to
/// replay it alone).
final class ObservablePhaseRestorePropertyTests: XCTestCase {
  var runs: Int { TestSize.of("COUNTDOWN_OBSERVABLE_RESTORE_RUNS", full: 100, editLoop: 30) }
  var firstSeed: UInt64 {
    UInt64(ProcessInfo.processInfo.environment["COUNTDOWN_OBSERVABLE_RESTORE_SEED"] ?? "") ?? 7_717
  }

  func testARestoredModelShowsWhatTheManagersRestoreReports() throws {
    guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) else { throw XCTSkip("needs Observation") }
    for seed in firstSeed..<(firstSeed + UInt64(runs)) {
      try MainActor.assumeIsolated {
        try Self.check(seed: seed)
      }
      if (testRun?.failureCount ?? 0) > 0 { return XCTFail("first failing seed: \(seed)") }
    }
  }

  /// One run: operations on a live model and its twin, a snapshot of each, a gap, both restores.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
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
    let model = try live.countdown(plan: plan, whileSuspended: policy, delivering: deliveries)
    try live.start(id: "twin", plan: plan, whileSuspended: policy, delivering: deliveries) { _, _, _ in }
    var trace: [String] = []
    for _ in 0..<Int.random(in: 0...14, using: &random) {
      switch Int.random(in: 0..<9, using: &random) {
      case 0..<3:
        let seconds = Int.random(in: 0...(plan.phaseCount == nil ? 15 : 25), using: &random)
        for _ in 0..<seconds {
          // The device's clock moves with the manager's: an ended plan's date is in the past.
          wall.jump(by: 1)
          try clock.advance(by: .seconds(1))
        }
        trace.append("wait \(seconds) s")
      case 3:
        model.skipPhase()
        live.skipPhase(id: "twin")
        trace.append("skip")
      case 4:
        model.restartPhase()
        live.restartPhase(id: "twin")
        trace.append("restart")
      case 5:
        model.goToPreviousPhase()
        live.goToPreviousPhase(id: "twin")
        trace.append("back")
      case 6:
        let seconds = Int64.random(in: -20...20, using: &random)
        _ = try model.addTime(.seconds(seconds))
        _ = try live.addTime(.seconds(seconds), id: "twin")
        trace.append("add \(seconds) s")
      case 7:
        model.pause()
        live.pause(id: "twin")
        trace.append("pause")
      default:
        model.resume()
        live.resume(id: "twin")
        trace.append("resume")
      }
      try clock.advance(by: .zero)
    }
    var context = "seed \(seed): \(trace), \(policy), \(deliveries)"
    let snapshot = try CountdownSnapshot<String>(decoding: JSONEncoder().encode(model.snapshot(id: "plan")))
    let twin = try CountdownSnapshot<String>(decoding: JSONEncoder().encode(live.snapshot(of: String.self)))
    let savedEndDate = model.hasEnded ? model.endDate : nil
    if let savedEndDate {
      // Ended: kept at its last phase with the date it ended; the manager keeps no ended sequence.
      XCTAssertEqual(twin.phaseEntries, [], context)
      let entry = try XCTUnwrap(snapshot.phaseEntries.first, context)
      XCTAssertEqual(entry.ordinal, (plan.phaseCount ?? 0) - 1, context)
      XCTAssertEqual(entry.date, savedEndDate, context)
    } else {
      // The model's sequence as the manager writes its twin.
      XCTAssertEqual(snapshot.phaseEntries, twin.phaseEntries.map { $0.with(id: "plan") }, context)
    }
    live.cancelAll()
    // Relaunched after a gap: seconds, an hour or so, or a week.
    let gap: Int
    switch Int.random(in: 0..<8, using: &random) {
    case 0: gap = Int.random(in: 3_600...7_200, using: &random)
    case 1 where plan.phaseCount == nil: gap = 7 * 86_400 + Int.random(in: 0...60, using: &random)
    default: gap = Int.random(in: 0...120, using: &random)
    }
    context += ", gap \(gap) s"
    guard !snapshot.phaseEntries.isEmpty else {
      // Cancelled by a skip of its last phase: nothing to restore.
      let (manager, _) = try makeManager(wall: wall)
      XCTAssertNil(try manager.phaseCountdown(restoring: snapshot, id: "plan"), context)
      return
    }
    let twins = try RestoredPhaseTwins(snapshot, id: "plan", after: TimeInterval(gap), wall: wall)
    defer { twins.cancelAll() }
    twins.assertAgree(context + ", at the restore")
    if let savedEndDate {
      XCTAssertEqual(twins.model.endDate, savedEndDate, context)
      XCTAssertEqual(twins.model.lastPhaseEnds.map(\.ordinal), [(plan.phaseCount ?? 0) - 1], context)
    }
    // And it goes on as the reference does.
    for step in 0..<Int.random(in: 0...3, using: &random) {
      try twins.advance(seconds: Int.random(in: 0...30, using: &random))
      twins.assertAgree(context + ", step \(step) after")
    }
  }
}
