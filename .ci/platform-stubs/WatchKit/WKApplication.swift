// Apple: https://developer.apple.com/documentation/watchkit/wkapplication
// Apple: https://developer.apple.com/documentation/watchkit/wkapplication/didenterbackgroundnotification

/// WatchKit's `WKApplication`: the lifecycle notifications.
@available(iOS, unavailable)
@available(macCatalyst, unavailable)
@available(macOS, unavailable)
@available(tvOS, unavailable)
@available(visionOS, unavailable)
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
