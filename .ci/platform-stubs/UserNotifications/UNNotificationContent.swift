// Apple: https://developer.apple.com/documentation/usernotifications/unnotificationcontent
// Apple: https://developer.apple.com/documentation/usernotifications/unnotificationcontent/subtitle
// Apple: https://developer.apple.com/documentation/usernotifications/unnotificationcontent/threadidentifier
// Apple: https://developer.apple.com/documentation/usernotifications/unnotificationcontent/categoryidentifier
// Apple: https://developer.apple.com/documentation/usernotifications/unnotificationcontent/relevancescore

/// UserNotifications' `UNNotificationContent`: a notification's content, read-only. On tvOS (which
/// shows no alerts, only badges) the class exists without its text, sound and user info.
open class UNNotificationContent: NSObject {
  @available(tvOS, unavailable)
  open var title: String { fatalError("platform stub: UNNotificationContent.title") }
  @available(tvOS, unavailable)
  open var subtitle: String { fatalError("platform stub: UNNotificationContent.subtitle") }
  @available(tvOS, unavailable)
  open var body: String { fatalError("platform stub: UNNotificationContent.body") }
  @available(tvOS, unavailable)
  open var sound: UNNotificationSound? { fatalError("platform stub: UNNotificationContent.sound") }
  @available(tvOS, unavailable)
  open var userInfo: [AnyHashable: Any] { fatalError("platform stub: UNNotificationContent.userInfo") }
  @available(tvOS, unavailable)
  open var threadIdentifier: String { fatalError("platform stub: UNNotificationContent.threadIdentifier") }
  @available(tvOS, unavailable)
  open var categoryIdentifier: String { fatalError("platform stub: UNNotificationContent.categoryIdentifier") }
  @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
  open var relevanceScore: Double { fatalError("platform stub: UNNotificationContent.relevanceScore") }
  @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
  open var interruptionLevel: UNNotificationInterruptionLevel {
    fatalError("platform stub: UNNotificationContent.interruptionLevel")
  }
}
