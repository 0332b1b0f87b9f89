// Apple: https://developer.apple.com/documentation/appkit/nsapplication
// Apple: https://developer.apple.com/documentation/appkit/nsapplication/didhidenotification

/// AppKit's `NSApplication`: its shared instance and the lifecycle notifications.
@available(iOS, unavailable)
@available(macCatalyst, unavailable)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
@available(visionOS, unavailable)
@MainActor
open class NSApplication {
  /// Posted when the app is hidden (all its windows leave the screen).
  nonisolated public static let didHideNotification = NSNotification.Name("NSApplicationDidHideNotification")
  /// Posted when the app is shown again after being hidden.
  nonisolated public static let didUnhideNotification = NSNotification.Name("NSApplicationDidUnhideNotification")

  /// The app's one instance.
  open class var shared: NSApplication { fatalError("a stub: nothing here runs") }

  private init() {}
}
