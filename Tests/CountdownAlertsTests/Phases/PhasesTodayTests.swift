import CountdownAlerts
import CountdownAlertsTesting
import CountdownKit
import Foundation
import XCTest

/// The plan the followers' phase tests walk (Focus 60 s, Break 30 s, Focus 60 s); every follower
/// follows the phases now, each in its own tests (AlarmPhasesTests, LiveActivityPhasesTests,
/// NotificationPhasesTests, WidgetPhasesTests).
final class PhasesTodayTests: XCTestCase {
  /// Focus 60 s, Break 30 s, Focus 60 s, once.
  static func plan() throws -> CountdownPlan {
    try CountdownPlan(blocks: [
      CountdownPlan.Block([
        CountdownPhase("Focus", .seconds(60)), CountdownPhase("Break", .seconds(30), purpose: .recovery),
        CountdownPhase("Focus", .seconds(60)),
      ])
    ])
  }
}
