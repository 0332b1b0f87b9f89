public import Foundation

// Apple: https://developer.apple.com/documentation/widgetkit/timelineentry
// Apple: https://developer.apple.com/documentation/widgetkit/timeline
// Apple: https://developer.apple.com/documentation/widgetkit/timelinereloadpolicy

/// WidgetKit's `TimelineEntry`: what a widget shows from its date on.
@available(iOS 14.0, macOS 11.0, watchOS 9.0, visionOS 26.0, *)
@available(tvOS, unavailable)
public protocol TimelineEntry {
  var date: Date { get }
}

/// WidgetKit's `TimelineReloadPolicy`: when WidgetKit asks for the next timeline. `Equatable`, and
/// not `Sendable` (Apple lists `Equatable` only), so its values are computed here (Apple's are
/// `static let`, used alike).
@available(iOS 14.0, macOS 11.0, watchOS 9.0, visionOS 26.0, *)
@available(tvOS, unavailable)
public struct TimelineReloadPolicy: Equatable {
  private let date: Date?
  private let kind: Int

  /// After the timeline's last date passes.
  public static var atEnd: TimelineReloadPolicy { TimelineReloadPolicy(date: nil, kind: 0) }
  /// Only when the app asks (`WidgetCenter`).
  public static var never: TimelineReloadPolicy { TimelineReloadPolicy(date: nil, kind: 1) }
  /// At a future date.
  public static func after(_ date: Date) -> TimelineReloadPolicy { TimelineReloadPolicy(date: date, kind: 2) }
}

/// WidgetKit's `Timeline`: a widget's entries, and its reload policy.
@available(iOS 14.0, macOS 11.0, watchOS 9.0, visionOS 26.0, *)
@available(tvOS, unavailable)
public struct Timeline<EntryType: TimelineEntry> {
  public let entries: [EntryType]
  public let policy: TimelineReloadPolicy

  public init(entries: [EntryType], policy: TimelineReloadPolicy) {
    self.entries = entries
    self.policy = policy
  }
}
