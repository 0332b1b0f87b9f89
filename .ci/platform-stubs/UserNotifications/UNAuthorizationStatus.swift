// Apple: https://developer.apple.com/documentation/usernotifications/unauthorizationstatus
// Apple: https://developer.apple.com/documentation/usernotifications/unauthorizationstatus/ephemeral

/// UserNotifications' `UNAuthorizationStatus`. Not resilient here as the SDK's is: a `switch` needs
/// `@unknown default` on the SDK, which this stub cannot ask for.
public enum UNAuthorizationStatus: Int, Sendable {
  case notDetermined = 0
  case denied = 1
  case authorized = 2
  @available(iOS 12.0, macOS 10.14, tvOS 12.0, watchOS 5.0, *)
  case provisional = 3
  /// An App Clip's limited authorization: iOS, iPadOS, Mac Catalyst 14 and visionOS only.
  @available(iOS 14.0, macCatalyst 14.0, visionOS 1.0, *)
  @available(macOS, unavailable)
  @available(tvOS, unavailable)
  @available(watchOS, unavailable)
  case ephemeral = 4
}
