import CountdownKit
import Foundation
import XCTest

/// `suspendsInBackground`: the automatic lifecycle wiring can be turned off (an audio or
/// navigation app keeps counting) and on again, and the engine-wide names do not clash with the
/// per-countdown ones.
final class AutomaticSuspensionTests: XCTestCase {
  func testTurningAutomaticSuspensionOffStopsFollowingTheApp() throws {
    try withManualManager { manager, clock, _ in
      let center = NotificationCenter()
      let background = Notification.Name("test.background"), foreground = Notification.Name("test.foreground")
      XCTAssertFalse(manager.suspendsInBackground, "a manager you create observes nothing")
      manager.followLifecycle(suspendOn: [background], resumeOn: [foreground], center: center)
      XCTAssertTrue(manager.suspendsInBackground)
      center.post(name: background, object: nil)
      XCTAssertTrue(manager.isSuspended)
      center.post(name: foreground, object: nil)
      XCTAssertFalse(manager.isSuspended)

      manager.suspendsInBackground = false
      XCTAssertFalse(manager.suspendsInBackground)
      let label = CountdownLabel("navigation")
      try manager.start(label, seconds: 10) { label, remaining, _ in label.shown.append(remaining) }
      center.post(name: background, object: nil)
      XCTAssertFalse(manager.isSuspended, "opted out: the app's background no longer suspends it")
      try clock.advance(by: .seconds(2))
      XCTAssertEqual(label.shown, [10, 9, 8], "kept counting")
    }
  }

  func testTurningItOnFollowsThisPlatformsNames() throws {
    let manager = try CountdownManager(clock: ManualCountdownClock())
    manager.suspendsInBackground = true
    let platformHasNames = !LifecycleObservation.platformSuspendNames.isEmpty
    XCTAssertEqual(manager.suspendsInBackground, platformHasNames, "on macOS and Linux there is nothing to follow")
    manager.suspendsInBackground = true  // twice: still one wiring
    manager.suspendsInBackground = false
    XCTAssertFalse(manager.suspendsInBackground)
  }

  func testTheSharedManagerSuspendsInBackgroundWhereThePlatformHasNames() {
    XCTAssertEqual(
      CountdownManager.shared.suspendsInBackground, !LifecycleObservation.platformSuspendNames.isEmpty)
  }

  func testEngineWideAndPerCountdownResumeAreDistinct() throws {
    try withManualManager { manager, clock, _ in
      let quiz = CountdownLabel("quiz"), sale = CountdownLabel("sale")
      try manager.start(quiz, seconds: 10) { label, remaining, _ in label.shown.append(remaining) }
      try manager.start(sale, seconds: 10) { label, remaining, _ in label.shown.append(remaining) }
      try clock.advance(by: .seconds(1))
      XCTAssertTrue(manager.pause(quiz))
      manager.suspendTicking()
      try clock.advance(by: .seconds(3))
      XCTAssertTrue(manager.resume(quiz), "one countdown: it stays frozen while the manager is suspended")
      XCTAssertTrue(manager.isSuspended, "resuming one countdown does not restart the manager")
      manager.resumeTicking()
      try clock.advance(by: .zero)
      XCTAssertFalse(manager.isSuspended)
      XCTAssertEqual(sale.shown, [10, 9, 6], "one catch-up value after resumeTicking")
      XCTAssertEqual(quiz.shown.last, 9, "the paused one continues from where it was")
    }
  }
}
