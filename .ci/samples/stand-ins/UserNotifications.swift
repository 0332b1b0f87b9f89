// UserNotifications for .ci/check-samples: what the documentation's notification samples use,
// with UserNotifications' names and shapes, so that the samples compile on Linux. Nothing here
// runs.
@_exported import Foundation

/// UserNotifications' `UNNotificationContent`.
open class UNNotificationContent: @unchecked Sendable {
  public init() {}
  open var title: String { "" }
}

/// UserNotifications' `UNMutableNotificationContent`.
open class UNMutableNotificationContent: UNNotificationContent, @unchecked Sendable {
  private var storedTitle = ""
  open override var title: String {
    get { storedTitle }
    set { storedTitle = newValue }
  }
}

/// UserNotifications' `UNNotificationTrigger`.
open class UNNotificationTrigger: @unchecked Sendable {
  public init() {}
}

/// UserNotifications' `UNTimeIntervalNotificationTrigger`: fires once `timeInterval` (above 0) has passed.
open class UNTimeIntervalNotificationTrigger: UNNotificationTrigger, @unchecked Sendable {
  public init(timeInterval: TimeInterval, repeats: Bool) {}
}

/// UserNotifications' `UNNotificationRequest`.
open class UNNotificationRequest: @unchecked Sendable {
  public init(identifier: String, content: UNNotificationContent, trigger: UNNotificationTrigger?) {}
}

/// UserNotifications' `UNUserNotificationCenter`.
open class UNUserNotificationCenter: @unchecked Sendable {
  private init() {}
  open class func current() -> UNUserNotificationCenter { fatalError() }
  open func add(_ request: UNNotificationRequest, withCompletionHandler completionHandler: (@Sendable ((any Error)?) -> Void)? = nil) {}
}
