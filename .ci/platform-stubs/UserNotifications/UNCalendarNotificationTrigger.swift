// Apple: https://developer.apple.com/documentation/usernotifications/uncalendarnotificationtrigger
// Apple: https://developer.apple.com/documentation/usernotifications/uncalendarnotificationtrigger/init(datematching:repeats:)

/// UserNotifications' `UNCalendarNotificationTrigger`: fires at the next date matching its components.
open class UNCalendarNotificationTrigger: UNNotificationTrigger {
  /// The components it matches.
  open var dateComponents: DateComponents { fatalError("platform stub: UNCalendarNotificationTrigger.dateComponents") }

  /// A trigger (the SDK's convenience initializer; the Objective-C name
  /// `init(dateMatchingComponents:repeats:)` is unavailable in Swift).
  public init(dateMatching dateComponents: DateComponents, repeats: Bool) {
    fatalError("platform stub: UNCalendarNotificationTrigger.init(dateMatching:repeats:)")
  }

  /// When it fires next.
  open func nextTriggerDate() -> Date? { fatalError("platform stub: nextTriggerDate()") }
}
