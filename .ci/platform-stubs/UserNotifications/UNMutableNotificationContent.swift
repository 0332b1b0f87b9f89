/// UserNotifications' `UNMutableNotificationContent`: content to fill in and schedule.
open class UNMutableNotificationContent: UNNotificationContent {
  open override var title: String {
    get { fatalError("platform stub: UNMutableNotificationContent.title") }
    set { fatalError("platform stub: UNMutableNotificationContent.title") }
  }
  open override var subtitle: String {
    get { fatalError("platform stub: UNMutableNotificationContent.subtitle") }
    set { fatalError("platform stub: UNMutableNotificationContent.subtitle") }
  }
  open override var body: String {
    get { fatalError("platform stub: UNMutableNotificationContent.body") }
    set { fatalError("platform stub: UNMutableNotificationContent.body") }
  }
  open override var sound: UNNotificationSound? {
    get { fatalError("platform stub: UNMutableNotificationContent.sound") }
    set { fatalError("platform stub: UNMutableNotificationContent.sound") }
  }
  open override var userInfo: [AnyHashable: Any] {
    get { fatalError("platform stub: UNMutableNotificationContent.userInfo") }
    set { fatalError("platform stub: UNMutableNotificationContent.userInfo") }
  }
  open override var threadIdentifier: String {
    get { fatalError("platform stub: UNMutableNotificationContent.threadIdentifier") }
    set { fatalError("platform stub: UNMutableNotificationContent.threadIdentifier") }
  }
  @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
  open override var interruptionLevel: UNNotificationInterruptionLevel {
    get { fatalError("platform stub: UNMutableNotificationContent.interruptionLevel") }
    set { fatalError("platform stub: UNMutableNotificationContent.interruptionLevel") }
  }
}
