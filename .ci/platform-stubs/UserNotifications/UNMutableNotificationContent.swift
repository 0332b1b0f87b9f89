// Apple: https://developer.apple.com/documentation/usernotifications/unmutablenotificationcontent
// Apple: https://developer.apple.com/documentation/usernotifications/unmutablenotificationcontent/title
// Apple: https://developer.apple.com/documentation/usernotifications/unmutablenotificationcontent/interruptionlevel
// Apple: https://developer.apple.com/documentation/usernotifications/unmutablenotificationcontent/categoryidentifier
// Apple: https://developer.apple.com/documentation/usernotifications/unmutablenotificationcontent/threadidentifier
// Apple: https://developer.apple.com/documentation/usernotifications/unnotificationcontent/relevancescore

/// UserNotifications' `UNMutableNotificationContent`: content to fill in and schedule. Every
/// platform, but on tvOS without `title`, `subtitle`, `body`, `sound`, `userInfo` and
/// `threadIdentifier` and `categoryIdentifier` (a tvOS notification only badges).
open class UNMutableNotificationContent: UNNotificationContent {
  @available(tvOS, unavailable)
  open override var title: String {
    get { fatalError("platform stub: UNMutableNotificationContent.title") }
    set { fatalError("platform stub: UNMutableNotificationContent.title") }
  }
  @available(tvOS, unavailable)
  open override var subtitle: String {
    get { fatalError("platform stub: UNMutableNotificationContent.subtitle") }
    set { fatalError("platform stub: UNMutableNotificationContent.subtitle") }
  }
  @available(tvOS, unavailable)
  open override var body: String {
    get { fatalError("platform stub: UNMutableNotificationContent.body") }
    set { fatalError("platform stub: UNMutableNotificationContent.body") }
  }
  @available(tvOS, unavailable)
  open override var sound: UNNotificationSound? {
    get { fatalError("platform stub: UNMutableNotificationContent.sound") }
    set { fatalError("platform stub: UNMutableNotificationContent.sound") }
  }
  @available(tvOS, unavailable)
  open override var userInfo: [AnyHashable: Any] {
    get { fatalError("platform stub: UNMutableNotificationContent.userInfo") }
    set { fatalError("platform stub: UNMutableNotificationContent.userInfo") }
  }
  @available(tvOS, unavailable)
  open override var threadIdentifier: String {
    get { fatalError("platform stub: UNMutableNotificationContent.threadIdentifier") }
    set { fatalError("platform stub: UNMutableNotificationContent.threadIdentifier") }
  }
  @available(tvOS, unavailable)
  open override var categoryIdentifier: String {
    get { fatalError("platform stub: UNMutableNotificationContent.categoryIdentifier") }
    set { fatalError("platform stub: UNMutableNotificationContent.categoryIdentifier") }
  }
  /// Settable as `UNNotificationContent.relevanceScore` is readable (iOS 15, macOS 12, tvOS 15,
  /// watchOS 8, visionOS 1: the SDK header's `API_AVAILABLE`).
  @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
  open override var relevanceScore: Double {
    get { fatalError("platform stub: UNMutableNotificationContent.relevanceScore") }
    set { fatalError("platform stub: UNMutableNotificationContent.relevanceScore") }
  }
  @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
  open override var interruptionLevel: UNNotificationInterruptionLevel {
    get { fatalError("platform stub: UNMutableNotificationContent.interruptionLevel") }
    set { fatalError("platform stub: UNMutableNotificationContent.interruptionLevel") }
  }
}
