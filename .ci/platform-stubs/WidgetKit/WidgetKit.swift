// WidgetKit for `.ci/check-platforms`: what the documentation's widget samples use, with
// WidgetKit's names and shapes. A type-checking stand-in: nothing here runs.
import Foundation

/// WidgetKit's `TimelineEntry`: what a widget shows from its date on.
public protocol TimelineEntry {
  var date: Date { get }
}

/// WidgetKit's `TimelineReloadPolicy`: when WidgetKit asks for the next timeline.
public struct TimelineReloadPolicy: Sendable {
  public static let atEnd = TimelineReloadPolicy()
  public static let never = TimelineReloadPolicy()
  public static func after(_ date: Date) -> TimelineReloadPolicy { TimelineReloadPolicy() }
}

/// WidgetKit's `Timeline`: a widget's entries, and its reload policy.
public struct Timeline<EntryType: TimelineEntry> {
  public let entries: [EntryType]
  public let policy: TimelineReloadPolicy

  public init(entries: [EntryType], policy: TimelineReloadPolicy) {
    self.entries = entries
    self.policy = policy
  }
}
