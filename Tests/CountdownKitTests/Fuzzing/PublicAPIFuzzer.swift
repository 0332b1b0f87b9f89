import CountdownAlerts
import CountdownKit
import Foundation

/// Calls the public API of `CountdownCore`, `CountdownKit` and `CountdownAlerts` with hostile
/// values, one seeded call after another on the main thread, and after each call checks that it
/// threw only what its documentation's `- Throws:` promises and that the sentinels (countdowns
/// already running on the same manager) are untouched. A trap ends the process: replay the seed
/// with `COUNTDOWN_FUZZ_TRACE=1` to see the call that made it.
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
  var readAlouds: [CountdownReadAloud] = []
  let list: ObservableCountdownList<String>
  let announcer = FuzzAnnouncer()
  let store: CountdownStore
  private(set) var failures: [String] = []
  private var call = 0
  private var operation = ""

  init(settings: FuzzSettings) throws {
    self.settings = settings
    random = FuzzRandom(seed: settings.seed)
    let wall = wall
    manager = try CountdownManager(clock: clock, wallClock: { wall.now })
    list = ObservableCountdownList(manager: manager)
    store = .file(FileManager.default.temporaryDirectory.appendingPathComponent("countdown-fuzz-\(settings.seed).json"))
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
    try? store.remove()
  }

  static let operationCount = 25

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

  /// Runs `body`, which may throw only the `documented` errors.
  func expect(_ documented: [CountdownError], _ body: () throws(CountdownError) -> Void) {
    do throws(CountdownError) {
      try body()
    } catch {
      if !documented.contains(error) { fail("threw \(error), documented: \(documented)") }
    }
  }

  func expectSnapshot(_ documented: [CountdownSnapshotError.Kind], _ body: () throws(CountdownSnapshotError) -> Void) {
    do throws(CountdownSnapshotError) {
      try body()
    } catch {
      if !documented.contains(error.kind) { fail("threw \(error), documented: \(documented)") }
    }
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
