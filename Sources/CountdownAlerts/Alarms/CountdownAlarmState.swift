/// Where one of the app's alarms is: AlarmKit's `Alarm.State`, without the framework.
///
/// An enum, complete for the states AlarmKit has: a state the system adds later reads as
/// ``scheduled`` in the real center (an alarm that neither counts down nor rings).
public enum CountdownAlarmState: Hashable, Sendable {
  /// Waiting for a fixed date, with no countdown shown.
  case scheduled
  /// Counting down to its alert.
  case countdown
  /// Its countdown is paused: the system shows the time left.
  case paused
  /// Ringing now, until the person stops it.
  case alerting
}
