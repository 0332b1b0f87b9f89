// Apple: https://developer.apple.com/documentation/usernotifications/untimeintervalnotificationtrigger
// Apple: https://developer.apple.com/documentation/usernotifications/untimeintervalnotificationtrigger/init(timeinterval:repeats:)

/// UserNotifications' `UNTimeIntervalNotificationTrigger`: fires once `timeInterval` (above 0; at
/// least 60 if repeating) has passed from scheduling.
open class UNTimeIntervalNotificationTrigger: UNNotificationTrigger {
  /// The interval it was made with; it does not count down.
  open var timeInterval: TimeInterval { fatalError("platform stub: UNTimeIntervalNotificationTrigger.timeInterval") }

  /// A trigger (the SDK's convenience initializer).
  public init(timeInterval: TimeInterval, repeats: Bool) {
    fatalError("platform stub: UNTimeIntervalNotificationTrigger.init(timeInterval:repeats:)")
  }

  /// When it fires next.
  open func nextTriggerDate() -> Date? { fatalError("platform stub: nextTriggerDate()") }
}
