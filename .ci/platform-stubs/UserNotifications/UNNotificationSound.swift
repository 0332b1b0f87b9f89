// Apple: https://developer.apple.com/documentation/usernotifications/unnotificationsound
// Apple: https://developer.apple.com/documentation/usernotifications/unnotificationsound/default
// Apple: https://developer.apple.com/documentation/usernotifications/unnotificationsound/init(named:)
// Apple: https://developer.apple.com/documentation/usernotifications/unnotificationsoundname

/// UserNotifications' `UNNotificationSound`: not on tvOS (a tvOS notification plays no sound).
@available(tvOS, unavailable)
open class UNNotificationSound: NSObject {
  /// The system's default notification sound.
  open class var `default`: UNNotificationSound { fatalError("platform stub: UNNotificationSound.default") }

  /// A custom sound file of the app's: `convenience init(named name: UNNotificationSoundName)` in
  /// Apple's documentation, on iOS 10, macOS 10.14, Mac Catalyst 13.1 and visionOS 1, not on watchOS
  /// (nor tvOS, with the class).
  @available(watchOS, unavailable)
  public init(named name: UNNotificationSoundName) { fatalError("platform stub: UNNotificationSound(named:)") }
}

/// UserNotifications' `UNNotificationSoundName`: the name of a sound file (every platform, tvOS too).
public struct UNNotificationSoundName: Hashable, RawRepresentable, Sendable {
  public var rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public init(_ rawValue: String) { self.rawValue = rawValue }
}
