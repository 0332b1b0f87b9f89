/// UserNotifications' `UNNotificationSound`.
open class UNNotificationSound: NSObject {
  /// The system's default notification sound (not on tvOS).
  open class var `default`: UNNotificationSound { fatalError("platform stub: UNNotificationSound.default") }
}
