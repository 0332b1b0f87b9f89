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
/// from the Lock Screen; failures go to `onFailure`, never to the countdowns. The rules, change by
/// change, are in the article's "Alarms that ring through Silent mode".
///
/// - Complexity: a change of one countdown costs O(1) work and at most three center calls; an
///   update of the system's alarms, O(*n*) in the alarms it holds and the countdowns followed
///   (it holds every alarm of the app).
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
  ///     change, the significant time change, the app's coming back to the foreground; each
  ///     re-syncs every countdown (the article's "The device's clock").
  ///   - isFollowed: Which ids have alarms; an app keeps alarms for the countdowns that must ring
  ///     through Silent mode, and local notifications (``CountdownNotifications``) for the others.
  ///   - onFailure: Called, on any thread, when the center refuses a call.
  /// - Throws: ``CountdownAlertError/invalidNamespace`` for an empty namespace.
  public init(
    _ idType: ID.Type = ID.self,
    manager: CountdownManager = .shared,
    center: any CountdownAlarmCenter,
    namespace: String? = nil,
    clockChanges: NotificationCenter = .default,
    isFollowed: @escaping @Sendable (ID) -> Bool = { _ in true },
    onFailure: (@Sendable (CountdownAlertError) -> Void)? = nil
  ) throws(CountdownAlertError) {
    let namespace = namespace ?? String(describing: ID.self)
    guard !namespace.isEmpty else { throw .invalidNamespace }
    self.namespace = namespace
    follower = CountdownFollower(
      ID.self, manager: manager, mirror: AlarmsMirror(center: center, namespace: namespace),
      clockChanges: clockChanges, isFollowed: isFollowed, onFailure: onFailure)
  }

  /// The identifier of the alarm of `id`: the same in every process (a version 8 UUID whose
  /// first half is a hash of the namespace, its second a hash of the id's description), so the
  /// app can tell which countdown an alarm stands for.
  public func alarmID(for id: ID) -> UUID {
    follower.mirror.alarmID(for: id)
  }

  /// How many alarms this object keeps anything for (for tests: it must not grow with every
  /// countdown the process ever followed).
  package var trackedAlarmCount: Int { follower.update { $0.trackedAlarmCount } }

  /// Whether `alarmID` is one of these alarms'.
  public func isOwnAlarm(_ alarmID: UUID) -> Bool {
    follower.mirror.isOwnAlarm(alarmID)
  }

  /// Tries again the calls the center refused (after the person allowed alarms, say); the next
  /// change of any followed countdown does too.
  public func retry() {
    follower.retry()
  }
}
