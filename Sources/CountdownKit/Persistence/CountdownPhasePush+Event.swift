extension CountdownPhasePush {
  /// What a push does to the Live Activity: shows new content (``update``), or ends it
  /// (``end(dismissalDate:)``), with the date the system removes it from the Lock Screen.
  ///
  /// ```swift
  /// let events: [CountdownPhasePush.Event] = [.update, .end(dismissalDate: 1_800_000_000)]
  /// print(events.map(\.dismissalDate))  // [nil, Optional(1800000000.0)]
  /// ```
  ///
  /// A struct with one static member per event, rather than an enum, so that a minor release can
  /// add one without breaking a `switch` in the app or the server: compare with `==`, and read
  /// ``name``.
  public struct Event: Codable, Hashable, Sendable, CustomStringConvertible {
    private enum Kind: String, Codable, Hashable, Sendable {
      case update
      case end
    }

    private let kind: Kind

    /// For an end, when the system removes the ended Live Activity, in seconds since 1970; `nil`
    /// for an update.
    public let dismissalDate: Double?

    private init(_ kind: Kind, dismissalDate: Double?) {
      self.kind = kind
      self.dismissalDate = dismissalDate
    }

    /// Shows the push's window in place of the activity's content.
    public static let update = Event(.update, dismissalDate: nil)

    /// Ends the Live Activity, which shows the push's window as its final content until
    /// `dismissalDate`.
    ///
    /// - Parameter dismissalDate: When the system removes the ended activity from the Lock
    ///   Screen, in seconds since 1970: a date in the past removes it at once.
    /// - Returns: The event.
    public static func end(dismissalDate: Double) -> Event {
      Event(.end, dismissalDate: dismissalDate)
    }

    /// Whether the push ends the Live Activity.
    public var isEnd: Bool { kind == .end }

    /// The payload's `event` value: `update` or `end`.
    public var name: String { kind.rawValue }

    /// The event's name, and an end's dismissal date.
    public var description: String {
      dismissalDate.map { "\(name) (dismissal: \($0))" } ?? name
    }
  }
}
