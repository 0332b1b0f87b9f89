/// UserNotifications' `UNNotificationContent`: a notification's content, read-only.
open class UNNotificationContent: NSObject {
  open var title: String { fatalError("platform stub: UNNotificationContent.title") }
  open var subtitle: String { fatalError("platform stub: UNNotificationContent.subtitle") }
  open var body: String { fatalError("platform stub: UNNotificationContent.body") }
  open var sound: UNNotificationSound? { fatalError("platform stub: UNNotificationContent.sound") }
  open var userInfo: [AnyHashable: Any] { fatalError("platform stub: UNNotificationContent.userInfo") }
  open var threadIdentifier: String { fatalError("platform stub: UNNotificationContent.threadIdentifier") }
  @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
  open var interruptionLevel: UNNotificationInterruptionLevel {
    fatalError("platform stub: UNNotificationContent.interruptionLevel")
  }
}
