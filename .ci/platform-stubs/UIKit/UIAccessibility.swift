// Apple: https://developer.apple.com/documentation/uikit/uiaccessibility
// Apple: https://developer.apple.com/documentation/uikit/uiaccessibility/notification/announcement

/// UIKit's `UIAccessibility`: posting an announcement for VoiceOver.
@available(macOS, unavailable)
public enum UIAccessibility {
  /// A notification an app posts to assistive technologies.
  public struct Notification: Hashable, Equatable, RawRepresentable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Asks VoiceOver to speak the argument, a string.
    public static let announcement = Notification(rawValue: 1008)
  }

  /// Posts `notification` with `argument` to assistive technologies.
  @MainActor
  public static func post(notification: UIAccessibility.Notification, argument: Any?) {}
}
