public import Foundation

/// The system's alarms, as ``CountdownAlarms`` uses them: a few calls, each one of AlarmKit's
/// `AlarmManager`. `AlarmKitCenter` is the real one (iOS 26, where AlarmKit exists);
/// ``CountdownAlertsTesting/FakeAlarmCenter`` the one for tests.
///
/// Calls are made in order, from one thread at a time, and must take effect in that order (the
/// real center runs them one after the other, though AlarmKit's `schedule` is `async`). A
/// conformance keeps AlarmKit's semantics: a scheduled timer counts down at once; `pause` works
/// only on an alarm counting down and `resume` only on a paused one (each fails otherwise);
/// `cancel` removes an alarm in any state; scheduling fails when the person denied alarms, or
/// past the device's limit. Errors that mean one of these are reported as
/// ``CountdownAlertError/notAuthorized`` and ``CountdownAlertError/alarmLimitReached``.
public protocol CountdownAlarmCenter: Sendable {
  /// Schedules `request`; `completion` gets the center's error, or `nil`, on any thread.
  func schedule(_ request: CountdownAlarmRequest, completion: @escaping @Sendable ((any Error)?) -> Void)
  /// Pauses the alarm `id`, which must be counting down.
  func pause(id: UUID, completion: @escaping @Sendable ((any Error)?) -> Void)
  /// Resumes the alarm `id`, which must be paused.
  func resume(id: UUID, completion: @escaping @Sendable ((any Error)?) -> Void)
  /// Cancels the alarm `id`, in any state.
  func cancel(id: UUID, completion: @escaping @Sendable ((any Error)?) -> Void)
  /// Every alarm of the app, or the center's error; asked once, when a ``CountdownAlarms``
  /// starts, to reconcile what a previous process left.
  func alarms(_ completion: @escaping @Sendable (Result<[CountdownAlarmSnapshot], any Error>) -> Void)
  /// Calls `onChange` with every alarm of the app each time they change (AlarmKit's
  /// `alarmUpdates`), on any thread, one call at a time and in the order of the changes, until
  /// the observation returned is cancelled or released: the changes the app's own calls make, an
  /// alarm starting to ring, and what the person does in the system's alarm UI (a pause, a
  /// resume, a stop). A ``CountdownAlarms`` observes from its start to its end, and brings each
  /// countdown in step with what the person did to its alarm.
  func observeAlarms(_ onChange: @escaping @Sendable ([CountdownAlarmSnapshot]) -> Void) -> CountdownAlarmObservation
}
