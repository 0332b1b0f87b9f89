import CountdownCore
import CountdownKit
import Foundation
import XCTest

/// The instructions of a tick's callbacks, a plain countdown's beside a countdown in phases', for
/// callgrind; skipped unless `COUNTDOWN_PHASE_LOOP` is set, so a plain run pays nothing. Counts
/// repeat exactly from run to run of one build.
///
/// `testTickLoop`: 10⁴ ids on a Kit manager on a manual clock, on the main thread, each a plain
/// countdown of an hour (`COUNTDOWN_PHASE_LOOP=plain`), a countdown in phases of hour-long phases
/// (`phases`: no phase ends in the ticks), or of phases one interval long (`ends`: every tick
/// ends every sequence's phase; delivering only the ends); or 10⁴ receivers, each a plain
/// countdown (`plain-receiver`) or one in phases (`phases-receiver`); or 10⁴ observable models
/// (`plain-model`: `countdown(for:)`; `phases-model`: `countdown(plan:)`) or streams, their
/// producer's side, no task awaiting them (`plain-stream`: `values(for:)`; `phases-stream`:
/// `phaseUpdates(plan:)`); each update read as `PhaseSequenceBenchmarks` reads it (`remaining`;
/// the ends, where every tick ends a phase); then 10 ticks. The ticks alone are collected, so the count divided by
/// 10⁵ is one callback (`ends`: one sequence's tick); `--toggle-collect='*registrationLoop*'`
/// collects the registrations instead (÷ 10⁴: one). In a release build of the benchmarks:
///
///     COUNTDOWN_PHASE_LOOP=phases valgrind --tool=callgrind \
///       --toggle-collect='*PhaseSequenceInstructions*tickLoop*' \
///       .build-release/release/CountdownKitPackageTests.xctest \
///       CountdownBenchmarks.PhaseSequenceInstructions/testTickLoop
final class PhaseSequenceInstructions: XCTestCase {
  static let ids = 10_000
  static let ticks = 10
  static let interval = Duration.milliseconds(10)

  func testTickLoop() throws {
    let kind = ProcessInfo.processInfo.environment["COUNTDOWN_PHASE_LOOP"]
    let kinds = [
      "plain", "phases", "ends", "plain-receiver", "phases-receiver", "plain-model", "phases-model", "plain-stream",
      "phases-stream",
    ]
    guard let kind, kinds.contains(kind) else {
      throw XCTSkip("set COUNTDOWN_PHASE_LOOP to \(kinds.joined(separator: ", ")), and run it under callgrind")
    }
    try MainActor.assumeIsolated {
      let clock = ManualCountdownClock()
      let manager = try CountdownManager(interval: Self.interval, clock: clock)
      var sink = 0
      let phaseLength = kind == "ends" ? Self.interval : .seconds(3_600)
      let plan = try CountdownPlan(blocks: [
        .init([CountdownPhase("On", phaseLength), CountdownPhase("Off", phaseLength)], repeated: .forever)
      ])
      // The receiver forms' receivers, made before the registrations are counted.
      let receivers = kind.hasSuffix("receiver") ? (0..<Self.ids).map { _ in Receiver() } : []
      // The kind as a number, so that the counted loop compares no string (four string comparisons
      // per registration were 66 instructions more for phases than for plain countdowns).
      let form = kinds.firstIndex(of: kind)!
      // What the model and stream forms make, kept alive through the ticks.
      var kept: [AnyObject] = []
      var streams: [AsyncStream<Int>] = []
      var phaseStreams: [AsyncStream<CountdownPhaseUpdate>] = []
      kept.reserveCapacity(kind.hasSuffix("model") ? Self.ids : 0)
      streams.reserveCapacity(kind == "plain-stream" ? Self.ids : 0)
      phaseStreams.reserveCapacity(kind == "phases-stream" ? Self.ids : 0)
      try Self.registrationLoop {
        for index in 0..<Self.ids {
          switch form {
          case 0:
            try manager.start(id: index, for: .seconds(3_600)) { _, remaining, _ in sink &+= remaining }
          case 3:
            try manager.start(receivers[index], for: .seconds(3_600)) { _, remaining, _ in sink &+= remaining }
          case 4:
            try manager.start(receivers[index], plan: plan) { _, update, _ in sink &+= update.remaining }
          case 2:
            try manager.start(id: index, plan: plan, delivering: .onlyTheEnd) { _, update, _ in
              sink &+= update.phaseEnds.count
            }
          case 5:
            kept.append(try manager.countdown(for: .seconds(3_600)))
          case 6:
            kept.append(try manager.countdown(plan: plan))
          case 7:
            streams.append(try manager.values(for: .seconds(3_600)))
          case 8:
            phaseStreams.append(try manager.phaseUpdates(plan: plan))
          default:
            try manager.start(id: index, plan: plan) { _, update, _ in sink &+= update.remaining }
          }
        }
      }
      let (deliveries, sinkBefore) = (manager.engine.statistics.deliveries, sink)
      try Self.tickLoop(clock)
      if kind == "ends" {
        XCTAssertEqual(sink - sinkBefore, Self.ids * Self.ticks, "every sequence ends a phase at every tick")
      } else {
        XCTAssertEqual(Int(manager.engine.statistics.deliveries - deliveries), Self.ids * Self.ticks)
      }
      // The models and streams hold their values for no reader: the sink counts the handlers'.
      if form < 5 { XCTAssertNotEqual(sink, 0) }
      manager.cancelAll()
      withExtendedLifetime((receivers, kept, streams, phaseStreams)) {}
    }
  }

  /// A receiver of the receiver forms.
  final class Receiver {}

  /// The registrations, out of line so that `--toggle-collect` can name it (the count divided by
  /// 10⁴ is one registration, its first value delivered by the first tick, not here).
  @inline(never)
  static func registrationLoop(_ body: () throws -> Void) rethrows {
    try body()
  }

  /// The ticks callgrind collects, out of line so that `--toggle-collect` can name it.
  @inline(never)
  static func tickLoop(_ clock: ManualCountdownClock) throws {
    for _ in 0..<ticks { try clock.advance(by: interval) }
  }
}
