import CountdownCore
import CountdownKit
import CountdownTestSupport
import Foundation
import XCTest

/// A registration's instructions, for callgrind, in two shapes; each is skipped unless its variable
/// is set, so a plain run pays nothing. Counts repeat exactly from run to run of one build.
///
/// - `testRegisterLoop`: 10⁵ registrations of a fresh engine on a manual clock delivering on the
///   main queue, each a `Duration` of an hour with a handler that captures nothing, made on the
///   main thread (where each registration delivers its first value inside the call) or on another
///   thread (where it is queued), as `COUNTDOWN_REGISTRATION_LOOP` (`main` or `other`) says. The
///   loop alone is collected, so the count divided by 10⁵ is one registration. In a release build
///   of the benchmarks:
///
///       COUNTDOWN_REGISTRATION_LOOP=main valgrind --tool=callgrind \
///         --toggle-collect='*RegistrationInstructions*registerLoop*' \
///         .build-release/release/CountdownKitPackageTests.xctest \
///         CountdownBenchmarks.RegistrationInstructions/testRegisterLoop
///
/// - `testStartLoop`: the same through a manager on a manual clock, on the main thread: 10⁵
///   `start(_:seconds:)` with an update that captures nothing, each delivering its first value
///   inside the call (the route of a start, from the app's call to its first value), when
///   `COUNTDOWN_REGISTRATION_LOOP` is `manager`; collected with
///   `--toggle-collect='*RegistrationInstructions*startLoop*'`.
///
/// - `testSecondFill`: the comparison table's register, ours' or H tuned's
///   (`COUNTDOWN_REGISTRATION_FILL=ours` or `dense`), collected with
///   `--toggle-collect='*RegistrationInstructions*measuredFill*'`.
final class RegistrationInstructions: XCTestCase {
  /// How many registrations the loop makes.
  static let registrations = 100_000

  /// The comparison table's register in instructions: the second fill from empty of ours
  /// (``OursManualRun``) or of H tuned (``DenseArrayRun``), made as the table makes it (handlers
  /// made in the loop, the fill after a cancel of every receiver).
  func testSecondFill() throws {
    let which = ProcessInfo.processInfo.environment["COUNTDOWN_REGISTRATION_FILL"]
    switch which {
    case "ours":
      let run = try OursManualRun(receivers: Self.registrations, interval: .milliseconds(10))
      _ = try run.registerAll()
      _ = run.cancelAll()
      _ = try Self.measuredFill { try run.registerAll() }
      XCTAssertEqual(run.engine.count, Self.registrations, "every receiver registered")
    case "dense":
      let run = DenseArrayRun<DenseArrayTunedTimer>(receivers: Self.registrations)
      _ = run.registerAll()
      _ = run.cancelAll()
      _ = Self.measuredFill { run.registerAll() }
      XCTAssertEqual(run.timer.count, Self.registrations, "every receiver registered")
    default:
      throw XCTSkip("set COUNTDOWN_REGISTRATION_FILL to ours or dense, and run it under callgrind")
    }
  }

  /// The fill callgrind collects, out of line so that `--toggle-collect` can name it.
  @inline(never)
  static func measuredFill(_ fill: () throws -> Double) rethrows -> Double {
    try fill()
  }

  func testRegisterLoop() throws {
    let place = ProcessInfo.processInfo.environment["COUNTDOWN_REGISTRATION_LOOP"]
    guard let place, ["main", "other"].contains(place) else {
      throw XCTSkip("set COUNTDOWN_REGISTRATION_LOOP to main or other, and run it under callgrind")
    }
    let clock = try ManualCountdownClock(now: .zero, jitter: .none)
    let engine = try CountdownEngine(interval: .seconds(1), clock: clock, deliveryQueue: .main)
    let receivers = BenchmarkReceiver.make(Self.registrations)
    if place == "main" {
      try Self.registerLoop(engine, receivers)
    } else {
      let done = DispatchSemaphore(value: 0)
      let failure = LockedState<(any Error)?>(nil)
      Thread.detachNewThread {
        do { try Self.registerLoop(engine, receivers) } catch { failure.withLock { $0 = error } }
        done.signal()
      }
      done.wait()
      if let error = failure.withLock({ $0 }) { throw error }
    }
    XCTAssertEqual(engine.count, Self.registrations, "every receiver registered")
    engine.cancelAll()
  }

  func testStartLoop() throws {
    guard ProcessInfo.processInfo.environment["COUNTDOWN_REGISTRATION_LOOP"] == "manager" else {
      throw XCTSkip("set COUNTDOWN_REGISTRATION_LOOP to manager, and run it under callgrind")
    }
    try MainActor.assumeIsolated {
      let (manager, _) = try makeManager()
      let receivers = BenchmarkReceiver.make(Self.registrations)
      try Self.startLoop(manager, receivers)
      XCTAssertEqual(manager.count, Self.registrations, "every receiver started")
      manager.cancelAll()
    }
  }

  /// The manager's loop callgrind collects, out of line as ``registerLoop(_:_:)``.
  @MainActor
  @inline(never)
  static func startLoop(_ manager: CountdownManager, _ receivers: ContiguousArray<BenchmarkReceiver>) throws {
    for receiver in receivers {
      try manager.start(receiver, seconds: 3600) { _, _, _ in }
    }
  }

  /// The loop callgrind collects: kept out of line, so that its name is what `--toggle-collect`
  /// matches.
  @inline(never)
  static func registerLoop(_ engine: CountdownEngine, _ receivers: ContiguousArray<BenchmarkReceiver>) throws {
    for receiver in receivers {
      try engine.register(receiver, .duration(.seconds(3600))) { _, _ in }
    }
  }
}
