public import Foundation

// Apple: https://developer.apple.com/documentation/alarmkit/alarm/schedule-swift.enum
// Apple: https://developer.apple.com/documentation/alarmkit/alarm/schedule-swift.enum/relative

@available(iOS 26.0, *)
@available(macCatalyst, unavailable)
@available(macOS, unavailable)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
@available(visionOS, unavailable)
extension Alarm {
  /// AlarmKit's `Alarm.Schedule`: when an alarm alerts.
  public enum Schedule: Codable, Equatable, Hashable, Sendable {
    /// At this instant.
    case fixed(Date)
    /// At a time of day in the device's time zone, maybe repeating.
    case relative(Alarm.Schedule.Relative)

    /// AlarmKit's `Alarm.Schedule.Relative`.
    public struct Relative: Codable, Hashable, Sendable {
      public var time: Alarm.Schedule.Relative.Time
      public var repeats: Alarm.Schedule.Relative.Recurrence

      public init(time: Alarm.Schedule.Relative.Time, repeats: Alarm.Schedule.Relative.Recurrence = .never) {
        self.time = time
        self.repeats = repeats
      }

      /// AlarmKit's `Alarm.Schedule.Relative.Time`: an hour and minute.
      public struct Time: Codable, Hashable, Sendable {
        public var hour: Int
        public var minute: Int

        public init(hour: Int, minute: Int) {
          self.hour = hour
          self.minute = minute
        }
      }

      /// AlarmKit's `Alarm.Schedule.Relative.Recurrence`.
      public enum Recurrence: Codable, Equatable, Hashable, Sendable {
        case never
        case weekly([Locale.Weekday])
      }
    }
  }
}
