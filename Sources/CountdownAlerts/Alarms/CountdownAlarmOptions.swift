public import Foundation

/// What the app adds to the alarm of one countdown: the intents AlarmKit runs for its buttons, its
/// sound, and how long a snooze counts down. Made by the `options` closure of ``CountdownAlarms``
/// for each alarm it schedules, and carried to the center in the ``CountdownAlarmRequest``.
///
/// The intents are the app's `LiveActivityIntent`s (AppIntents, iOS 17), held as `any Sendable` so
/// that the type builds where AppIntents does not exist; `AlarmKitCenter` hands them to AlarmKit's
/// `stopIntent` and `secondaryIntent`, and reports one that is not a `LiveActivityIntent` as
/// ``CountdownAlertError/invalidAlarmOptions`` (the alarm is scheduled without it).
public struct CountdownAlarmOptions: Sendable {
  /// The app's `LiveActivityIntent` run when the person stops the alarm (AlarmKit's `stopIntent`);
  /// `nil` for none. Its `perform()` is where the app records the stop for the next launch
  /// (``CountdownAlarmStops/record(alarmID:)``).
  public var stopIntent: (any Sendable)?
  /// The app's `LiveActivityIntent` run by the alert's secondary button, when its behavior is
  /// `.custom` (AlarmKit's `secondaryIntent`); `nil` for none.
  public var secondaryIntent: (any Sendable)?
  /// The name of a sound file of the app's main bundle or of `Library/Sounds`
  /// (`AlertConfiguration.AlertSound.named(_:)`); `nil` for the system's default sound.
  public var soundName: String?
  /// Seconds a snooze counts down before the alarm alerts again (AlarmKit's
  /// `Alarm.CountdownDuration.postAlert`, what the alert's secondary button with the `.countdown`
  /// behavior starts); `nil` (the default): ``CountdownAlarms`` asks for the countdown's length
  /// (the span of its `timerDates`, time added included), where AlarmKit's own default, the
  /// timer's duration, would be the time that was left when the alarm was last scheduled (after
  /// time added, a resume made anew or a relaunch). Above zero: another value is reported as
  /// ``CountdownAlertError/invalidAlarmOptions`` and left out (the countdown's length is asked for).
  public var postAlert: TimeInterval?

  /// Options for one alarm; each left out is AlarmKit's default, but the snooze (``postAlert``),
  /// which ``CountdownAlarms`` makes as long as the countdown.
  public init(
    stopIntent: (any Sendable)? = nil, secondaryIntent: (any Sendable)? = nil, soundName: String? = nil,
    postAlert: TimeInterval? = nil
  ) {
    self.stopIntent = stopIntent
    self.secondaryIntent = secondaryIntent
    self.soundName = soundName
    self.postAlert = postAlert
  }
}
