import CountdownAlerts
import CountdownKit
import Foundation

/// Calls the public API of `CountdownCore`, `CountdownKit` and `CountdownAlerts` with hostile
/// values, one seeded call after another on the main thread, and after each call checks that it
/// threw only what its own documentation's `- Throws:` names, that a refused call left what it was
/// called on as it was, and that the sentinels (countdowns already running on the same manager) are
/// untouched. A trap ends the process: replay the seed with `COUNTDOWN_FUZZ_TRACE=1` to see the
/// call that made it. Each run keeps its files and defaults under names of its own, so two runs of
/// one seed at once do not meet.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
@MainActor
final class PublicAPIFuzzer {
  var random: FuzzRandom
  let settings: FuzzSettings
  let wall = TestWallClock()
  let clock = ManualCountdownClock()
  let manager: CountdownManager
  var sentinels: FuzzSentinels!
  /// The receivers the fuzzer starts, pauses and cancels: never a sentinel.
  let labels = (0..<4).map { CountdownLabel("fuzz \($0)") }
  /// The `String` ids it uses; a sentinel's is never among them.
  let stringIDs = ["a", "b", "", "🙂", "a/b", String(repeating: "x", count: 200)]
  /// A clock that drives nothing: hostile advances and jumps cost nothing there.
  let scratchClock = ManualCountdownClock()
  let notifications = NotificationCenter()
  var kept: [AnyObject] = []
  var handles: [CountdownHandle] = []
  var models: [ObservableCountdown] = []
  /// The observable countdowns in phases it made (the last few).
  var phaseModels: [ObservablePhaseCountdown] = []
  var readAlouds: [CountdownReadAloud] = []
  let list: ObservableCountdownList<String>
  let announcer = FuzzAnnouncer()
  /// This run's name, in the names of what it keeps outside the process: a store's file, a
  /// defaults suite.
  let runName = "countdown-fuzz-\(UUID().uuidString)"
  let store: CountdownStore
  /// Where this run's alarms record the person's stops (a defaults suite of its own).
  let alarmStops: CountdownAlarmStops
  /// A manager only the main thread calibrates: a refused calibration must leave its offset.
  let quietManager: CountdownManager
  /// Tasks iterating streams and sleeping on the scratch clock; cancelled as they are dropped.
  var tasks: [Task<Void, Never>] = []
  /// What handlers that call back into the manager report (they run inside other calls).
  let reentry: FuzzReentry
  /// The string ids whose countdown in phases its own handler stopped (`stop` at a remaining 1),
  /// from any call: a move's call may end the countdown that way.
  let stoppedPlans = LockedState<Set<String>>([])
  private(set) var failures: [String] = []
  private var call = 0
  private var operation = ""

  init(settings: FuzzSettings) throws {
    self.settings = settings
    random = FuzzRandom(seed: settings.seed)
    let wall = wall
    manager = try CountdownManager(clock: clock, wallClock: { wall.now })
    list = ObservableCountdownList(manager: manager)
    store = .file(FileManager.default.temporaryDirectory.appendingPathComponent("\(runName).json"))
    alarmStops = CountdownAlarmStops(suiteName: runName)
    quietManager = try CountdownManager(clock: scratchClock, wallClock: { wall.now })
    reentry = FuzzReentry(manager: manager, labels: labels, ids: stringIDs, seed: settings.seed)
    sentinels = try FuzzSentinels(on: manager, clock: clock)
  }

  /// Makes `calls` hostile calls; returns the failures found (at most 20).
  func run(calls: Int) -> [String] {
    for index in 0..<calls where failures.count < 20 {
      call = index
      let choice = random.below(Self.operationCount)
      perform(choice)
      for violation in sentinels.violations() {
        fail("the sentinels changed: \(violation)")
      }
      for failure in reentry.takeFailures() {
        fail("in a handler: \(failure)")
      }
    }
    finish()
    return failures
  }

  /// Ends what the calls left: the manager's countdowns but the sentinels, the followers, the store.
  func finish() {
    for handle in handles { handle.cancel() }
    for model in models { model.cancel() }
    list.removeAll()
    kept.removeAll()
    manager.stopSaving(String.self)
    list.stopSaving()
    try? store.remove()
    for task in tasks { task.cancel() }
    tasks.removeAll()
    UserDefaults.standard.removePersistentDomain(forName: runName)
  }

  /// Keeps `task` (the last 8), cancelling the one it pushes out.
  func keep(_ task: Task<Void, Never>) {
    tasks.append(task)
    if tasks.count > 8 { tasks.removeFirst().cancel() }
  }

  static let operationCount = 30

  private func perform(_ choice: Int) {
    switch choice {
    case 0: startReceiver()
    case 1: startID()
    case 2: controlReceiverOrID()
    case 3: addTime()
    case 4: oneShot()
    case 5: asyncValues()
    case 6: readAloud()
    case 7: calibrate()
    case 8: suspendOrResume()
    case 9: advanceTheSentinelsClock()
    case 10: hostileClocks()
    case 11: newManager()
    case 12: newEngine()
    case 13: instants()
    case 14: formatting()
    case 15: observableModel()
    case 16: observableList()
    case 17: snapshots()
    case 18: storesAndSaving()
    case 19: notificationAlerts()
    case 20: alarms()
    case 21: liveActivities()
    case 22: cancelAllElsewhere()
    case 23: widgets()
    case 24: iterateStreams()
    case 25: manualClockAsAClock()
    case 26: alarmStopsAndObservations()
    case 27: phases()
    case 28: phaseSurfaces()
    default: smallValueTypes()
    }
  }

  // MARK: Checks

  /// Names the call about to be made (printed when tracing).
  func begin(_ name: String) {
    operation = name
    // Unbuffered: the line must be out before a trap ends the process.
    if settings.traces {
      FileHandle.standardError.write(Data("fuzz seed \(settings.seed) call \(call): \(name)\n".utf8))
    }
  }

  func fail(_ message: String) {
    failures.append("seed \(settings.seed), call \(call) (\(operation)): \(message)")
  }

  /// Runs `body`, which may throw only the `documented` errors, and, when it throws, must leave
  /// `target` as it was.
  func expect(
    _ documented: [CountdownError], leaving target: FuzzTarget = .none, _ body: () throws(CountdownError) -> Void
  ) {
    let before = state(of: target)
    do throws(CountdownError) {
      try body()
    } catch {
      if !documented.contains(error) { fail("threw \(error), documented: \(documented)") }
      checkRefused(target, was: before, refusedWith: "\(error)")
    }
  }

  func expectSnapshot(
    _ documented: [CountdownSnapshotError.Kind], leaving target: FuzzTarget = .none,
    _ body: () throws(CountdownSnapshotError) -> Void
  ) {
    let before = state(of: target)
    do throws(CountdownSnapshotError) {
      try body()
    } catch {
      if !documented.contains(error.kind) { fail("threw \(error), documented: \(documented)") }
      checkRefused(target, was: before, refusedWith: "\(error)")
    }
  }

  /// Fails unless `target` reads as it did `before` a call refused with `error`.
  private func checkRefused(_ target: FuzzTarget, was before: String, refusedWith error: String) {
    let after = state(of: target)
    if after != before { fail("refused (\(error)) but changed its target: was [\(before)], is [\(after)]") }
  }

  func expectAlert(_ documented: [CountdownAlertError], _ body: () throws(CountdownAlertError) -> Void) {
    do throws(CountdownAlertError) {
      try body()
    } catch {
      if !documented.contains(error) { fail("threw \(error), documented: \(documented)") }
    }
  }

  /// Keeps `object` for a while (the last 16 kept), as an app keeps what it made.
  func keep(_ object: AnyObject) {
    kept.append(object)
    if kept.count > 16 { kept.removeFirst() }
  }
}
