// Apple: https://developer.apple.com/documentation/usernotifications/unnotificationsound
// Apple: https://developer.apple.com/documentation/usernotifications/unnotificationsound/default
// Apple: https://developer.apple.com/documentation/usernotifications/unnotificationsound/init(named:)
// Apple: https://developer.apple.com/documentation/usernotifications/unnotificationsoundname
// Apple: https://developer.apple.com/documentation/usernotifications/unnotificationsound/defaultcritical
// Apple: https://developer.apple.com/documentation/usernotifications/unnotificationsound/defaultcriticalsound(withaudiovolume:)
// Apple: https://developer.apple.com/documentation/usernotifications/unnotificationsound/criticalsoundnamed(_:withaudiovolume:)

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

  /// The default critical alert sound (iOS 12, macOS 10.14, Mac Catalyst 13.1, watchOS 5,
  /// visionOS 1); critical alerts need an entitlement Apple grants.
  open class var defaultCritical: UNNotificationSound { fatalError("platform stub: UNNotificationSound.defaultCritical") }

  /// The default critical alert sound at `volume` (`0...1`); same platforms as `defaultCritical`.
  open class func defaultCriticalSound(withAudioVolume volume: Float) -> Self {
    fatalError("platform stub: UNNotificationSound.defaultCriticalSound(withAudioVolume:)")
  }

  /// A critical alert sound file of the app's at `volume`: iOS 12, macOS 10.14, Mac Catalyst
  /// 13.1 and visionOS 1; not watchOS.
  @available(watchOS, unavailable)
  open class func criticalSoundNamed(_ name: UNNotificationSoundName, withAudioVolume volume: Float) -> Self {
    fatalError("platform stub: UNNotificationSound.criticalSoundNamed(_:withAudioVolume:)")
  }
}

/// UserNotifications' `UNNotificationSoundName`: the name of a sound file (every platform, tvOS too).
public struct UNNotificationSoundName: Hashable, RawRepresentable, Sendable {
  public var rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public init(_ rawValue: String) { self.rawValue = rawValue }
}
