// Apple: https://developer.apple.com/documentation/usernotifications/unnotification

/// UserNotifications' `UNNotification`: a delivered notification; made by the system only.
open class UNNotification: NSObject {
  /// The request it was delivered for.
  open var request: UNNotificationRequest { fatalError("platform stub: UNNotification.request") }
  /// When it was delivered.
  open var date: Date { fatalError("platform stub: UNNotification.date") }

  @available(*, unavailable)
  public override init() { fatalError("platform stub: UNNotification.init()") }
}
