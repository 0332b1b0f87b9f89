// Apple: https://developer.apple.com/documentation/activitykit/activitystate
// Apple: https://developer.apple.com/documentation/activitykit/activitystate/pending

/// ActivityKit's `ActivityState`: where a Live Activity is in its life cycle. Apple's page lists
/// `Encodable` first and was cut after it; `Equatable` and `Hashable` come with a case-only enum.
@available(iOS 16.1, *)
@available(macCatalyst, unavailable)
@available(macOS, unavailable)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
@available(visionOS, unavailable)
public enum ActivityState: Codable {
  case active
  case ended
  case dismissed
  @available(iOS 16.2, *)
  case stale
  /// Scheduled to start at a date, not started yet.
  @available(iOS 26.0, *)
  case pending
}
