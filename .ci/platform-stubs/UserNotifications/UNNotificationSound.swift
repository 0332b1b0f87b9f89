/// UserNotifications' `UNNotificationSound`.
open class UNNotificationSound: NSObject {
  /// The system's default notification sound (not on tvOS).
  open class var `default`: UNNotificationSound { fatalError("platform stub: UNNotificationSound.default") }

  /// A custom sound file of the app's: `convenience init(named name: UNNotificationSoundName)` in
  /// Apple's documentation, on iOS 10, macOS 10.14, Mac Catalyst 13.1 and visionOS 1, not on watchOS
  /// or tvOS. Declared in every configuration here (a stub's `#if os` is not answered by
  /// check-platforms): callers guard those two themselves.
  public init(named name: UNNotificationSoundName) { fatalError("platform stub: UNNotificationSound(named:)") }
}

/// UserNotifications' `UNNotificationSoundName`: the name of a sound file (every platform).
public struct UNNotificationSoundName: Hashable, RawRepresentable, Sendable {
  public var rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public init(_ rawValue: String) { self.rawValue = rawValue }
}
