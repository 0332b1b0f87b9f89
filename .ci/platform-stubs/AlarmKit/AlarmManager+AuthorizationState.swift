// Apple: https://developer.apple.com/documentation/alarmkit/alarmmanager/authorizationstate-swift.enum

@available(iOS 26.0, *)
@available(macCatalyst, unavailable)
@available(macOS, unavailable)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
@available(visionOS, unavailable)
extension AlarmManager {
  /// AlarmKit's `AlarmManager.AuthorizationState`. Not `Sendable` here (none is documented), and
  /// not resilient as Apple's is: a `switch` needs `@unknown default` on the SDK.
  public enum AuthorizationState {
    case notDetermined
    case denied
    case authorized
  }
}
