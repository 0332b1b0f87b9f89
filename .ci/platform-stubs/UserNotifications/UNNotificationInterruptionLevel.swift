// Apple: https://developer.apple.com/documentation/usernotifications/unnotificationinterruptionlevel

/// UserNotifications' `UNNotificationInterruptionLevel` (iOS 15): how much a notification may interrupt.
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
public enum UNNotificationInterruptionLevel: UInt, Sendable {
  case passive = 0
  case active = 1
  case timeSensitive = 2
  case critical = 3
}
