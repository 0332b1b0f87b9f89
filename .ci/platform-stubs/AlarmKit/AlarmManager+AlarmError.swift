// Apple: https://developer.apple.com/documentation/alarmkit/alarmmanager/alarmerror

@available(iOS 26.0, *)
@available(macCatalyst, unavailable)
@available(macOS, unavailable)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
@available(visionOS, unavailable)
extension AlarmManager {
  /// AlarmKit's `AlarmManager.AlarmError`.
  public enum AlarmError: Error, Hashable {
    /// The system holds as many alarms as it allows.
    case maximumLimitReached
  }
}
