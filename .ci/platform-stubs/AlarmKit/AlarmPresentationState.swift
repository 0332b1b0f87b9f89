public import Foundation

// Apple: https://developer.apple.com/documentation/alarmkit/alarmpresentationstate

/// AlarmKit's `AlarmPresentationState`: the content state of the alarm's Live Activity, set by the
/// system: which mode the alarm is in, with its dates.
@available(iOS 26.0, *)
@available(macCatalyst, unavailable)
@available(macOS, unavailable)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
@available(visionOS, unavailable)
public struct AlarmPresentationState: Codable, Hashable, Sendable {
  public var alarmID: Alarm.ID
  public var mode: AlarmPresentationState.Mode

  public init(alarmID: Alarm.ID, mode: AlarmPresentationState.Mode) {
    self.alarmID = alarmID
    self.mode = mode
  }

  /// AlarmKit's `AlarmPresentationState.Mode`.
  public enum Mode: Codable, Hashable, Sendable {
    case alert(AlarmPresentationState.Mode.Alert)
    case countdown(AlarmPresentationState.Mode.Countdown)
    case paused(AlarmPresentationState.Mode.Paused)

    /// Alerting.
    public struct Alert: Codable, Hashable, Sendable {
      public var time: Alarm.Schedule.Relative.Time

      public init(time: Alarm.Schedule.Relative.Time) { self.time = time }
    }

    /// Counting down: from `startDate`, `previouslyElapsedDuration` of `totalCountdownDuration`
    /// already gone, to `fireDate`.
    public struct Countdown: Codable, Hashable, Sendable {
      public var totalCountdownDuration: TimeInterval
      public var previouslyElapsedDuration: TimeInterval
      public var startDate: Date
      public var fireDate: Date

      public init(
        totalCountdownDuration: TimeInterval, previouslyElapsedDuration: TimeInterval, startDate: Date, fireDate: Date
      ) {
        self.totalCountdownDuration = totalCountdownDuration
        self.previouslyElapsedDuration = previouslyElapsedDuration
        self.startDate = startDate
        self.fireDate = fireDate
      }
    }

    /// Paused, `previouslyElapsedDuration` of `totalCountdownDuration` gone.
    public struct Paused: Codable, Hashable, Sendable {
      public var totalCountdownDuration: TimeInterval
      public var previouslyElapsedDuration: TimeInterval

      public init(totalCountdownDuration: TimeInterval, previouslyElapsedDuration: TimeInterval) {
        self.totalCountdownDuration = totalCountdownDuration
        self.previouslyElapsedDuration = previouslyElapsedDuration
      }
    }
  }
}
