/// ActivityKit's `AlertConfiguration`: an alert shown with a Live Activity's update. AlarmKit takes
/// its `AlertSound` for an alarm's sound.
@available(iOS 16.1, *)
public struct AlertConfiguration {
  public var title: LocalizedStringResource
  public var body: LocalizedStringResource
  public var sound: AlertConfiguration.AlertSound

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
