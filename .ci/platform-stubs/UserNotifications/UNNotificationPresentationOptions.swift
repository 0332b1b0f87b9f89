// Apple: https://developer.apple.com/documentation/usernotifications/unnotificationpresentationoptions
// Apple: https://developer.apple.com/documentation/usernotifications/unnotificationpresentationoptions/banner
// Apple: https://developer.apple.com/documentation/usernotifications/unnotificationpresentationoptions/list

/// UserNotifications' `UNNotificationPresentationOptions`: how a notification is presented while the
/// app is in the foreground; `[]` presents nothing.
public struct UNNotificationPresentationOptions: OptionSet, Sendable {
  public let rawValue: UInt
  public init(rawValue: UInt) { self.rawValue = rawValue }

  public static var badge: UNNotificationPresentationOptions { UNNotificationPresentationOptions(rawValue: 1 << 0) }
  public static var sound: UNNotificationPresentationOptions { UNNotificationPresentationOptions(rawValue: 1 << 1) }
  @available(iOS, introduced: 10.0, deprecated: 14.0, message: "Use list and banner")
  public static var alert: UNNotificationPresentationOptions { UNNotificationPresentationOptions(rawValue: 1 << 2) }
  @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
  public static var list: UNNotificationPresentationOptions { UNNotificationPresentationOptions(rawValue: 1 << 3) }
  @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
  public static var banner: UNNotificationPresentationOptions { UNNotificationPresentationOptions(rawValue: 1 << 4) }
}
