// Apple: https://developer.apple.com/documentation/activitykit/alertconfiguration
// Apple: https://developer.apple.com/documentation/activitykit/alertconfiguration/init(title:body:sound:)
// Apple: https://developer.apple.com/documentation/activitykit/alertconfiguration/alertsound

/// ActivityKit's `AlertConfiguration`: an alert shown with a Live Activity's update. AlarmKit takes
/// its `AlertSound` for an alarm's sound.
@available(iOS 16.1, *)
@available(macCatalyst, unavailable)
@available(macOS, unavailable)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
@available(visionOS, unavailable)
public struct AlertConfiguration {
  public var title: LocalizedStringResource
  public var body: LocalizedStringResource
  public var sound: AlertConfiguration.AlertSound

  /// Apple's page for this initializer adds Mac Catalyst 27.3 and macOS 27.3, the type's page does
  /// not: the stricter reading, unavailable there with the type.
  public init(title: LocalizedStringResource, body: LocalizedStringResource, sound: AlertConfiguration.AlertSound) {
    self.title = title
    self.body = body
    self.sound = sound
  }

  /// ActivityKit's `AlertConfiguration.AlertSound`.
  public struct AlertSound: Equatable, Sendable {
    private let name: String?

    /// The system's default alert sound.
    public static var `default`: AlertConfiguration.AlertSound { AlertSound(name: nil) }

    /// A sound file of the app's main bundle or of `Library/Sounds`.
    public static func named(_ name: String) -> AlertConfiguration.AlertSound { AlertSound(name: name) }
  }
}
