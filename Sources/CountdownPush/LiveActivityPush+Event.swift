public import Foundation

extension LiveActivityPush {
  /// What a push does to the Live Activity, the payload's `event`: shows new content (`update`), or
  /// ends it (`end`), optionally with the date the system removes it from the Lock Screen.
  ///
  /// ```swift
  /// let events: [LiveActivityPush.Event] = [.update, .end(), .end(dismissalDate: Date(timeIntervalSince1970: 0))]
  /// ```
  ///
  /// A struct with one static member per event, rather than an enum, so that a minor release can
  /// add one (a push that starts a Live Activity) without breaking a `switch` in the app: compare
  /// with `==`, and read ``name``.
  public struct Event: Hashable, Sendable, CustomStringConvertible {
    private enum Kind: Hashable, Sendable {
      case update
      case end
    }

    private let kind: Kind

    /// For an end, when the system removes the ended Live Activity from the Lock Screen, the
    /// payload's `dismissal-date`; `nil` for an update, and for an end that keeps the system's
    /// default (up to four hours after the end).
    ///
    /// ```swift
    /// let removal = LiveActivityPush.Event.end(dismissalDate: Date()).dismissalDate
    /// ```
    public let dismissalDate: Date?

    private init(_ kind: Kind, dismissalDate: Date?) {
      self.kind = kind
      self.dismissalDate = dismissalDate
    }

    /// Shows the push's content state in place of the Live Activity's.
    ///
    /// ```swift
    /// let event = LiveActivityPush.Event.update
    /// ```
    public static let update = Event(.update, dismissalDate: nil)

    /// Ends the Live Activity, which then shows the push's content state as its final content.
    ///
    /// ```swift
    /// let atOnce = LiveActivityPush.Event.end(dismissalDate: Date(timeIntervalSince1970: 0))
    /// let inAnHour = LiveActivityPush.Event.end(dismissalDate: Date().addingTimeInterval(3_600))
    /// ```
    ///
    /// - Parameter dismissalDate: When the system removes the ended Live Activity from the Lock
    ///   Screen: a date in the past removes it at once (a date before 1970 cannot be written: the
    ///   request throws ``LiveActivityPushError/invalidDate``; the start of 1970 is in the past),
    ///   one within the four hours after the end sets when; `nil` keeps the system's default, up to
    ///   four hours.
    /// - Returns: The event.
    public static func end(dismissalDate: Date? = nil) -> Event {
      Event(.end, dismissalDate: dismissalDate)
    }

    /// The payload's `event` value: `update` or `end`.
    ///
    /// ```swift
    /// let name = LiveActivityPush.Event.update.name  // "update"
    /// ```
    public var name: String {
      switch kind {
      case .update: "update"
      case .end: "end"
      }
    }

    /// The event's name, and an end's dismissal date.
    ///
    /// ```swift
    /// print(LiveActivityPush.Event.end())  // end
    /// ```
    public var description: String {
      dismissalDate.map { "\(name) (dismissal: \($0))" } ?? name
    }
  }
}
