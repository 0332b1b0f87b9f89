public import Foundation

// Apple: https://developer.apple.com/documentation/alarmkit/alarm

/// AlarmKit's `Alarm`: a snapshot of one of the app's alarms (it does not change afterwards).
/// Only `Identifiable` here: its other conformances are not documented.
@available(iOS 26.0, *)
@available(macCatalyst, unavailable)
@available(macOS, unavailable)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
@available(visionOS, unavailable)
public struct Alarm: Identifiable {
  public typealias ID = UUID

  /// The identifier it was scheduled with.
  public var id: UUID
  /// When it alerts; `nil` counts down from now.
  public var schedule: Alarm.Schedule?
  /// Its countdown before (and after) alerting.
  public var countdownDuration: Alarm.CountdownDuration?
  /// Where it was when the snapshot was taken.
  public var state: Alarm.State

  private init(id: UUID, schedule: Alarm.Schedule?, countdownDuration: Alarm.CountdownDuration?, state: Alarm.State) {
    self.id = id
    self.schedule = schedule
    self.countdownDuration = countdownDuration
    self.state = state
  }

  /// AlarmKit's `Alarm.State`.
  public enum State {
    /// Scheduled, to alert at its time.
    case scheduled
    /// Counting down to its alert (scheduled with a countdown, or snoozed).
    case countdown
    /// Its countdown is paused.
    case paused
    /// Alerting now.
    case alerting
  }

  /// AlarmKit's `Alarm.CountdownDuration`, in seconds.
  public struct CountdownDuration {
    /// Before the alert: a timer's length.
    public var preAlert: TimeInterval?
    /// After it alerted once (a snooze or repeat); `nil` reuses `preAlert`.
    public var postAlert: TimeInterval?

    public init(preAlert: TimeInterval?, postAlert: TimeInterval?) {
      self.preAlert = preAlert
      self.postAlert = postAlert
    }
  }
}
