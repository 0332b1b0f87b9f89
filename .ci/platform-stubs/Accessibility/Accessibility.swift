/// The Accessibility framework's typed notifications: posting an announcement for VoiceOver, on
/// every Apple platform (macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1).
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
public enum AccessibilityNotification {
  /// Asks assistive technologies to speak a text.
  public struct Announcement {
    /// An announcement of `announcement`.
    public init(_ announcement: String) {}

    /// Posts the announcement.
    public func post() {}
  }
}
