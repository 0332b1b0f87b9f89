// Apple: https://developer.apple.com/documentation/accessibility/accessibilitynotification/announcement
// Apple: https://developer.apple.com/documentation/accessibility/accessibilitynotification/announcement/post()

/// The Accessibility framework's typed notifications: posting an announcement for VoiceOver, on
/// every Apple platform (macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1).
@available(iOS 17.0, macCatalyst 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
public enum AccessibilityNotification {
  /// Asks assistive technologies to speak a text.
  public struct Announcement {
    /// An announcement of `announcement`.
    public init(_ announcement: String) {}

    /// Posts the announcement.
    public func post() {}
  }
}
