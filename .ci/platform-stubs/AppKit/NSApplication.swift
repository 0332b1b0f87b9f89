/// AppKit's `NSApplication`: its shared instance and the lifecycle notifications.
@MainActor
open class NSApplication {
  /// Posted when the app is hidden (all its windows leave the screen).
  nonisolated public static let didHideNotification = NSNotification.Name("NSApplicationDidHideNotification")
  /// Posted when the app is shown again after being hidden.
  nonisolated public static let didUnhideNotification = NSNotification.Name("NSApplicationDidUnhideNotification")
  /// Posted when the app becomes the frontmost one.
  nonisolated public static let didBecomeActiveNotification = NSNotification.Name(
    "NSApplicationDidBecomeActiveNotification")
  /// Posted when the app stops being the frontmost one (its windows stay on screen).
  nonisolated public static let didResignActiveNotification = NSNotification.Name(
    "NSApplicationDidResignActiveNotification")

  /// The app's one instance.
  open class var shared: NSApplication { fatalError("a stub: nothing here runs") }

  private init() {}
}
