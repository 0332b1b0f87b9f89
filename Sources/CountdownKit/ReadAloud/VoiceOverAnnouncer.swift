#if canImport(Accessibility)
  import Accessibility
#endif
#if canImport(WatchKit)
  // watchOS before 10: no announcement API is used (see below).
#elseif canImport(UIKit)
  import UIKit
#elseif canImport(AppKit)
  import AppKit
#endif

/// Announces through the platform's screen reader: VoiceOver speaks the text (and a braille
/// display shows it) without moving its focus.
///
/// Which API each platform posts through is listed in the article *Milestones, and reading them
/// aloud*; on watchOS before 10 and on Linux it does nothing (an app that wants text there passes
/// its own ``CountdownAnnouncer``). On earlier macOS it posts at high priority, interrupting what
/// VoiceOver reads: a milestone is worth it. With no screen reader running, nobody receives it.
public struct VoiceOverAnnouncer: CountdownAnnouncer {
  public init() {}

  @MainActor
  public func announce(_ text: String) {
    #if canImport(Accessibility)
      if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) {
        AccessibilityNotification.Announcement(text).post()
        return
      }
    #endif
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
