// Apple: https://developer.apple.com/documentation/usernotifications/unnotificationtrigger

/// UserNotifications' `UNNotificationTrigger`: the abstract base of the triggers; never created directly.
open class UNNotificationTrigger: NSObject {
  /// Whether the system schedules the notification again after delivering it.
  open var repeats: Bool { fatalError("platform stub: UNNotificationTrigger.repeats") }
}
