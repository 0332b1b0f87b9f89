import CountdownAlerts
import CountdownKit
import CountdownTestSupport
import Foundation
import XCTest

/// The one property test of every mirror: random sequences of every change a countdown can go
/// through (start, replace, pause, resume, time added or taken, cancel, cancelAll, a suspension
/// and its end, calibration, a change of the device's clock, a relaunch with a restore, time
/// passing) and of the mirror's own steps (what the person does in the system's alarm UI, the app
/// starting its activities), on the manual clock and the mirror's fake center, each mirror's
/// steps weighted as its harness says (``MirrorHarness``). After every step the center agrees
/// with the mirror's model (``MirrorHarness/mismatch()``); at the end nothing of the app's was
/// touched and nothing failed. The notifications', the alarms', the activities' and the widgets'
/// runs start countdowns in phases beside single ones (a phase in four pausing the plan after it,
/// which then waits for the app's resume, or the person's), and skip their phases: their model
/// reads a sequence as its current phase, which each phase end the app sees moves on (the
/// widgets', as the timeline laid out at the last reload shows it), a plan waiting after such a
/// phase as paused at its next phase's whole length.
///
/// Replayable: a failure names its seed and step and the steps before it; each mirror reads the
/// seed it runs first and how many seeds run (20 in CI, 5 in a plain `swift test`) from its variables:
/// `COUNTDOWN_ALERTS_SEED`, `COUNTDOWN_ALERTS_RUNS` (notifications), `COUNTDOWN_ALARMS_SEED`,
/// `COUNTDOWN_ALARMS_RUNS`, `COUNTDOWN_ACTIVITIES_SEED`, `COUNTDOWN_ACTIVITIES_RUNS`,
/// `COUNTDOWN_WIDGETS_SEED`, `COUNTDOWN_WIDGETS_RUNS`.
final class MirrorPropertyTests: XCTestCase {
  /// Each step of a notifications' run: the center's pending set is the model's, the running
  /// countdowns sorted by end, as many as the budget holds (those whose end passed unseen, while
  /// suspended, hold their place), each with its end's request and its milestones still ahead, at
  /// the manager's dates, with the app's content (a countdown in phases', up to the first phase
  /// after which the plan pauses; none while it waits); nothing else of the alerts', nothing of
  /// the app's touched.
  func testTheNotificationCenterAgreesWithTheModelAfterEveryStep() throws {
    try check(NotificationsHarness.self, variables: "ALERTS", firstSeed: 0xA1E7)
  }

  /// The notifications' model finds a mirror that requests only the current phase end of a
  /// countdown in phases (what it did before it requested the next ones): a harness whose alerts
  /// ask for one phase end ahead fails within the first seeds.
  func testTheNotificationsModelFindsAMirrorRequestingOnlyTheCurrentPhaseEnd() throws {
    let failure = try MainActor.assumeIsolated {
      var failure: String?
      for seed in UInt64(0xA1E7)..<(0xA1E7 + 20) where failure == nil {
        try Self.run(
          NotificationsHarness.self, seed: seed, steps: 150,
          make: { random in try NotificationsHarness.make(using: &random, phaseEndsAhead: 1) },
          failed: { failure = $0 })
      }
      return failure
    }
    XCTAssertNotNil(failure, "a mirror requesting only the current phase end passed the model")
    print("[planted: one phase end ahead] \(failure?.prefix(while: { $0 != "\n" }) ?? "not found")")
  }

  /// Each step of an alarms' run: the center holds exactly the model's alarms (each running
  /// countdown's counting down to its end date, each paused one's paused with its time left,
  /// nothing else of ours but ringing ones, the app's own untouched; a countdown in phases' alarm
  /// its current phase's, paused at its whole length while the plan waits after a phase that
  /// pauses it, and no ring cancelled by its moving on); after the person's action the
  /// countdown did what the person did to its alarm, also where AlarmKit's update of it came late,
  /// after the app's next change of that countdown (``AlarmsHarness``' late steps); and nothing is
  /// kept for an alarm that has neither a countdown nor a place in the center.
  func testTheAlarmCenterAgreesWithTheModelAfterEveryStep() throws {
    try check(AlarmsHarness.self, variables: "ALARMS", firstSeed: 0xA1A2)
  }

  /// Each step of a Live Activities' run: every activity the app started shows its countdown's
  /// dates now (a plan waiting after a phase that pauses it, its next phase paused), is ended once
  /// its countdown is gone, and not before (``LiveActivitiesHarness/mismatch()`` says the one
  /// exception left out); those of content that takes the window of a countdown in phases (a
  /// look-ahead of 0 to 2 a run) show a window laid out from the dates, stale at its last phase's
  /// end (``LiveActivitiesHarness/windowMismatch()``).
  func testTheActivitiesAgreeWithTheModelAfterEveryStep() throws {
    try check(LiveActivitiesHarness.self, variables: "ACTIVITIES", firstSeed: 0xAC71)
  }

  /// Each step of a widgets' run: in the foreground, the dates the widgets were last laid out
  /// with are those of the countdowns now (a countdown that ran out shows its `0` by itself; a
  /// countdown in phases, its timeline's entry of now shows its phase, so a phase end needs no
  /// reload, and stops at an entry that stands still, such as the next phase paused after a phase
  /// that pauses the plan), and time passing reloads only for a plan that ended; in the
  /// background, a reload is owed whenever they are not.
  func testTheWidgetsAgreeWithTheModelAfterEveryStep() throws {
    try check(WidgetsHarness.self, variables: "WIDGETS", firstSeed: 0x3D6E)
  }

  /// Runs the seeds `COUNTDOWN_<variables>_SEED` on (`firstSeed` by default), as many as
  /// `COUNTDOWN_<variables>_RUNS` says (20 at full size, 5 in the edit loop: ``TestSize``), each of
  /// `steps` steps.
  private func check<H: MirrorHarness>(
    _ harness: H.Type, variables: String, firstSeed: UInt64, steps: Int = 150
  ) throws {
    let environment = ProcessInfo.processInfo.environment
    let first = environment["COUNTDOWN_\(variables)_SEED"].flatMap { UInt64($0) } ?? firstSeed
    let runs = TestSize.of("COUNTDOWN_\(variables)_RUNS", full: 20, editLoop: 5)
    for seed in first..<(first + UInt64(runs)) {
      try MainActor.assumeIsolated {
        try Self.run(H.self, seed: seed, steps: steps)
      }
    }
  }

  /// Runs seed `seed` for `steps` steps on a harness `make` makes (``MirrorHarness/make(using:)``
  /// by default); a mismatch fails the test, or, given `failed`, is handed to it instead.
  @MainActor
  private static func run<H: MirrorHarness>(
    _ harness: H.Type, seed: UInt64, steps: Int, make: ((inout SplitMix64) throws -> H)? = nil,
    failed: ((String) -> Void)? = nil
  ) throws {
    var random = SplitMix64(seed: seed)
    let h = try make?(&random) ?? H.make(using: &random)
    defer { h.manager.cancelAll() }
    var log: [String] = []
    for step in 0..<steps {
      let id = H.ids.randomElement(using: &random)!
      let roll = Int.random(in: 0..<100, using: &random)
      let action: String
      var broken: String?
      switch H.steps.first(where: { roll < $0.below })?.step {
      case .change(let change)?:
        action = try ManagerChanges.make(change, of: id, on: h.manager, using: &random)
      case .calibrate?:
        action = "calibrate"
        try h.manager.calibrate(serverNow: h.wall.now + Double(Int.random(in: -600...600, using: &random)))
      case .clockJump?:
        let seconds = Double(Int.random(in: -3_600...3_600, using: &random))
        action = "clock jump \(seconds)s"
        h.jumpWallClock(by: seconds)
      case .relaunch?:
        action = try h.relaunch(using: &random)
      case .mirror(let number)?:
        (action, broken) = try h.mirrorStep(number, of: id)
      case nil:
        let seconds = Int.random(in: 1...90, using: &random)
        action = "advance \(seconds)s"
        try h.advance(by: seconds)
      }
      log.append(action)
      h.drainMain()
      if let mismatch = broken ?? h.mismatch() {
        let message = "seed \(seed) step \(step) (\(action)): \(mismatch)\nsteps: \(log.joined(separator: "; "))"
        if let failed { failed(message) } else { XCTFail(message) }
        return
      }
    }
    h.assertFinally("seed \(seed)")
  }
}
