// Apple: https://developer.apple.com/documentation/usernotifications/unnotificationrequest
// Apple: https://developer.apple.com/documentation/usernotifications/unnotificationrequest/init(identifier:content:trigger:)

/// UserNotifications' `UNNotificationRequest`: a notification's identifier, content and trigger.
open class UNNotificationRequest: NSObject {
  /// The identifier; a request added with the identifier of a pending one replaces it.
  open var identifier: String { fatalError("platform stub: UNNotificationRequest.identifier") }
  /// What the notification shows and plays.
  open var content: UNNotificationContent { fatalError("platform stub: UNNotificationRequest.content") }
  /// When it is delivered; `nil` delivers it at once.
  open var trigger: UNNotificationTrigger? { fatalError("platform stub: UNNotificationRequest.trigger") }

  /// A request (the SDK's convenience initializer).
  public init(identifier: String, content: UNNotificationContent, trigger: UNNotificationTrigger?) {
    fatalError("platform stub: UNNotificationRequest.init(identifier:content:trigger:)")
  }
}
