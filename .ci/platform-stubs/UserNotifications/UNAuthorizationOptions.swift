// Apple: https://developer.apple.com/documentation/usernotifications/unauthorizationoptions

/// UserNotifications' `UNAuthorizationOptions`: what the app asks permission for.
public struct UNAuthorizationOptions: OptionSet, Sendable {
  public let rawValue: UInt
  public init(rawValue: UInt) { self.rawValue = rawValue }

  public static var badge: UNAuthorizationOptions { UNAuthorizationOptions(rawValue: 1 << 0) }
  public static var sound: UNAuthorizationOptions { UNAuthorizationOptions(rawValue: 1 << 1) }
  public static var alert: UNAuthorizationOptions { UNAuthorizationOptions(rawValue: 1 << 2) }
  @available(iOS 12.0, macOS 10.14, tvOS 12.0, watchOS 5.0, *)
  public static var provisional: UNAuthorizationOptions { UNAuthorizationOptions(rawValue: 1 << 6) }
}
