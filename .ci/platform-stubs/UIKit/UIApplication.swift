// Apple: https://developer.apple.com/documentation/uikit/uiapplication
// Apple: https://developer.apple.com/documentation/uikit/uiapplication/didenterbackgroundnotification
// Apple: https://developer.apple.com/documentation/uikit/uiapplication/significanttimechangenotification

/// UIKit's `UIApplication`: the lifecycle notifications.
@available(macOS, unavailable)
@available(watchOS, unavailable)
@MainActor
open class UIApplication {
  /// Posted when the app enters the background.
  nonisolated public static let didEnterBackgroundNotification = NSNotification.Name(
    "UIApplicationDidEnterBackgroundNotification")
  /// Posted shortly before the app leaves the background.
  nonisolated public static let willEnterForegroundNotification = NSNotification.Name(
    "UIApplicationWillEnterForegroundNotification")
  /// Posted when the app becomes active.
  nonisolated public static let didBecomeActiveNotification = NSNotification.Name(
    "UIApplicationDidBecomeActiveNotification")
  /// Posted when the app is about to become inactive.
  nonisolated public static let willResignActiveNotification = NSNotification.Name(
    "UIApplicationWillResignActiveNotification")
  /// Posted when there is a significant change in time: midnight, a carrier's time update, daylight
  /// saving time.
  nonisolated public static let significantTimeChangeNotification = NSNotification.Name(
    "UIApplicationSignificantTimeChangeNotification")

  private init() {}
}
