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
/// change, are in <doc:CountdownAlerts#Alarms-that-ring-through-Silent-mode-iOS-26>.
///
/// - Complexity: a change of one countdown costs O(1) work and at most three center calls; an
///   update of the system's alarms, O(*n*) in the alarms it holds and the countdowns followed
///   (it holds every alarm of the app).
public final class CountdownAlarms<ID: Hashable & Sendable & CustomStringConvertible>: Sendable {
  /// The part of the alarm identifiers that tells these alarms from others of the app.
  public let namespace: String

  let manager: CountdownManager
  let center: any CountdownAlarmCenter
  let isFollowed: @Sendable (ID) -> Bool
  let onFailure: (@Sendable (CountdownAlertError) -> Void)?
  let namespaceHash: UInt64
  /// The first half of every alarm identifier of this namespace, as its bytes read in memory.
  let namespacePrefix: UInt64
  let state = LockedState(AlarmsState())

  /// Starts following the countdowns of ids of type `ID` on `manager`.
  ///
  /// - Parameters:
  ///   - idType: The type of the ids whose countdowns are followed.
  ///   - manager: The manager they count on.
  ///   - center: The system's alarms, `AlarmKitCenter` in an app, a ``FakeAlarmCenter`` in tests.
  ///   - namespace: Tells these alarms from the app's others; the type's name by default. Keep it
  ///     from one version of the app to the next: the identifiers are made from it.
  ///   - clockChanges: Where the change of the device's clock is posted.
  ///   - isFollowed: Which ids have alarms; an app keeps alarms for the countdowns that must ring
  ///     through Silent mode, and local notifications (``CountdownAlerts``) for the others.
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
    self.manager = manager
    self.center = center
    self.isFollowed = isFollowed
    self.onFailure = onFailure
    namespaceHash = Self.hash(namespace)
    namespacePrefix = Self.prefix(Self.uuid(namespaceHash, 0))
    // Held weakly by the observers, so that releasing this object stops them (in its deinit).
    let observation = FollowerObservation(
      ID.self, manager: manager, clockChanges: clockChanges, isFollowed: isFollowed,
      idsChanged: { [weak self] keys in self?.enqueue(keys) },
      clockChanged: { [weak self] in self?.enqueue([], clockChanged: true) })
    let alarmObservation = center.observeAlarms { [weak self] alarms in self?.alarmsChanged(alarms) }
    state.withLock {
      $0.observation = observation
      $0.alarmObservation = alarmObservation
    }
    // The held alarms are read first, so that every call made after reads against them.
    center.alarms { [weak self] result in self?.read(result) }
    enqueue(FollowerObservation.followed(manager.idKeys(of: ID.self), of: ID.self, isFollowed: isFollowed))
  }

  deinit {
    let (observation, alarmObservation) = state.withLock { ($0.observation.take(), $0.alarmObservation.take()) }
    observation.end(on: manager)
    alarmObservation?.cancel()
  }

  /// The identifier of the alarm of `id`: the same in every process (a version 8 UUID whose
  /// first half is a hash of the namespace, its second a hash of the id's description), so the
  /// app can tell which countdown an alarm stands for.
  public func alarmID(for id: ID) -> UUID {
    Self.uuid(namespaceHash, Self.hash(id.description))
  }

  /// How many alarms this object keeps anything for (for tests: it must not grow with every
  /// countdown the process ever followed).
  package var trackedAlarmCount: Int { state.withLock { $0.trackedAlarmCount } }

  /// Whether `alarmID` is one of these alarms'.
  public func isOwnAlarm(_ alarmID: UUID) -> Bool {
    Self.prefix(alarmID) == namespacePrefix
  }

  /// The first eight bytes of `id`, as they lie in memory: compared, not read as a number (an
  /// update of the system's alarms asks this of every alarm).
  static func prefix(_ id: UUID) -> UInt64 {
    withUnsafeBytes(of: id.uuid) { $0.loadUnaligned(as: UInt64.self) }
  }

  /// Tries again the calls the center refused (after the person allowed alarms, say); the next
  /// change of any followed countdown does too.
  public func retry() {
    enqueue([])
  }

  /// FNV-1a, 64 bits, of `text`'s UTF-8: stable across processes and versions, as `Hasher` is not.
  static func hash(_ text: String) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }
    return hash
  }

  /// A version 8 UUID (RFC 9562) holding `high` and `low`, but for its version and variant bits.
  static func uuid(_ high: UInt64, _ low: UInt64) -> UUID {
    let h = withUnsafeBytes(of: high.bigEndian, Array.init)
    let l = withUnsafeBytes(of: low.bigEndian, Array.init)
    return UUID(
      uuid: (
        h[0], h[1], h[2], h[3], h[4], h[5], (h[6] & 0x0F) | 0x80, h[7],
        (l[0] & 0x3F) | 0x80, l[1], l[2], l[3], l[4], l[5], l[6], l[7]
      ))
  }
}
