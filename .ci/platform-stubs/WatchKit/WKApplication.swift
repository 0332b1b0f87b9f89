/// WatchKit's `WKApplication`: the lifecycle notifications.
@MainActor
open class WKApplication {
  /// Posted when the app moves from the foreground to the background.
  nonisolated public static let didEnterBackgroundNotification = NSNotification.Name(
    "WKApplicationDidEnterBackgroundNotification")
  /// Posted when the app is about to move from the background to the foreground.
  nonisolated public static let willEnterForegroundNotification = NSNotification.Name(
    "WKApplicationWillEnterForegroundNotification")

  private init() {}
}
