/// What an alert says: the app builds it from the countdown's id, for each moment.
///
/// ```swift
/// let content = CountdownAlertContent(title: "Pasta", body: "Time to drain the pasta.", userInfo: ["timer": "pasta"])
/// ```
///
/// The real center (`UserNotificationCenter`) maps each field onto `UNMutableNotificationContent`'s
/// member of the same name (``sound`` onto a `UNNotificationSound`, ``interruptionLevel`` onto
/// `UNNotificationInterruptionLevel`), on every platform it runs on: iOS, iPadOS, Mac Catalyst,
/// macOS, watchOS and visionOS have each member at the package's deployment targets. What a
/// platform does not show is ignored there: watchOS plays the default sound for a named one (and
/// the default critical sound for a named critical one). tvOS has no `UserNotificationCenter`
/// (its notifications have no text or sound), so a center of the app's own gets these fields as
/// they are.
///
/// For a timer's end, use ``InterruptionLevel-swift.enum/timeSensitive``: such an alert can break
/// through a Focus and the notification summary (the user can turn that off for the app). It
/// needs the app's "Time Sensitive Notifications" capability (the
/// `com.apple.developer.usernotifications.time-sensitive` entitlement).
///
/// ```swift
/// let end = CountdownAlertContent(
///   title: "Pasta", body: "Time to drain the pasta.", sound: .named("bell.caf"), interruptionLevel: .timeSensitive,
///   threadIdentifier: "timers", relevanceScore: 1)
/// ```
public struct CountdownAlertContent: Hashable, Sendable {
  /// The sound an alert plays.
  public enum Sound: Hashable, Sendable {
    /// The system's default notification sound.
    case `default`
    /// A sound file in the app's bundle (or its Library/Sounds), by file name; watchOS plays the
    /// default sound instead.
    case named(String)
    /// A critical alert's sound, which plays through the mute switch and Do Not Disturb: the
    /// system's default critical sound (`named` `nil`) or a sound file of the app's, at `volume`
    /// (`0...1`). Critical alerts need an entitlement Apple grants on request, and the person's
    /// permission (`.criticalAlert` among the app's authorization options); watchOS plays the
    /// default critical sound for a named one. Use it with
    /// ``InterruptionLevel-swift.enum/critical``.
    case critical(named: String? = nil, volume: Float = 1)
  }

  /// How much an alert may interrupt the user (`UNNotificationInterruptionLevel`).
  public enum InterruptionLevel: Hashable, Sendable {
    /// Added to the notification list without lighting up the screen or playing a sound.
    case passive
    /// Shown at once, lighting up the screen, with its sound: the system's default.
    case active
    /// Shown at once, and able to break through a Focus and the notification summary: for a
    /// timer's end. Needs the app's "Time Sensitive Notifications" capability.
    case timeSensitive
    /// Shown at once, with its sound through the mute switch: needs Apple's critical alerts
    /// entitlement and `.criticalAlert` among the app's authorization options.
    case critical
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
  /// How much the alert may interrupt; ``InterruptionLevel-swift.enum/active`` (the system's
  /// default) unless given.
  public var interruptionLevel: InterruptionLevel
  /// The identifier of a notification category the app registered (its actions, such as
  /// "Snooze"); empty for none.
  public var categoryIdentifier: String
  /// Groups the alerts that share it in the notification center; empty: the app's default group.
  public var threadIdentifier: String
  /// How the system ranks the alert among the app's in a summary, `0...1`; `0` by default. A
  /// score above 1 is kept as 1, one below 0 (or NaN) as 0: the range UserNotifications takes.
  public var relevanceScore: Double {
    didSet { relevanceScore = Self.withinRelevanceRange(relevanceScore) }
  }

  /// Content with a title and a body; the default sound and interruption level unless given.
  public init(
    title: String, subtitle: String = "", body: String, sound: Sound? = .default, userInfo: [String: String] = [:],
    interruptionLevel: InterruptionLevel = .active, categoryIdentifier: String = "", threadIdentifier: String = "",
    relevanceScore: Double = 0
  ) {
    self.title = title
    self.subtitle = subtitle
    self.body = body
    self.sound = sound
    self.userInfo = userInfo
    self.interruptionLevel = interruptionLevel
    self.categoryIdentifier = categoryIdentifier
    self.threadIdentifier = threadIdentifier
    self.relevanceScore = Self.withinRelevanceRange(relevanceScore)
  }

  /// `score` within `0...1`, NaN as `0`.
  private static func withinRelevanceRange(_ score: Double) -> Double {
    score.isNaN ? 0 : min(max(score, 0), 1)
  }
}
