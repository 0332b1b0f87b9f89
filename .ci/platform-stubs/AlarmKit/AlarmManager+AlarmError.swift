@available(iOS 26.0, *)
extension AlarmManager {
  /// AlarmKit's `AlarmManager.AlarmError`.
  public enum AlarmError: Error, Hashable {
    /// The system holds as many alarms as it allows.
    case maximumLimitReached
  }
}
