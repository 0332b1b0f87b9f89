import CountdownAlerts
import CountdownKit
import Foundation
import XCTest

@testable import CountdownAlerts

#if canImport(UIKit) && !canImport(WatchKit)
  import UIKit
#endif

/// The names a follower re-syncs on are the SDK's own, wherever the SDK has them, as the
/// lifecycle's names are: each is spelled by its value, so that no UI framework is imported.
final class ResyncNamesTests: XCTestCase {
  func testTheSignificantTimeChangeIsTheSDKs() throws {
    #if canImport(UIKit) && !canImport(WatchKit)
      XCTAssertEqual(FollowerObservation.significantTimeChange, UIApplication.significantTimeChangeNotification)
    #else
      throw XCTSkip("no UIApplication to compare with")
    #endif
  }

  func testEveryNameIsObserved() {
    XCTAssertEqual(
      FollowerObservation.resyncNames.map(\.rawValue),
      [
        "NSSystemClockDidChangeNotification", "UIApplicationSignificantTimeChangeNotification",
        "UIApplicationWillEnterForegroundNotification", "WKApplicationWillEnterForegroundNotification",
      ])
  }
}
