// Apple: https://developer.apple.com/documentation/usernotifications/unnotificationsettings

/// UserNotifications' `UNNotificationSettings`: the app's notification settings; made by the system only.
open class UNNotificationSettings: NSObject {
  /// Whether the app may schedule notifications.
  open var authorizationStatus: UNAuthorizationStatus {
    fatalError("platform stub: UNNotificationSettings.authorizationStatus")
  }

  @available(*, unavailable)
  public override init() { fatalError("platform stub: UNNotificationSettings.init()") }
}
