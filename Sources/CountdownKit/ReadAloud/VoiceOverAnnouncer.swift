#if canImport(WatchKit)
  // watchOS: no announcement API is used (see below).
#elseif canImport(UIKit)
  import UIKit
#elseif canImport(AppKit)
  import AppKit
#endif

/// Announces through the platform's screen reader: VoiceOver speaks the text (and a braille
/// display shows it) without moving its focus.
///
/// - iOS, iPadOS, tvOS, visionOS and Mac Catalyst: `UIAccessibility.post(notification:
///   .announcement, argument:)`.
/// - macOS: `NSAccessibility.post(element:notification:userInfo:)` with `.announcementRequested`,
///   on the application, at high priority (it interrupts what VoiceOver is reading: a milestone is
///   worth it).
/// - watchOS and Linux: nothing. watchOS is left out rather than guessed at; Linux has no screen
///   reader API to post to. An app that wants text there passes its own ``CountdownAnnouncer``.
///
/// Posting while no screen reader runs costs a notification nobody receives.
public struct VoiceOverAnnouncer: CountdownAnnouncer {
  public init() {}

  @MainActor
  public func announce(_ text: String) {
    #if canImport(WatchKit)
      _ = text
    #elseif canImport(UIKit)
      UIAccessibility.post(notification: .announcement, argument: text)
    #elseif canImport(AppKit)
      NSAccessibility.post(
        element: NSApplication.shared, notification: .announcementRequested,
        userInfo: [.announcement: text, .priority: NSAccessibilityPriorityLevel.high.rawValue])
    #else
      _ = text
    #endif
  }
}
