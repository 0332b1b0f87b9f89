public import ActivityKit
public import AppIntents
public import Foundation

// Apple: https://developer.apple.com/documentation/alarmkit/alarmmanager/alarmconfiguration

@available(iOS 26.0, *)
@available(macCatalyst, unavailable)
@available(macOS, unavailable)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
@available(visionOS, unavailable)
extension AlarmManager {
  /// AlarmKit's `AlarmManager.AlarmConfiguration`: what to schedule. (iOS 27 adds overloads with an
  /// `appEntityIdentifier:` parameter; not declared here.)
  public struct AlarmConfiguration<Metadata> where Metadata: AlarmMetadata {
    /// An alarm with a countdown, a schedule, or both.
    public init(
      countdownDuration: Alarm.CountdownDuration? = nil,
      schedule: Alarm.Schedule? = nil,
      attributes: AlarmAttributes<Metadata>,
      stopIntent: (any LiveActivityIntent)? = nil,
      secondaryIntent: (any LiveActivityIntent)? = nil,
      sound: AlertConfiguration.AlertSound = .default
    ) {
      fatalError("platform stub: AlarmConfiguration.init(countdownDuration:schedule:attributes:stopIntent:secondaryIntent:sound:)")
    }

    /// A timer: a countdown of `duration` seconds from now, then the alert.
    public static func timer(
      duration: TimeInterval,
      attributes: AlarmAttributes<Metadata>,
      stopIntent: (any LiveActivityIntent)? = nil,
      secondaryIntent: (any LiveActivityIntent)? = nil,
      sound: AlertConfiguration.AlertSound = .default
    ) -> AlarmManager.AlarmConfiguration<Metadata> {
      fatalError("platform stub: AlarmConfiguration.timer(duration:attributes:stopIntent:secondaryIntent:sound:)")
    }

    /// An alarm at its schedule, without a countdown.
    public static func alarm(
      schedule: Alarm.Schedule? = nil,
      attributes: AlarmAttributes<Metadata>,
      stopIntent: (any LiveActivityIntent)? = nil,
      secondaryIntent: (any LiveActivityIntent)? = nil,
      sound: AlertConfiguration.AlertSound = .default
    ) -> AlarmManager.AlarmConfiguration<Metadata> {
      fatalError("platform stub: AlarmConfiguration.alarm(schedule:attributes:stopIntent:secondaryIntent:sound:)")
    }
  }
}
