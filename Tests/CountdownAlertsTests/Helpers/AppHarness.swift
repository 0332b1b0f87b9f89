import CountdownAlerts
import CountdownKit
import CountdownTestSupport
import Foundation
import XCTest

/// One "process" of an app on a device, for the followers' tests: a manager on a manual clock,
/// beside the device's wall clock and the center that posts its changes, which outlive the process
/// (they are the system's), so that a test can relaunch. Each mirror's harness adds its system
/// center and its follower: ``NotificationsHarness``, ``AlarmsHarness``, and the Live Activities' and the
/// widgets' tests' own.
@MainActor
class AppHarness {
  let wall: DeviceClock
  let clockChanges = NotificationCenter()
  /// What the follower reported through its `onFailure`.
  let failures = LockedState<[CountdownAlertError]>([])
  private(set) var manager: CountdownManager
  private(set) var clock: ManualCountdownClock

  /// A first process on the device whose wall clock is `wall` (made first by a harness whose
  /// center reads it).
  init(wall: DeviceClock = DeviceClock()) throws {
    self.wall = wall
    (manager, clock) = try Self.makeProcess(wall: wall)
  }

  /// A manager on a new manual clock, which the device's wall clock follows from now on.
  private static func makeProcess(wall: DeviceClock) throws -> (CountdownManager, ManualCountdownClock) {
    let clock = ManualCountdownClock()
    wall.follow(clock)
    return (try CountdownManager(clock: clock, wallClock: { wall.now }), clock)
  }

  /// What the app saves of its `String` ids' countdowns, now.
  func snapshot() throws -> Data {
    try JSONEncoder().encode(manager.snapshot(of: String.self))
  }

  /// The app is launched again after it was killed: a new manager on a new manual clock, with
  /// nothing restored yet.
  func startNewProcess() throws {
    (manager, clock) = try Self.makeProcess(wall: wall)
  }

  /// A follower's `onFailure` that keeps what it is told in ``failures``.
  var recordFailure: @Sendable (CountdownAlertError) -> Void {
    { [failures] error in failures.withLock { $0.append(error) } }
  }

  /// Time passes: the manual clock, which the wall clock follows; the main queue's deliveries run.
  func advance(by seconds: Int) throws {
    try clock.advance(by: .seconds(seconds))
    drainMain()
  }

  /// The user changes the device's clock: the system posts `NSSystemClockDidChange`.
  func jumpWallClock(by seconds: TimeInterval) {
    wall.jump(by: seconds)
    clockChanges.post(name: CountdownNotifications<String>.systemClockDidChange, object: nil)
  }

  /// Runs the main queue's work queued so far; fails (rather than hangs) after `timeout` seconds,
  /// with `context` (such as a seed to replay) after the message.
  func drainMain(
    _ context: @autoclosure () -> String = "", timeout: TimeInterval = 10, file: StaticString = #filePath,
    line: UInt = #line
  ) {
    let drained = LockedState(false)
    DispatchQueue.main.async { drained.withLock { $0 = true } }
    let deadline = Date(timeIntervalSinceNow: timeout)
    while !drained.withLock({ $0 }) {
      guard Date() < deadline else {
        let context = context()
        let message = "the main queue did not drain in \(timeout) s"
        XCTFail(context.isEmpty ? message : "\(message); \(context)", file: file, line: line)
        return
      }
      _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.01))
    }
  }
}
