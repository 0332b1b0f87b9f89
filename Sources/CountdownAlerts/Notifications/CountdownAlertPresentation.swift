/// What the system shows of an alert that comes while the app is in the foreground:
/// `UNNotificationPresentationOptions`, without the framework. `[]` shows nothing and plays no
/// sound: the app shows the end itself.
///
/// ```swift
/// let presentation: CountdownAlertPresentation = [.banner, .list, .sound]
/// ```
public struct CountdownAlertPresentation: OptionSet, Hashable, Sendable {
  public let rawValue: Int

  public init(rawValue: Int) {
    self.rawValue = rawValue
  }

  /// The alert's sound (alone, it plays with nothing shown).
  public static let sound = CountdownAlertPresentation(rawValue: 1 << 0)
  /// The alert in the notification list (Notification Center), without a banner.
  public static let list = CountdownAlertPresentation(rawValue: 1 << 1)
  /// The alert as a banner.
  public static let banner = CountdownAlertPresentation(rawValue: 1 << 2)
  /// The badge the alert's content sets on the app's icon.
  public static let badge = CountdownAlertPresentation(rawValue: 1 << 3)
}
