// Apple: https://developer.apple.com/documentation/appkit/nsaccessibility-swift.struct/post(element:notification:userinfo:)
// Apple: https://developer.apple.com/documentation/appkit/nsaccessibility-swift.struct/notification/announcementrequested
// Apple: https://developer.apple.com/documentation/appkit/nsaccessibilityprioritylevel

/// AppKit's `NSAccessibility`: posting an announcement for VoiceOver.
@available(iOS, unavailable)
@available(macCatalyst, unavailable)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
@available(visionOS, unavailable)
public struct NSAccessibility {
  /// A notification an element posts to assistive technologies.
  public struct Notification: Hashable, Equatable, RawRepresentable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Asks VoiceOver to speak the user info's announcement.
    public static let announcementRequested = Notification(rawValue: "AXAnnouncementRequested")
  }

  /// The keys of a notification's user info.
  public struct NotificationUserInfoKey: Hashable, Equatable, RawRepresentable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The text to announce, a string.
    public static let announcement = NotificationUserInfoKey(rawValue: "AXAnnouncementKey")
    /// How urgent the announcement is, an `NSAccessibilityPriorityLevel` raw value.
    public static let priority = NotificationUserInfoKey(rawValue: "AXPriorityKey")
  }

  /// Posts `notification` about `element`, with `userInfo`.
  @MainActor
  public static func post(
    element: Any, notification: NSAccessibility.Notification,
    userInfo: [NSAccessibility.NotificationUserInfoKey: Any]? = nil
  ) {}
}

/// How urgent an announcement is.
@available(iOS, unavailable)
@available(macCatalyst, unavailable)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
@available(visionOS, unavailable)
public enum NSAccessibilityPriorityLevel: Int, Sendable {
  case low = 10
  case medium = 50
  case high = 90
}
