import CountdownCore
public import CountdownKit
public import Foundation

/// Keeps an alarm of the system (AlarmKit, iOS 26) in step with each of a manager's id countdowns
/// that must ring through Silent mode and Focus: scheduled with the countdown, paused and resumed
/// with it, moved when time is added or taken, cancelled with it, so that the person hears the
/// end even when the app is not running.
///
/// ```swift
/// // At launch, after the restore (keep `alarms` for as long as the app runs):
/// let alarms = try CountdownAlarms(String.self, center: FakeAlarmCenter(), isFollowed: { id in id.hasPrefix("oven") })
/// try CountdownManager.shared.start(id: "oven", for: .seconds(1_200)) { _, _, _ in }
/// // An alarm counts down to the oven's end; pausing shows the time left on the Lock Screen.
/// ```
///
/// The alarm follows the countdown through every change (a pause, time added, a cancel, a change
/// of the device's clock, a relaunch), and the countdown follows what the person does to the alarm
/// from the Lock Screen (a stop made while the app was not running too, when the app's stop intent
/// records it: ``CountdownAlarmStops``); nothing is scheduled until the person allows alarms
/// (``requestAuthorization()``); failures go to `onFailure`, never to the countdowns. The rules,
/// change by change, are in the article's "Alarms that ring through Silent mode".
///
/// A countdown in phases (``CountdownKit/CountdownManager/start(id:plan:whileSuspended:delivering:_:)``)
/// has its current phase's end as an alarm, under that phase's own identifier
/// (``alarmID(for:ordinal:)``): at each phase end the app sees, the alarm that rang is left to the
/// person and the next phase's is scheduled. While the app is suspended it runs no code: only the
/// current phase's end rings, and the next phase's alarm is scheduled when the app next runs.
///
/// - Complexity: a change of one countdown costs O(1) work and at most three center calls (four
///   when a paused countdown in phases goes back to the phase whose alarm still rings); an
///   update of the system's alarms, O(*n*) in the alarms it holds and the countdowns followed
///   (it holds every alarm of the app); a change of the device's clock reads each countdown whose
///   alarm counts down, and calls the center only for one whose end moved.
public final class CountdownAlarms<ID: Hashable & Sendable & CustomStringConvertible>: Sendable {
  /// The part of the alarm identifiers that tells these alarms from others of the app.
  public let namespace: String

  let follower: CountdownFollower<AlarmsMirror<ID>>

  /// Starts following the countdowns of ids of type `ID` on `manager`.
  ///
  /// - Parameters:
  ///   - idType: The type of the ids whose countdowns are followed.
  ///   - manager: The manager they count on.
  ///   - center: The system's alarms, `AlarmKitCenter` in an app, a ``CountdownAlertsTesting/FakeAlarmCenter`` in tests.
  ///   - namespace: Tells these alarms from the app's others; the type's name by default. Keep it
  ///     from one version of the app to the next: the identifiers are made from it.
  ///   - clockChanges: Where the system posts what may have moved the device's clock: its
  ///     change, the significant time change, the app's coming back to the foreground; one that
  ///     finds the clock moved re-syncs the countdowns (the article's "The device's clock").
  ///   - isFollowed: Which ids have alarms; an app keeps alarms for the countdowns that must ring
  ///     through Silent mode, and local notifications (``CountdownNotifications``) for the others.
  ///   - stops: Where the app's stop intent records the alarms the person stopped
  ///     (``CountdownAlarmStops/record(alarmID:)``); `nil` (the default) for none. Each restored countdown whose
  ///     alarm has a stop recorded there is cancelled now, before anything is scheduled: make the
  ///     alarms after the restore.
  ///   - options: What the app adds to the alarm of a countdown's id, given with the alarm's
  ///     identifier (``alarmID(for:)``): its stop and secondary intents, sound and snooze; asked
  ///     at each schedule, with no lock held. `nil` (the default): no intents, the system's sound,
  ///     and a snooze as long as the countdown (the span of its dates, time added included), as
  ///     for options without a ``CountdownAlarmOptions/postAlert``: AlarmKit's own default would
  ///     snooze for the time left when the alarm was last scheduled.
  ///   - onFailure: Called, on any thread, when the center refuses a call.
  /// - Throws: ``CountdownAlertError/invalidNamespace`` for an empty namespace.
  public init(
    _ idType: ID.Type = ID.self,
    manager: CountdownManager = .shared,
    center: any CountdownAlarmCenter,
    namespace: String? = nil,
    clockChanges: NotificationCenter = .default,
    isFollowed: @escaping @Sendable (ID) -> Bool = { _ in true },
    stops: CountdownAlarmStops? = nil,
    options: (@Sendable (_ id: ID, _ alarmID: UUID) -> CountdownAlarmOptions)? = nil,
    onFailure: (@Sendable (CountdownAlertError) -> Void)? = nil
  ) throws(CountdownAlertError) {
    let namespace = namespace ?? String(describing: ID.self)
    guard !namespace.isEmpty else { throw .invalidNamespace }
    self.namespace = namespace
    let mirror = AlarmsMirror(center: center, namespace: namespace, options: options, stops: stops)
    if let stops {
      Self.cancelStopped(stops.take(where: mirror.isOwnAlarm), on: manager, mirror: mirror, isFollowed: isFollowed)
    }
    follower = CountdownFollower(
      ID.self, manager: manager, mirror: mirror, clockChanges: clockChanges, isFollowed: isFollowed,
      onFailure: onFailure)
  }

  /// Cancels each followed countdown on `manager` whose alarm is one of `stopped`: the person
  /// stopped it while no alarms were there to hear it.
  private static func cancelStopped(
    _ stopped: Set<UUID>, on manager: CountdownManager, mirror: AlarmsMirror<ID>, isFollowed: (ID) -> Bool
  ) {
    guard !stopped.isEmpty else { return }
    for key in manager.idKeys(of: ID.self) {
      // A countdown in phases: a stop of its current phase's alarm, which had not rung (a stop
      // of an alarm that rang at an earlier phase end stopped its ring only).
      guard let id = key.id(as: ID.self), stopped.contains(mirror.currentAlarmID(for: id, key: key, on: manager)),
        isFollowed(id)
      else { continue }
      manager.cancel(id: id)
    }
  }

  /// The identifier of the alarm of `id`: the same in every process (a version 8 UUID whose
  /// first half is a hash of the namespace, its second a hash of the id's description), so the
  /// app can tell which countdown an alarm stands for. A countdown in phases has an alarm per
  /// phase, ``alarmID(for:ordinal:)``.
  public func alarmID(for id: ID) -> UUID {
    follower.mirror.alarmID(for: id)
  }

  /// The identifier of the alarm of the phase of ordinal `ordinal` of `id`'s countdown in phases
  /// (``CountdownKit/CountdownPhasePosition/ordinal``: the phases counted from 0 across the plan
  /// and its cycles): the same in every process, as ``alarmID(for:)``, and another for each
  /// phase, so that the alarm of the phase that ended rings on while the next phase's counts down.
  ///
  /// ```swift
  /// let position = manager.phasePosition(id: "pomodoro")
  /// let counting = position.map { alarms.alarmID(for: "pomodoro", ordinal: $0.ordinal) }
  /// ```
  ///
  /// - Parameters:
  ///   - id: The countdown's id.
  ///   - ordinal: The phase's ordinal.
  /// - Returns: The alarm's identifier, of these alarms' namespace (``isOwnAlarm(_:)``).
  public func alarmID(for id: ID, ordinal: Int) -> UUID {
    follower.mirror.alarmID(for: id, ordinal: ordinal)
  }

  /// How many alarms this object keeps anything for (for tests: it must not grow with every
  /// countdown the process ever followed).
  package var trackedAlarmCount: Int { follower.read { $0.trackedAlarmCount } }

  /// Whether `alarmID` is one of these alarms'.
  public func isOwnAlarm(_ alarmID: UUID) -> Bool {
    follower.mirror.isOwnAlarm(alarmID)
  }

  /// Asks `isFollowed` and the `options` closure again for `id`: an id no longer followed has
  /// its alarm cancelled now, rather than at its countdown's next change; a followed one's alarm,
  /// counting down or paused, is cancelled and scheduled again with the options they say now (a
  /// sound or an intent changed), for the same end or with the same time left; a ringing one is
  /// left to the person.
  ///
  /// ```swift
  /// // The person turned the oven's alarm off in the app's settings, which `isFollowed` reads:
  /// settings.mute("oven")
  /// alarms.refresh("oven")  // its alarm goes now; the oven counts down on
  /// ```
  ///
  /// An id that has no alarm and is not followed, or has no countdown, costs no call.
  ///
  /// - Complexity: O(1), and at most three center calls.
  public func refresh(_ id: ID) {
    follower.refresh([IDKey(id)])
  }

  /// ``refresh(_:)`` for every countdown of an id of type `ID`: O(*n*) in their number, and a
  /// cancel and a schedule (and a pause) for each alarm counting down or paused.
  public func refreshAll() {
    follower.refresh(follower.manager.idKeys(of: ID.self))
  }

  /// Tries again the calls the center refused, and reads the app's alarms again if that failed
  /// at the start; the next change of any followed countdown does too, and so does the person's
  /// allowing alarms (AlarmKit's `authorizationUpdates`). A refused cancel of an alarm no
  /// countdown wants any more (its countdown cancelled, or in phases moved off it) is
  /// made again at each of these and at each update of the system's alarms (AlarmKit's
  /// `alarmUpdates`), until it goes through or an update shows the alarm gone; `onFailure` hears
  /// of the refusal once, not of each cancel made again.
  public func retry() {
    follower.send(.retried)
  }

  /// Whether the person allowed the app's alarms, as the center says now: while it is
  /// ``CountdownAlarmAuthorization/notDetermined`` or ``CountdownAlarmAuthorization/denied``,
  /// nothing is scheduled (each alarm is reported as ``CountdownAlertError/notAuthorized``, once
  /// while it waits).
  public var authorization: CountdownAlarmAuthorization {
    follower.mirror.center.authorization
  }

  /// Asks the person to allow the app's alarms, if they were not asked before, at the moment the
  /// app chooses (AlarmKit's `requestAuthorization()`: a prompt, with the app's
  /// `NSAlarmKitUsageDescription`). When they allow them, what was not scheduled is scheduled.
  ///
  /// - Returns: The authorization that follows.
  /// - Throws: The center's error.
  @discardableResult
  public func requestAuthorization() async throws -> CountdownAlarmAuthorization {
    let authorization = try await follower.mirror.center.requestAuthorization()
    if authorization.allowsAlarms { retry() }
    return authorization
  }
}
