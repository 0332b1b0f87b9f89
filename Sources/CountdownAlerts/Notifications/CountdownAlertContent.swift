/// What an alert says: the app builds it from the countdown's id, for each moment.
///
/// ```swift
/// let content = CountdownAlertContent(title: "Pasta", body: "Time to drain the pasta.", userInfo: ["timer": "pasta"])
/// ```
///
/// The real center maps it onto `UNMutableNotificationContent` (``sound`` onto `UNNotificationSound`).
public struct CountdownAlertContent: Hashable, Sendable {
  /// The sound an alert plays.
  public enum Sound: Hashable, Sendable {
    /// The system's default notification sound.
    case `default`
    /// A sound file in the app's bundle (or its Library/Sounds), by file name.
    case named(String)
  }

  /// The alert's title.
  public var title: String
  /// The alert's subtitle; empty for none.
  public var subtitle: String
  /// The alert's message.
  public var body: String
  /// The sound; `nil` for a silent alert.
  public var sound: Sound?
  /// Strings the app reads back when the user opens the alert (the notification's `userInfo`).
  public var userInfo: [String: String]

  /// Content with a title and a body; the default sound unless given.
  public init(
    title: String, subtitle: String = "", body: String, sound: Sound? = .default, userInfo: [String: String] = [:]
  ) {
    self.title = title
    self.subtitle = subtitle
    self.body = body
    self.sound = sound
    self.userInfo = userInfo
  }
}
