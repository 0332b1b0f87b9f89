public import Foundation

/// The system's alarms, as ``CountdownAlarms`` uses them: a few calls, each one of AlarmKit's
/// `AlarmManager`. `AlarmKitCenter` is the real one (iOS 26, where AlarmKit exists);
/// ``CountdownAlertsTesting/FakeAlarmCenter`` the one for tests.
///
/// Calls are made in order, from one thread at a time, and must take effect in that order (the
/// real center runs them one after the other, though AlarmKit's `schedule` is `async`). A
/// conformance keeps AlarmKit's semantics: a scheduled timer counts down at once, for the
/// request's ``CountdownAlarmRequest/duration`` read when the call is made; `pause` works only on
/// an alarm counting down and `resume` only on a paused one (each fails otherwise); `cancel`
/// removes an alarm in any state; scheduling fails when the person denied alarms (and is not
/// tried while they were not asked: ``authorization``), or past the device's limit. Errors that
/// mean one of these are reported as ``CountdownAlertError/notAuthorized`` and
/// ``CountdownAlertError/alarmLimitReached``.
public protocol CountdownAlarmCenter: Sendable {
  /// Schedules `request`; `completion` gets the center's error, or `nil`, on any thread.
  func schedule(_ request: CountdownAlarmRequest, completion: @escaping @Sendable ((any Error)?) -> Void)
  /// Pauses the alarm `id`, which must be counting down.
  func pause(id: UUID, completion: @escaping @Sendable ((any Error)?) -> Void)
  /// Resumes the alarm `id`, which must be paused.
  func resume(id: UUID, completion: @escaping @Sendable ((any Error)?) -> Void)
  /// Cancels the alarm `id`, in any state.
  func cancel(id: UUID, completion: @escaping @Sendable ((any Error)?) -> Void)
  /// Every alarm of the app, or the center's error; asked when a ``CountdownAlarms`` starts, to
  /// reconcile what a previous process left, and asked again at the next change (or `retry()`)
  /// when that failed. The answer may come later, on any thread.
  func alarms(_ completion: @escaping @Sendable (Result<[CountdownAlarmSnapshot], any Error>) -> Void)
  /// Calls `onChange` with every alarm of the app each time they change (AlarmKit's
  /// `alarmUpdates`), on any thread, one call at a time and in the order of the changes, until
  /// the observation returned is cancelled or released: the changes the app's own calls make, an
  /// alarm starting to ring, and what the person does in the system's alarm UI (a pause, a
  /// resume, a stop). A ``CountdownAlarms`` observes from its start to its end, and brings each
  /// countdown in step with what the person did to its alarm.
  func observeAlarms(_ onChange: @escaping @Sendable ([CountdownAlarmSnapshot]) -> Void) -> CountdownAlarmObservation

  /// Whether the person allowed the app's alarms (AlarmKit's `authorizationState`): read with
  /// each turn of changes that may schedule an alarm, which is not made while it is
  /// ``CountdownAlarmAuthorization/notDetermined`` or ``CountdownAlarmAuthorization/denied``.
  var authorization: CountdownAlarmAuthorization { get }
  /// Asks the person to allow alarms, if they were not asked before (AlarmKit's
  /// `requestAuthorization()`), and returns the authorization that follows.
  func requestAuthorization() async throws -> CountdownAlarmAuthorization
  /// Calls `onChange` with the authorization each time it changes (AlarmKit's
  /// `authorizationUpdates`), on any thread, until the observation returned is cancelled or
  /// released. A ``CountdownAlarms`` tries again what was not scheduled when alarms are allowed.
  func observeAuthorization(_ onChange: @escaping @Sendable (CountdownAlarmAuthorization) -> Void)
    -> CountdownAlarmObservation
}

extension CountdownAlarmCenter {
  /// ``CountdownAlarmAuthorization/authorized``: a center of the app's own that does not say is
  /// taken as allowed.
  public var authorization: CountdownAlarmAuthorization { .authorized }

  /// The ``authorization``, asking nothing: a center of the app's own that does not say is taken
  /// as allowed.
  public func requestAuthorization() async throws -> CountdownAlarmAuthorization { authorization }

  /// An observation that never calls: a center of the app's own that does not say never changes.
  public func observeAuthorization(_ onChange: @escaping @Sendable (CountdownAlarmAuthorization) -> Void)
    -> CountdownAlarmObservation
  {
    CountdownAlarmObservation {}
  }
}
