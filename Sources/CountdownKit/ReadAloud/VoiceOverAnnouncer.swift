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
/// - Every Apple platform from macOS 14, iOS 17, tvOS 17, watchOS 10 and visionOS 1: the
///   Accessibility framework's `AccessibilityNotification.Announcement(text).post()`.
/// - Earlier iOS, iPadOS, tvOS and Mac Catalyst: `UIAccessibility.post(notification:
///   .announcement, argument:)`.
/// - Earlier macOS: `NSAccessibility.post(element:notification:userInfo:)` with
///   `.announcementRequested`, on the application, at high priority (it interrupts what VoiceOver
///   is reading: a milestone is worth it).
/// - watchOS before 10 and Linux: nothing (no announcement API there). An app that wants text
///   there passes its own ``CountdownAnnouncer``.
///
/// Posting while no screen reader runs costs a notification nobody receives.
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
