// Apple: https://developer.apple.com/documentation/usernotifications/unusernotificationcenterdelegate
// Apple: https://developer.apple.com/documentation/usernotifications/unusernotificationcenterdelegate/usernotificationcenter(_:willpresent:withcompletionhandler:)

/// UserNotifications' `UNUserNotificationCenterDelegate`. On the SDK its methods are optional
/// Objective-C requirements, and the completion-handler and `async` spellings of one are the same
/// requirement: implement one spelling only. The completion-handler form is declared here, as the
/// one that compiles alike against both; call the handler yourself (it is `@Sendable`: the system
/// may call the method off the main thread).
public protocol UNUserNotificationCenterDelegate: NSObjectProtocol {
  /// Asks how to present a notification that arrives while the app is in the foreground; `[]`
  /// shows nothing.
  func userNotificationCenter(
    _ center: UNUserNotificationCenter,
    willPresent notification: UNNotification,
    withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void)
}

extension UNUserNotificationCenterDelegate {
  /// Stands for the optional requirement's absence on the SDK.
  public func userNotificationCenter(
    _ center: UNUserNotificationCenter,
    willPresent notification: UNNotification,
    withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void
  ) {}
}
