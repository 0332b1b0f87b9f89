import CountdownKit
import Foundation
import XCTest

#if canImport(WatchKit)
  import WatchKit
#elseif canImport(UIKit)
  import UIKit
#elseif canImport(AppKit)
  import AppKit
#endif

/// The lifecycle notification names of every platform, posted on a private center, suspend and
/// resume a manager wired with them; the shared manager is wired with this platform's.
final class LifecycleWiringTests: XCTestCase {
  typealias Names = (platform: String, suspend: Notification.Name, resume: Notification.Name)

  static let everyPlatform: [Names] = [
    ("UIKit", LifecycleObservation.applicationDidEnterBackground, LifecycleObservation.applicationWillEnterForeground),
    (
      "WatchKit", LifecycleObservation.watchKitApplicationDidEnterBackground,
      LifecycleObservation.watchKitApplicationWillEnterForeground
    ),
    ("AppKit", LifecycleObservation.appKitApplicationDidHide, LifecycleObservation.appKitApplicationDidUnhide),
  ]

  func testEachPlatformsNamesSuspendAndResumeAWiredManager() throws {
    for names in Self.everyPlatform {
      try withManualManager { manager, clock, _ in
        let center = NotificationCenter()
        let observation = manager.suspendAndResume(on: [names.suspend], and: [names.resume], center: center)
        let label = CountdownLabel(names.platform)
        try manager.start(label, seconds: 100) { label, value, _ in label.shown.append(value) }
        try clock.advance(by: .zero)

        for other in Self.everyPlatform where other.platform != names.platform {
          center.post(name: other.suspend, object: nil)
          XCTAssertFalse(manager.isSuspended, "\(names.platform) wiring, \(other.platform)'s name posted")
        }
        center.post(name: names.suspend, object: nil)
        XCTAssertTrue(manager.isSuspended, names.platform)
        try clock.advance(by: .seconds(40))
        XCTAssertEqual(label.shown, [100], "\(names.platform): no callback while suspended")

        center.post(name: names.resume, object: nil)
        XCTAssertFalse(manager.isSuspended, names.platform)
        try clock.advance(by: .zero)
        XCTAssertEqual(label.shown, [100, 60], "\(names.platform): one corrected callback on resume")

        observation.cancel()
        center.post(name: names.suspend, object: nil)
        XCTAssertFalse(manager.isSuspended, "\(names.platform): cancelled")
      }
    }
  }

  /// The shared manager observes this platform's names on the default center, and no others.
  func testTheSharedManagerFollowsThisPlatformsLifecycle() {
    let shared = CountdownManager.shared
    XCTAssertFalse(shared.isSuspended)
    // Where the platform posts no lifecycle notifications (macOS, Linux), the loop over its names
    // below has nothing to post: what can be checked there is that the shared manager observes
    // no names at all.
    XCTAssertEqual(
      shared.suspendsInBackground, !LifecycleObservation.platformSuspendNames.isEmpty,
      "the shared manager follows the lifecycle exactly where the platform has one")
    let automatic = Set(LifecycleObservation.platformSuspendNames)
    for names in Self.everyPlatform where !automatic.contains(names.suspend) {
      NotificationCenter.default.post(name: names.suspend, object: nil)
      XCTAssertFalse(shared.isSuspended, names.platform)
    }
    for name in LifecycleObservation.platformSuspendNames {
      NotificationCenter.default.post(name: name, object: nil)
      XCTAssertTrue(shared.isSuspended)
      for name in LifecycleObservation.platformResumeNames {
        NotificationCenter.default.post(name: name, object: nil)
      }
      XCTAssertFalse(shared.isSuspended)
    }
  }

  /// The string values are the SDK's own, wherever the SDK exists.
  func testNamesAreTheSDKs() throws {
    #if canImport(WatchKit)
      XCTAssertEqual(
        LifecycleObservation.watchKitApplicationDidEnterBackground, WKApplication.didEnterBackgroundNotification)
      XCTAssertEqual(
        LifecycleObservation.watchKitApplicationWillEnterForeground, WKApplication.willEnterForegroundNotification)
    #elseif canImport(UIKit)
      XCTAssertEqual(LifecycleObservation.applicationDidEnterBackground, UIApplication.didEnterBackgroundNotification)
      XCTAssertEqual(LifecycleObservation.applicationWillEnterForeground, UIApplication.willEnterForegroundNotification)
    #elseif canImport(AppKit)
      XCTAssertEqual(LifecycleObservation.appKitApplicationDidHide, NSApplication.didHideNotification)
      XCTAssertEqual(LifecycleObservation.appKitApplicationDidUnhide, NSApplication.didUnhideNotification)
    #else
      throw XCTSkip("no Apple SDK to compare with")
    #endif
  }
}
