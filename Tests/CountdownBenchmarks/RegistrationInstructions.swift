import CountdownCore
import Foundation
import XCTest

/// A registration's instructions, for callgrind: 10⁵ registrations of a fresh engine on a manual
/// clock delivering on the main queue, each a `Duration` of an hour with a handler that captures
/// nothing, made on the main thread (where each registration delivers its first value inside the
/// call) or on another thread (where it is queued). The loop alone is collected, so the count
/// divided by 10⁵ is one registration; counts repeat exactly from run to run of one build.
///
/// Skipped unless `COUNTDOWN_REGISTRATION_LOOP` says where to register (`main` or `other`), so a
/// plain run pays nothing. In a release build of the benchmarks:
///
///     COUNTDOWN_REGISTRATION_LOOP=main valgrind --tool=callgrind \
///       --toggle-collect='*RegistrationInstructions*registerLoop*' \
///       .build-release/release/CountdownKitPackageTests.xctest \
///       CountdownBenchmarks.RegistrationInstructions/testRegisterLoop
final class RegistrationInstructions: XCTestCase {
  /// How many registrations the loop makes.
  static let registrations = 100_000

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

  /// The loop callgrind collects: kept out of line, so that its name is what `--toggle-collect`
  /// matches.
  @inline(never)
  static func registerLoop(_ engine: CountdownEngine, _ receivers: ContiguousArray<BenchmarkReceiver>) throws {
    for receiver in receivers {
      try engine.register(receiver, .duration(.seconds(3600))) { _, _ in }
    }
  }
}
