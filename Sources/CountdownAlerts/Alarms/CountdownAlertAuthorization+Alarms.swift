extension CountdownAlertAuthorization {
  /// Whether AlarmKit schedules alarms with this authorization: not while the person was not asked
  /// (the package never prompts by itself), nor when they denied alarms.
  var allowsAlarms: Bool {
    self != .notDetermined && self != .denied
  }
}
