/// Whether the person allowed the app's alarms: AlarmKit's `AlarmManager.AuthorizationState`,
/// without the framework.
///
/// An enum, complete for the states AlarmKit has: a state the system adds later reads as
/// ``authorized`` in the real center (as a notification status does).
public enum CountdownAlarmAuthorization: Hashable, Sendable {
  /// The person was not asked yet: nothing is scheduled (the package never asks by itself;
  /// ``CountdownAlarms/requestAuthorization()`` does, when the app calls it).
  case notDetermined
  /// The person said no, or turned the app's alarms off in Settings: scheduling fails.
  case denied
  /// The person allowed the app's alarms.
  case authorized

  /// Whether AlarmKit schedules alarms: not while the person was not asked, nor when they denied
  /// alarms.
  var allowsAlarms: Bool {
    self == .authorized
  }
}
